// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// clamp: out = self clamped to [min, max] (a missing bound does not clamp); out may be self (clamp_).
// Called by csrc/ops/native/pointwise.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void clamp(const at::Tensor& out, const at::Tensor& self, const std::optional<c10::Scalar>& min,
           const std::optional<c10::Scalar>& max) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), min, max] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    at::clamp_out(out, self, min, max);
  });
}

} // namespace torch_mydevice::kernels
