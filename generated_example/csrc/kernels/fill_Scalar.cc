// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// fill_.Scalar: self = value, converted to self's dtype.
// Called by csrc/ops/native/pointwise.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void fill_Scalar(const at::Tensor& self, const c10::Scalar& value) {
  run_kernel(self.device(), [self_arg = KernelArg(self), value] {
    at::Tensor self = self_arg.cpu();
    self.fill_(value);
  });
}

} // namespace torch_mydevice::kernels
