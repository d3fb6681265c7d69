// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _amp_update_scale_: GradScaler's dynamic scale update: back off after an overflow, grow after growth_interval clean
// steps.
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

void _amp_update_scale_(const at::Tensor& self, const at::Tensor& growth_tracker, const at::Tensor& found_inf,
                        double growth_factor, double backoff_factor, int64_t growth_interval) {
  run_kernel(self.device(), [self_arg = KernelArg(self), growth_tracker_arg = KernelArg(growth_tracker),
                             found_inf_arg = KernelArg(found_inf), growth_factor, backoff_factor, growth_interval] {
    at::Tensor self = self_arg.cpu();
    at::Tensor growth_tracker = growth_tracker_arg.cpu();
    const at::Tensor found_inf = found_inf_arg.cpu();
    at::_amp_update_scale_(self, growth_tracker, found_inf, growth_factor, backoff_factor, growth_interval);
  });
}

} // namespace torch_mydevice::kernels
