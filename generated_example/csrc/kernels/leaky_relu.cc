// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// leaky_relu: out = self where positive, negative_slope * self elsewhere.
// Called by csrc/ops/native/activation.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void leaky_relu(const at::Tensor& out, const at::Tensor& self, const c10::Scalar& negative_slope) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), negative_slope] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    at::leaky_relu_out(out, self, negative_slope);
  });
}

} // namespace torch_mydevice::kernels
