// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// lerp.Scalar: out = self + weight * (end - self); out may be self (lerp_).
// Called by csrc/ops/native/pointwise.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void lerp_Scalar(const at::Tensor& out, const at::Tensor& self, const at::Tensor& end, const c10::Scalar& weight) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), end_arg = KernelArg(end), weight] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor end = end_arg.cpu();
    at::lerp_out(out, self, end, weight);
  });
}

} // namespace torch_mydevice::kernels
