// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// linalg_vector_norm: out = the `ord`-norm of self over `dim` (every dimension when absent), computed in `dtype` when
// given.
// Called by csrc/ops/native/reduction.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void linalg_vector_norm(const at::Tensor& out, const at::Tensor& self, const c10::Scalar& ord,
                        at::OptionalIntArrayRef dim, bool keepdim, std::optional<c10::ScalarType> dtype) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), ord, dim_list = own_dims(dim),
                            keepdim, dtype] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::OptionalIntArrayRef dim = view_dims(dim_list);
    at::linalg_vector_norm_out(out, self, ord, dim, keepdim, dtype);
  });
}

} // namespace torch_mydevice::kernels
