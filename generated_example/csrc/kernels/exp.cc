// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// exp: out = e ** self; out may be self (the in-place exp_).
// Called by csrc/ops/native/unary.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void exp(const at::Tensor& out, const at::Tensor& self) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self)] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    at::exp_out(out, self);
  });
}

} // namespace torch_mydevice::kernels
