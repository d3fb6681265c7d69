// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// baddbmm: out[b] = beta * self[b] + alpha * (batch1[b] @ batch2[b]).
// Called by csrc/ops/native/matmul.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void baddbmm(const at::Tensor& out, const at::Tensor& self, const at::Tensor& batch1, const at::Tensor& batch2,
             const c10::Scalar& beta, const c10::Scalar& alpha) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), batch1_arg = KernelArg(batch1),
                            batch2_arg = KernelArg(batch2), beta, alpha] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor batch1 = batch1_arg.cpu();
    const at::Tensor batch2 = batch2_arg.cpu();
    at::baddbmm_out(out, self, batch1, batch2, beta, alpha);
  });
}

} // namespace torch_mydevice::kernels
