// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// avg_pool2d_backward: grad_input = the gradient of avg_pool2d, from grad_output.
// Called by csrc/ops/native/pooling.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void avg_pool2d_backward(const at::Tensor& grad_input, const at::Tensor& grad_output, const at::Tensor& self,
                         at::IntArrayRef kernel_size, at::IntArrayRef stride, at::IntArrayRef padding, bool ceil_mode,
                         bool count_include_pad, std::optional<int64_t> divisor_override) {
  run_kernel(grad_input.device(), [grad_input_arg = KernelArg(grad_input), grad_output_arg = KernelArg(grad_output),
                                   self_arg = KernelArg(self), kernel_size_list = kernel_size.vec(),
                                   stride_list = stride.vec(), padding_list = padding.vec(), ceil_mode,
                                   count_include_pad, divisor_override] {
    at::Tensor grad_input = grad_input_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::IntArrayRef kernel_size = kernel_size_list;
    const at::IntArrayRef stride = stride_list;
    const at::IntArrayRef padding = padding_list;
    at::avg_pool2d_backward_out(grad_input, grad_output, self, kernel_size, stride, padding, ceil_mode,
                                count_include_pad, divisor_override);
  });
}

} // namespace torch_mydevice::kernels
