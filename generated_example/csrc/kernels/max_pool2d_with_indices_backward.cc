// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// max_pool2d_with_indices_backward: grad_input = the gradient of max_pool2d_with_indices: grad_output scattered to the
// maxima's indices.
// Called by csrc/ops/native/pooling.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void max_pool2d_with_indices_backward(const at::Tensor& grad_input, const at::Tensor& grad_output,
                                      const at::Tensor& self, at::IntArrayRef kernel_size, at::IntArrayRef stride,
                                      at::IntArrayRef padding, at::IntArrayRef dilation, bool ceil_mode,
                                      const at::Tensor& indices) {
  run_kernel(grad_input.device(), [grad_input_arg = KernelArg(grad_input), grad_output_arg = KernelArg(grad_output),
                                   self_arg = KernelArg(self), kernel_size_list = kernel_size.vec(),
                                   stride_list = stride.vec(), padding_list = padding.vec(),
                                   dilation_list = dilation.vec(), ceil_mode, indices_arg = KernelArg(indices)] {
    at::Tensor grad_input = grad_input_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::IntArrayRef kernel_size = kernel_size_list;
    const at::IntArrayRef stride = stride_list;
    const at::IntArrayRef padding = padding_list;
    const at::IntArrayRef dilation = dilation_list;
    const at::Tensor indices = indices_arg.cpu();
    at::max_pool2d_with_indices_backward_out(grad_input, grad_output, self, kernel_size, stride, padding, dilation,
                                             ceil_mode, indices);
  });
}

} // namespace torch_mydevice::kernels
