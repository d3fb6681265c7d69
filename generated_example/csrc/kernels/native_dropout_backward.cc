// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// native_dropout_backward: out = grad_output * mask * scale (the gradient of native_dropout, scale being 1 / (1 - p)).
// Called by csrc/ops/native/pointwise.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void native_dropout_backward(const at::Tensor& out, const at::Tensor& grad_output, const at::Tensor& mask,
                             double scale) {
  run_kernel(out.device(), [out_arg = KernelArg(out), grad_output_arg = KernelArg(grad_output),
                            mask_arg = KernelArg(mask), scale] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor mask = mask_arg.cpu();
    at::mul_out(out, grad_output, mask);
    out.mul_(scale);
  });
}

} // namespace torch_mydevice::kernels
