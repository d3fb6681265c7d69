// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// gelu_backward: out = grad_output * GELU'(self).
// Called by csrc/ops/native/activation.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void gelu_backward(const at::Tensor& out, const at::Tensor& grad_output, const at::Tensor& self,
                   c10::string_view approximate) {
  run_kernel(out.device(), [out_arg = KernelArg(out), grad_output_arg = KernelArg(grad_output),
                            self_arg = KernelArg(self), approximate_text = std::string(approximate)] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const c10::string_view approximate = approximate_text;
    at::gelu_backward_out(out, grad_output, self, approximate);
  });
}

} // namespace torch_mydevice::kernels
