// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// mse_loss_backward: grad_input = the gradient of mse_loss.
//
// The mydevice kernel of this operator. The generated operator (csrc/ops/native/loss.cc)
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

void mse_loss_backward(const at::Tensor& grad_input, const at::Tensor& grad_output, const at::Tensor& self,
                       const at::Tensor& target, int64_t reduction) {
  run_kernel(grad_input.device(), [grad_input_arg = KernelArg(grad_input), grad_output_arg = KernelArg(grad_output),
                                   self_arg = KernelArg(self), target_arg = KernelArg(target), reduction] {
    at::Tensor grad_input = grad_input_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor target = target_arg.cpu();
    at::mse_loss_backward_out(grad_input, grad_output, self, target, reduction);
  });
}

} // namespace torch_mydevice::kernels
