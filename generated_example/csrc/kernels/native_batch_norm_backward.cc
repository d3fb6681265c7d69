// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// native_batch_norm_backward: the gradients of native_batch_norm with respect to input, weight and bias; an undefined
// output is not wanted.
// Called by csrc/ops/native/normalization.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void native_batch_norm_backward(const at::Tensor& grad_input, const at::Tensor& grad_weight,
                                const at::Tensor& grad_bias, const at::Tensor& grad_out, const at::Tensor& input,
                                const at::Tensor& weight, const at::Tensor& running_mean, const at::Tensor& running_var,
                                const at::Tensor& save_mean, const at::Tensor& save_invstd, bool train, double eps) {
  run_kernel(grad_out.device(), [grad_input_arg = KernelArg(grad_input), grad_weight_arg = KernelArg(grad_weight),
                                 grad_bias_arg = KernelArg(grad_bias), grad_out_arg = KernelArg(grad_out),
                                 input_arg = KernelArg(input), weight_arg = KernelArg(weight),
                                 running_mean_arg = KernelArg(running_mean), running_var_arg = KernelArg(running_var),
                                 save_mean_arg = KernelArg(save_mean), save_invstd_arg = KernelArg(save_invstd), train,
                                 eps] {
    at::Tensor grad_input = grad_input_arg.cpu();
    at::Tensor grad_weight = grad_weight_arg.cpu();
    at::Tensor grad_bias = grad_bias_arg.cpu();
    const at::Tensor grad_out = grad_out_arg.cpu();
    const at::Tensor input = input_arg.cpu();
    const std::optional<at::Tensor> weight = weight_arg.optional_cpu();
    const std::optional<at::Tensor> running_mean = running_mean_arg.optional_cpu();
    const std::optional<at::Tensor> running_var = running_var_arg.optional_cpu();
    const std::optional<at::Tensor> save_mean = save_mean_arg.optional_cpu();
    const std::optional<at::Tensor> save_invstd = save_invstd_arg.optional_cpu();
    const auto [input_grad, weight_grad, bias_grad] = at::native_batch_norm_backward(
        grad_out, input, weight, running_mean, running_var, save_mean, save_invstd, train, eps,
        {grad_input.defined(), grad_weight.defined(), grad_bias.defined()});
    copy_wanted(grad_input, input_grad);
    copy_wanted(grad_weight, weight_grad);
    copy_wanted(grad_bias, bias_grad);
  });
}

} // namespace torch_mydevice::kernels
