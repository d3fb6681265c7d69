// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _adaptive_avg_pool2d: out = the average of self over output_size adaptive windows of its last two dimensions
// (nn.AdaptiveAvgPool2d).
// Called by csrc/ops/native/pooling.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void _adaptive_avg_pool2d(const at::Tensor& out, const at::Tensor& self, at::IntArrayRef output_size) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self),
                            output_size_list = output_size.vec()] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::IntArrayRef output_size = output_size_list;
    out.copy_(at::_adaptive_avg_pool2d(self, output_size));
  });
}

} // namespace torch_mydevice::kernels
