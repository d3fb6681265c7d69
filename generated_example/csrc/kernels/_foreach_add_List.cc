// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _foreach_add.List: out[i] = self[i] + alpha * other[i] for every i, in one launch; out may be self (_foreach_add_).
// Called by csrc/ops/native/foreach.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void _foreach_add_List(at::TensorList out, at::TensorList self, at::TensorList other, const c10::Scalar& alpha) {
  run_kernel(out[0].device(), [out_args = kernel_args(out), self_args = kernel_args(self),
                               other_args = kernel_args(other), alpha] {
    const std::vector<at::Tensor> out = cpu_tensors(out_args);
    const std::vector<at::Tensor> self = cpu_tensors(self_args);
    const std::vector<at::Tensor> other = cpu_tensors(other_args);
    for (size_t i = 0; i < out.size(); ++i) {
      at::Tensor out_i = out[i];
      at::add_out(out_i, self[i], other[i], alpha);
    }
  });
}

} // namespace torch_mydevice::kernels
