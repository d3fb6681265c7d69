// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// clamp: out = self clamped to [min, max] (a missing bound does not clamp); out may be self (clamp_).
//
// The mydevice kernel of this operator. The generated operator (csrc/ops/native/pointwise.cc)
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

void clamp(const at::Tensor& out, const at::Tensor& self, const std::optional<c10::Scalar>& min,
           const std::optional<c10::Scalar>& max) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), min, max] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    at::clamp_out(out, self, min, max);
  });
}

} // namespace torch_mydevice::kernels
