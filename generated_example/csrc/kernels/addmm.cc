// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// addmm: out = beta * self + alpha * (mat1 @ mat2); self broadcasts to out.
//
// The mydevice kernel of this operator. The generated operator (csrc/ops/native/matmul.cc)
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
