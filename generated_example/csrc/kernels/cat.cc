// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// cat: out = tensors joined along `dim` (in out's dtype; empty 1-D tensors are skipped, as PyTorch does).
// Called by csrc/ops/native/concatenation.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void cat(const at::Tensor& out, at::TensorList tensors, int64_t dim) {
  run_kernel(out.device(), [out_arg = KernelArg(out), tensors_args = kernel_args(tensors), dim] {
    at::Tensor out = out_arg.cpu();
    const std::vector<at::Tensor> tensors = cpu_tensors(tensors_args);
    at::cat_out(out, tensors, dim);
  });
}

} // namespace torch_mydevice::kernels
