// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// embedding: out[..., :] = weight[indices[...], :] (a row gather).
//
// The mydevice kernel of this operator. The generated operator (csrc/ops/native/embedding.cc)
// calls it once it has checked the arguments, worked out the result and allocated it; the contract is at the
// top of kernels.h. Replace the body with your device's kernel: enqueue it on the current stream and return
// without waiting for it.
//
// accelgen's default, below, computes on the device with PyTorch's own CPU kernel: inside the enqueued
// function each tensor is a CPU view of device memory, so every dtype, layout and broadcast PyTorch supports
// works. It needs the driver's host tasks (Driver::launch_host_task, Driver::host_task_access); on a device
// without them it raises a RuntimeError naming this file, until you port it or take the operator out of
// operators.native.
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
