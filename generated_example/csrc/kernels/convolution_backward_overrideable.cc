// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// convolution_backward_overrideable: the gradients of convolution_overrideable with respect to input, weight and bias;
// an undefined output is not wanted.
// Called by csrc/ops/native/convolution.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void convolution_backward_overrideable(const at::Tensor& grad_input, const at::Tensor& grad_weight,
                                       const at::Tensor& grad_bias, const at::Tensor& grad_output,
                                       const at::Tensor& input, const at::Tensor& weight, at::IntArrayRef stride,
                                       at::IntArrayRef padding, at::IntArrayRef dilation, bool transposed,
                                       at::IntArrayRef output_padding, int64_t groups) {
  run_kernel(grad_output.device(), [grad_input_arg = KernelArg(grad_input), grad_weight_arg = KernelArg(grad_weight),
                                    grad_bias_arg = KernelArg(grad_bias), grad_output_arg = KernelArg(grad_output),
                                    input_arg = KernelArg(input), weight_arg = KernelArg(weight),
                                    stride_list = stride.vec(), padding_list = padding.vec(),
                                    dilation_list = dilation.vec(), transposed,
                                    output_padding_list = output_padding.vec(), groups] {
    at::Tensor grad_input = grad_input_arg.cpu();
    at::Tensor grad_weight = grad_weight_arg.cpu();
    at::Tensor grad_bias = grad_bias_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor input = input_arg.cpu();
    const at::Tensor weight = weight_arg.cpu();
    const at::IntArrayRef stride = stride_list;
    const at::IntArrayRef padding = padding_list;
    const at::IntArrayRef dilation = dilation_list;
    const at::IntArrayRef output_padding = output_padding_list;
    const std::vector<int64_t> bias_size{grad_output.size(1)};
    const auto [input_grad, weight_grad, bias_grad] = ops::cpu_convolution_backward(
        grad_output, input, weight, grad_bias.defined() ? at::OptionalIntArrayRef(bias_size) : std::nullopt,
        stride, padding, dilation, transposed, output_padding, groups,
        {grad_input.defined(), grad_weight.defined(), grad_bias.defined()});
    copy_wanted(grad_input, input_grad);
    copy_wanted(grad_weight, weight_grad);
    copy_wanted(grad_bias, bias_grad);
  });
}

} // namespace torch_mydevice::kernels
