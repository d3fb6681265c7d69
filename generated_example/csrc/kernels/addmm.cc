// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// addmm: out = beta * self + alpha * (mat1 @ mat2); self broadcasts to out.
// Called by csrc/ops/native/matmul.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void addmm(const at::Tensor& out, const at::Tensor& self, const at::Tensor& mat1, const at::Tensor& mat2,
           const c10::Scalar& beta, const c10::Scalar& alpha) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), mat1_arg = KernelArg(mat1),
                            mat2_arg = KernelArg(mat2), beta, alpha] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor mat1 = mat1_arg.cpu();
    const at::Tensor mat2 = mat2_arg.cpu();
    at::addmm_out(out, self, mat1, mat2, beta, alpha);
  });
}

} // namespace torch_mydevice::kernels
