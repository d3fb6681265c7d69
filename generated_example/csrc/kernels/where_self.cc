// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// where.self: out = condition ? self : other, broadcast over all three.
// Called by csrc/ops/native/pointwise.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void where_self(const at::Tensor& out, const at::Tensor& condition, const at::Tensor& self, const at::Tensor& other) {
  run_kernel(out.device(), [out_arg = KernelArg(out), condition_arg = KernelArg(condition), self_arg = KernelArg(self),
                            other_arg = KernelArg(other)] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor condition = condition_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor other = other_arg.cpu();
    at::where_out(out, condition, self, other);
  });
}

} // namespace torch_mydevice::kernels
