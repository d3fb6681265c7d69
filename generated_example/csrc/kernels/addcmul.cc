// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// addcmul: out = self + value * tensor1 * tensor2; out may be self (addcmul_).
// Called by csrc/ops/native/pointwise.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void addcmul(const at::Tensor& out, const at::Tensor& self, const at::Tensor& tensor1, const at::Tensor& tensor2,
             const c10::Scalar& value) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), tensor1_arg = KernelArg(tensor1),
                            tensor2_arg = KernelArg(tensor2), value] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor tensor1 = tensor1_arg.cpu();
    const at::Tensor tensor2 = tensor2_arg.cpu();
    at::addcmul_out(out, self, tensor1, tensor2, value);
  });
}

} // namespace torch_mydevice::kernels
