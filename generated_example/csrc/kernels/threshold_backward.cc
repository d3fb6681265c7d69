// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// threshold_backward: out = grad_output where self > threshold, 0 elsewhere (relu's gradient).
// Called by csrc/ops/native/activation.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void threshold_backward(const at::Tensor& out, const at::Tensor& grad_output, const at::Tensor& self,
                        const c10::Scalar& threshold) {
  run_kernel(out.device(), [out_arg = KernelArg(out), grad_output_arg = KernelArg(grad_output),
                            self_arg = KernelArg(self), threshold] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    at::threshold_backward_out(out, grad_output, self, threshold);
  });
}

} // namespace torch_mydevice::kernels
