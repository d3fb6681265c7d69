// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// amin: out = the minimum of self over `dim` (every dimension when empty).
// Called by csrc/ops/native/reduction.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void amin(const at::Tensor& out, const at::Tensor& self, at::IntArrayRef dim, bool keepdim) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), dim_list = dim.vec(), keepdim] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::IntArrayRef dim = dim_list;
    at::amin_out(out, self, dim, keepdim);
  });
}

} // namespace torch_mydevice::kernels
