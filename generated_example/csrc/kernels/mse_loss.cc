// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// mse_loss: out = the mean squared error of self against target, reduced as `reduction` says.
// Called by csrc/ops/native/loss.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void mse_loss(const at::Tensor& out, const at::Tensor& self, const at::Tensor& target, int64_t reduction) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), target_arg = KernelArg(target),
                            reduction] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor target = target_arg.cpu();
    // Not mse_loss_out: with a reduction, its CPU out= kernel first resizes out to the unreduced shape, which a
    // tensor over device memory cannot do.
    out.copy_(at::mse_loss(self, target, reduction));
  });
}

} // namespace torch_mydevice::kernels
