// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// linalg_vector_norm: out = the `ord`-norm of self over `dim` (every dimension when absent), computed in `dtype` when
// given.
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

void linalg_vector_norm(const at::Tensor& out, const at::Tensor& self, const c10::Scalar& ord,
                        at::OptionalIntArrayRef dim, bool keepdim, std::optional<c10::ScalarType> dtype) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), ord, dim_list = own_dims(dim),
                            keepdim, dtype] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::OptionalIntArrayRef dim = view_dims(dim_list);
    at::linalg_vector_norm_out(out, self, ord, dim, keepdim, dtype);
  });
}

} // namespace torch_mydevice::kernels
