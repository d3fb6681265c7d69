// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// native_layer_norm_backward: the gradients of layer norm (nn.LayerNorm) with respect to input, weight and bias, from
// the forward's mean and rstd; an undefined output is not wanted.
// Called by csrc/ops/native/normalization.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void native_layer_norm_backward(const at::Tensor& grad_input, const at::Tensor& grad_weight,
                                const at::Tensor& grad_bias, const at::Tensor& grad_out, const at::Tensor& input,
                                at::IntArrayRef normalized_shape, const at::Tensor& mean, const at::Tensor& rstd,
                                const at::Tensor& weight, const at::Tensor& bias) {
  run_kernel(grad_out.device(), [grad_input_arg = KernelArg(grad_input), grad_weight_arg = KernelArg(grad_weight),
                                 grad_bias_arg = KernelArg(grad_bias), grad_out_arg = KernelArg(grad_out),
                                 input_arg = KernelArg(input), normalized_shape_list = normalized_shape.vec(),
                                 mean_arg = KernelArg(mean), rstd_arg = KernelArg(rstd), weight_arg = KernelArg(weight),
                                 bias_arg = KernelArg(bias)] {
    at::Tensor grad_input = grad_input_arg.cpu();
    at::Tensor grad_weight = grad_weight_arg.cpu();
    at::Tensor grad_bias = grad_bias_arg.cpu();
    const at::Tensor grad_out = grad_out_arg.cpu();
    const at::Tensor input = input_arg.cpu();
    const at::IntArrayRef normalized_shape = normalized_shape_list;
    const at::Tensor mean = mean_arg.cpu();
    const at::Tensor rstd = rstd_arg.cpu();
    const std::optional<at::Tensor> weight = weight_arg.optional_cpu();
    const std::optional<at::Tensor> bias = bias_arg.optional_cpu();
    const auto [input_grad, weight_grad, bias_grad] = at::native_layer_norm_backward(
        grad_out, input, normalized_shape, mean, rstd, weight, bias,
        {grad_input.defined(), grad_weight.defined(), grad_bias.defined()});
    copy_wanted(grad_input, input_grad);
    copy_wanted(grad_weight, weight_grad);
    copy_wanted(grad_bias, bias_grad);
  });
}

} // namespace torch_mydevice::kernels
