// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _softmax: out = softmax(self) along `dim` (float32 out for a half self when half_to_float).
// Called by csrc/ops/native/softmax.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void _softmax(const at::Tensor& out, const at::Tensor& self, int64_t dim, bool half_to_float) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), dim, half_to_float] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    at::_softmax_out(out, self, dim, half_to_float);
  });
}

} // namespace torch_mydevice::kernels
