// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// avg_pool2d: out = the average of self over kernel_size windows of its last two dimensions (nn.AvgPool2d).
// Called by csrc/ops/native/pooling.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void avg_pool2d(const at::Tensor& out, const at::Tensor& self, at::IntArrayRef kernel_size, at::IntArrayRef stride,
                at::IntArrayRef padding, bool ceil_mode, bool count_include_pad,
                std::optional<int64_t> divisor_override) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), kernel_size_list = kernel_size.vec(),
                            stride_list = stride.vec(), padding_list = padding.vec(), ceil_mode, count_include_pad,
                            divisor_override] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::IntArrayRef kernel_size = kernel_size_list;
    const at::IntArrayRef stride = stride_list;
    const at::IntArrayRef padding = padding_list;
    at::avg_pool2d_out(out, self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override);
  });
}

} // namespace torch_mydevice::kernels
