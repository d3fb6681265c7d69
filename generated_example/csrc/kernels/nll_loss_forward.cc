// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// nll_loss_forward: output = the negative log likelihood loss of self (log-probabilities) for target; total_weight =
// the sum of the weights used.
// Called by csrc/ops/native/loss.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void nll_loss_forward(const at::Tensor& output, const at::Tensor& total_weight, const at::Tensor& self,
                      const at::Tensor& target, const at::Tensor& weight, int64_t reduction, int64_t ignore_index) {
  run_kernel(output.device(), [output_arg = KernelArg(output), total_weight_arg = KernelArg(total_weight),
                               self_arg = KernelArg(self), target_arg = KernelArg(target),
                               weight_arg = KernelArg(weight), reduction, ignore_index] {
    at::Tensor output = output_arg.cpu();
    at::Tensor total_weight = total_weight_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor target = target_arg.cpu();
    const std::optional<at::Tensor> weight = weight_arg.optional_cpu();
    at::nll_loss_forward_out(output, total_weight, self, target, weight, reduction, ignore_index);
  });
}

} // namespace torch_mydevice::kernels
