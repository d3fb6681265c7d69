// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// nll_loss_backward: grad_input = the gradient of nll_loss_forward.
// Called by csrc/ops/native/loss.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void nll_loss_backward(const at::Tensor& grad_input, const at::Tensor& grad_output, const at::Tensor& self,
                       const at::Tensor& target, const at::Tensor& weight, int64_t reduction, int64_t ignore_index,
                       const at::Tensor& total_weight) {
  run_kernel(grad_input.device(), [grad_input_arg = KernelArg(grad_input), grad_output_arg = KernelArg(grad_output),
                                   self_arg = KernelArg(self), target_arg = KernelArg(target),
                                   weight_arg = KernelArg(weight), reduction, ignore_index,
                                   total_weight_arg = KernelArg(total_weight)] {
    at::Tensor grad_input = grad_input_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor target = target_arg.cpu();
    const std::optional<at::Tensor> weight = weight_arg.optional_cpu();
    const at::Tensor total_weight = total_weight_arg.cpu();
    at::nll_loss_backward_out(grad_input, grad_output, self, target, weight, reduction, ignore_index, total_weight);
  });
}

} // namespace torch_mydevice::kernels
