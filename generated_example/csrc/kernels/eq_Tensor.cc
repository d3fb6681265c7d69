// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// eq.Tensor: out (bool) = self == other.
// Called by csrc/ops/native/binary.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void eq_Tensor(const at::Tensor& out, const at::Tensor& self, const at::Tensor& other) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), other_arg = KernelArg(other)] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor other = other_arg.cpu();
    at::eq_out(out, self, other);
  });
}

} // namespace torch_mydevice::kernels
