// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _amp_update_scale_: GradScaler's dynamic scale update: back off after an overflow, grow after growth_interval clean
// steps.
// Called by csrc/ops/native/amp.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
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
