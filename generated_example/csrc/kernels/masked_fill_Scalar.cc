// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// masked_fill_.Scalar: self = value where mask (bool, broadcast to self) is true.
// Called by csrc/ops/native/pointwise.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void masked_fill_Scalar(const at::Tensor& self, const at::Tensor& mask, const c10::Scalar& value) {
  run_kernel(self.device(), [self_arg = KernelArg(self), mask_arg = KernelArg(mask), value] {
    at::Tensor self = self_arg.cpu();
    const at::Tensor mask = mask_arg.cpu();
    self.masked_fill_(mask, value);
  });
}

} // namespace torch_mydevice::kernels
