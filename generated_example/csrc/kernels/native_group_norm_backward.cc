// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// native_group_norm_backward: the gradients of group norm (nn.GroupNorm) with respect to input, weight and bias, from
// the forward's per-group mean and rstd; an undefined output is not wanted.
// Called by csrc/ops/native/normalization.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void native_group_norm_backward(const at::Tensor& grad_input, const at::Tensor& grad_weight,
                                const at::Tensor& grad_bias, const at::Tensor& grad_out, const at::Tensor& input,
                                const at::Tensor& mean, const at::Tensor& rstd, const at::Tensor& weight, int64_t N,
                                int64_t C, int64_t HxW, int64_t group) {
  run_kernel(grad_out.device(), [grad_input_arg = KernelArg(grad_input), grad_weight_arg = KernelArg(grad_weight),
                                 grad_bias_arg = KernelArg(grad_bias), grad_out_arg = KernelArg(grad_out),
                                 input_arg = KernelArg(input), mean_arg = KernelArg(mean), rstd_arg = KernelArg(rstd),
                                 weight_arg = KernelArg(weight), N, C, HxW, group] {
    at::Tensor grad_input = grad_input_arg.cpu();
    at::Tensor grad_weight = grad_weight_arg.cpu();
    at::Tensor grad_bias = grad_bias_arg.cpu();
    const at::Tensor grad_out = grad_out_arg.cpu();
    const at::Tensor input = input_arg.cpu();
    const at::Tensor mean = mean_arg.cpu();
    const at::Tensor rstd = rstd_arg.cpu();
    const std::optional<at::Tensor> weight = weight_arg.optional_cpu();
    const auto [input_grad, weight_grad, bias_grad] = at::native_group_norm_backward(
        grad_out, input, mean, rstd, weight, N, C, HxW, group,
        {grad_input.defined(), grad_weight.defined(), grad_bias.defined()});
    copy_wanted(grad_input, input_grad);
    copy_wanted(grad_weight, weight_grad);
    copy_wanted(grad_bias, bias_grad);
  });
}

} // namespace torch_mydevice::kernels
