// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// max_pool2d_with_indices: out = the maximum of self over kernel_size windows of its last two dimensions
// (nn.MaxPool2d); indices = where each maximum was.
// Called by csrc/ops/native/pooling.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
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
