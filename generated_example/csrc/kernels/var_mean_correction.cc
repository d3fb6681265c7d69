// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// var_mean.correction: var = the variance of self over `dim` (every dimension when absent) with `correction` (1 when
// absent), mean = its mean.
//
// The mydevice kernel of this operator. The generated operator (csrc/ops/native/reduction.cc)
// calls it once it has checked the arguments, worked out the result and allocated it; the contract is at the
// top of kernels.h. Replace the body with your device's kernel: enqueue it on the current stream and return
// without waiting for it.
//
// accelgen's default, below, computes on the device with PyTorch's own CPU kernel: inside the enqueued
// function each tensor is a CPU view of device memory, so every dtype, layout and broadcast PyTorch supports
// works. It needs the driver's host tasks (Driver::launch_host_task, Driver::host_task_access); on a device
// without them it raises a RuntimeError naming this file, until you port it or take the operator out of
// operators.native.
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
