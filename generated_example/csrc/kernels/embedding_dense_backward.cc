// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// embedding_dense_backward: out = zeros(num_weights, dim) with each grad_output row added to its index's row.
// Called by csrc/ops/native/embedding.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void embedding_dense_backward(const at::Tensor& out, const at::Tensor& grad_output, const at::Tensor& indices,
                              int64_t num_weights, int64_t padding_idx, bool scale_grad_by_freq) {
  run_kernel(out.device(), [out_arg = KernelArg(out), grad_output_arg = KernelArg(grad_output),
                            indices_arg = KernelArg(indices), num_weights, padding_idx, scale_grad_by_freq] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor indices = indices_arg.cpu();
    out.copy_(at::embedding_dense_backward(grad_output, indices, num_weights, padding_idx, scale_grad_by_freq));
  });
}

} // namespace torch_mydevice::kernels
