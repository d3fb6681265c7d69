// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _adaptive_avg_pool2d: out = the average of self over output_size adaptive windows of its last two dimensions
// (nn.AdaptiveAvgPool2d).
//
// The mydevice kernel of this operator. The generated operator (csrc/ops/native/pooling.cc)
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

void _adaptive_avg_pool2d(const at::Tensor& out, const at::Tensor& self, at::IntArrayRef output_size) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self),
                            output_size_list = output_size.vec()] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::IntArrayRef output_size = output_size_list;
    out.copy_(at::_adaptive_avg_pool2d(self, output_size));
  });
}

} // namespace torch_mydevice::kernels
