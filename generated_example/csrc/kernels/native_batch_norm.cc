// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// native_batch_norm: output = batch norm of input (nn.BatchNorm*d); in training save_mean and save_invstd are the batch
// statistics and running_mean and running_var are updated in place.
// Called by csrc/ops/native/normalization.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void native_batch_norm(const at::Tensor& output, const at::Tensor& save_mean, const at::Tensor& save_invstd,
                       const at::Tensor& input, const at::Tensor& weight, const at::Tensor& bias,
                       const at::Tensor& running_mean, const at::Tensor& running_var, bool training, double momentum,
                       double eps) {
  run_kernel(output.device(), [output_arg = KernelArg(output), save_mean_arg = KernelArg(save_mean),
                               save_invstd_arg = KernelArg(save_invstd), input_arg = KernelArg(input),
                               weight_arg = KernelArg(weight), bias_arg = KernelArg(bias),
                               running_mean_arg = KernelArg(running_mean), running_var_arg = KernelArg(running_var),
                               training, momentum, eps] {
    at::Tensor output = output_arg.cpu();
    at::Tensor save_mean = save_mean_arg.cpu();
    at::Tensor save_invstd = save_invstd_arg.cpu();
    const at::Tensor input = input_arg.cpu();
    const std::optional<at::Tensor> weight = weight_arg.optional_cpu();
    const std::optional<at::Tensor> bias = bias_arg.optional_cpu();
    const std::optional<at::Tensor> running_mean = running_mean_arg.optional_cpu();
    const std::optional<at::Tensor> running_var = running_var_arg.optional_cpu();
    const auto [normalized, mean, invstd] =
        at::native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps);
    output.copy_(normalized);
    save_mean.copy_(mean);
    save_invstd.copy_(invstd);
  });
}

} // namespace torch_mydevice::kernels
