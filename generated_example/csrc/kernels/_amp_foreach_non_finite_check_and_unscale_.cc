// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _amp_foreach_non_finite_check_and_unscale_: each of grads *= inv_scale; found_inf = 1 if any holds inf or NaN.
//
// The mydevice kernel of this operator. The generated operator (csrc/ops/native/amp.cc)
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

void _amp_foreach_non_finite_check_and_unscale_(at::TensorList grads, const at::Tensor& found_inf,
                                                const at::Tensor& inv_scale) {
  run_kernel(found_inf.device(), [grads_args = kernel_args(grads), found_inf_arg = KernelArg(found_inf),
                                  inv_scale_arg = KernelArg(inv_scale)] {
    const std::vector<at::Tensor> grads = cpu_tensors(grads_args);
    at::Tensor found_inf = found_inf_arg.cpu();
    const at::Tensor inv_scale = inv_scale_arg.cpu();
    at::_amp_foreach_non_finite_check_and_unscale_(grads, found_inf, inv_scale);
  });
}

} // namespace torch_mydevice::kernels
