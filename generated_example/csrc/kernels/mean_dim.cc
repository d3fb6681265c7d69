// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// mean.dim: out = the mean of self over `dim` (every dimension when absent or empty).
// Called by csrc/ops/native/reduction.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void mean_dim(const at::Tensor& out, const at::Tensor& self, at::OptionalIntArrayRef dim, bool keepdim,
              std::optional<c10::ScalarType> dtype) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), dim_list = own_dims(dim), keepdim,
                            dtype] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::OptionalIntArrayRef dim = view_dims(dim_list);
    at::mean_out(out, self, dim, keepdim, dtype);
  });
}

} // namespace torch_mydevice::kernels
