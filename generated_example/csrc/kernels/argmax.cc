// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// argmax: out (int64) = the index of the maximum of self along `dim` (of the flattened tensor when absent).
// Called by csrc/ops/native/reduction.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void argmax(const at::Tensor& out, const at::Tensor& self, std::optional<int64_t> dim, bool keepdim) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), dim, keepdim] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    at::argmax_out(out, self, dim, keepdim);
  });
}

} // namespace torch_mydevice::kernels
