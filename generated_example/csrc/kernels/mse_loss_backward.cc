// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// mse_loss_backward: grad_input = the gradient of mse_loss.
// Called by csrc/ops/native/loss.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void mse_loss_backward(const at::Tensor& grad_input, const at::Tensor& grad_output, const at::Tensor& self,
                       const at::Tensor& target, int64_t reduction) {
  run_kernel(grad_input.device(), [grad_input_arg = KernelArg(grad_input), grad_output_arg = KernelArg(grad_output),
                                   self_arg = KernelArg(self), target_arg = KernelArg(target), reduction] {
    at::Tensor grad_input = grad_input_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor target = target_arg.cpu();
    at::mse_loss_backward_out(grad_input, grad_output, self, target, reduction);
  });
}

} // namespace torch_mydevice::kernels
