// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// sigmoid_backward: out = grad_output * output * (1 - output).
// Called by csrc/ops/native/activation.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void sigmoid_backward(const at::Tensor& out, const at::Tensor& grad_output, const at::Tensor& output) {
  run_kernel(out.device(), [out_arg = KernelArg(out), grad_output_arg = KernelArg(grad_output),
                            output_arg = KernelArg(output)] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor output = output_arg.cpu();
    at::sigmoid_backward_out(out, grad_output, output);
  });
}

} // namespace torch_mydevice::kernels
