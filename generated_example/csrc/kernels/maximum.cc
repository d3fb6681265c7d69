// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// maximum: out = the elementwise maximum of self and other (NaN propagates).
// Called by csrc/ops/native/binary.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void maximum(const at::Tensor& out, const at::Tensor& self, const at::Tensor& other) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), other_arg = KernelArg(other)] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor other = other_arg.cpu();
    at::maximum_out(out, self, other);
  });
}

} // namespace torch_mydevice::kernels
