// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// mm: out = self @ mat2 (2-D).
// Called by csrc/ops/native/matmul.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void mm(const at::Tensor& out, const at::Tensor& self, const at::Tensor& mat2) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), mat2_arg = KernelArg(mat2)] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor mat2 = mat2_arg.cpu();
    at::mm_out(out, self, mat2);
  });
}

} // namespace torch_mydevice::kernels
