// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// embedding: out[..., :] = weight[indices[...], :] (a row gather).
// Called by csrc/ops/native/embedding.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void embedding(const at::Tensor& out, const at::Tensor& weight, const at::Tensor& indices) {
  run_kernel(out.device(), [out_arg = KernelArg(out), weight_arg = KernelArg(weight),
                            indices_arg = KernelArg(indices)] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor weight = weight_arg.cpu();
    const at::Tensor indices = indices_arg.cpu();
    at::Tensor rows = out.view({-1, out.size(-1)});
    at::index_select_out(rows, weight, 0, indices.reshape(-1));
  });
}

} // namespace torch_mydevice::kernels
