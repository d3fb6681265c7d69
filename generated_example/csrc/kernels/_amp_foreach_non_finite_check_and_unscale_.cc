// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _amp_foreach_non_finite_check_and_unscale_: each of grads *= inv_scale; found_inf = 1 if any holds inf or NaN.
// Called by csrc/ops/native/amp.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
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
