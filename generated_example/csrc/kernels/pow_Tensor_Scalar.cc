// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// pow.Tensor_Scalar: out = self ** exponent.
// Called by csrc/ops/native/binary.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void pow_Tensor_Scalar(const at::Tensor& out, const at::Tensor& self, const c10::Scalar& exponent) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), exponent] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    at::pow_out(out, self, exponent);
  });
}

} // namespace torch_mydevice::kernels
