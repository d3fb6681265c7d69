// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _adaptive_avg_pool2d_backward: grad_input = the gradient of _adaptive_avg_pool2d, from grad_output.
// Called by csrc/ops/native/pooling.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void _adaptive_avg_pool2d_backward(const at::Tensor& grad_input, const at::Tensor& grad_output,
                                   const at::Tensor& self) {
  run_kernel(grad_input.device(), [grad_input_arg = KernelArg(grad_input), grad_output_arg = KernelArg(grad_output),
                                   self_arg = KernelArg(self)] {
    at::Tensor grad_input = grad_input_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    grad_input.copy_(at::_adaptive_avg_pool2d_backward(grad_output, self));
  });
}

} // namespace torch_mydevice::kernels
