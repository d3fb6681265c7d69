// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// max_pool2d_with_indices: out = the maximum of self over kernel_size windows of its last two dimensions
// (nn.MaxPool2d); indices = where each maximum was.
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

void max_pool2d_with_indices(const at::Tensor& out, const at::Tensor& indices, const at::Tensor& self,
                             at::IntArrayRef kernel_size, at::IntArrayRef stride, at::IntArrayRef padding,
                             at::IntArrayRef dilation, bool ceil_mode) {
  run_kernel(out.device(), [out_arg = KernelArg(out), indices_arg = KernelArg(indices), self_arg = KernelArg(self),
                            kernel_size_list = kernel_size.vec(), stride_list = stride.vec(),
                            padding_list = padding.vec(), dilation_list = dilation.vec(), ceil_mode] {
    at::Tensor out = out_arg.cpu();
    at::Tensor indices = indices_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::IntArrayRef kernel_size = kernel_size_list;
    const at::IntArrayRef stride = stride_list;
    const at::IntArrayRef padding = padding_list;
    const at::IntArrayRef dilation = dilation_list;
    at::max_pool2d_with_indices_out(out, indices, self, kernel_size, stride, padding, dilation, ceil_mode);
  });
}

} // namespace torch_mydevice::kernels
