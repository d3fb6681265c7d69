// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// var_mean.correction: var = the variance of self over `dim` (every dimension when absent) with `correction` (1 when
// absent), mean = its mean.
// Called by csrc/ops/native/reduction.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void var_mean_correction(const at::Tensor& var, const at::Tensor& mean, const at::Tensor& self,
                         at::OptionalIntArrayRef dim, const std::optional<c10::Scalar>& correction, bool keepdim) {
  run_kernel(var.device(), [var_arg = KernelArg(var), mean_arg = KernelArg(mean), self_arg = KernelArg(self),
                            dim_list = own_dims(dim), correction, keepdim] {
    at::Tensor var = var_arg.cpu();
    at::Tensor mean = mean_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::OptionalIntArrayRef dim = view_dims(dim_list);
    const auto [v, m] = at::var_mean(self, dim, correction, keepdim);
    var.copy_(v);
    mean.copy_(m);
  });
}

} // namespace torch_mydevice::kernels
