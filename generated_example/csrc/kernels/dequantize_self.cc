// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// dequantize.self: out = (self - zero_point) * scale in float32, self being the integer representation of a per-tensor
// quantized tensor (uint8 for quint8, int8 for qint8, int32 for qint32).
// Called by csrc/ops/native/quantization.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void dequantize_self(const at::Tensor& out, const at::Tensor& self, double scale, int64_t zero_point) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), scale, zero_point] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    out.copy_(at::_make_per_tensor_quantized_tensor(self, scale, zero_point).dequantize());
  });
}

} // namespace torch_mydevice::kernels
