// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// quantize_per_tensor: out = the integer representation of self quantized per tensor: round(self / scale) + zero_point,
// clamped to the range of the quantized dtype (out is uint8 for quint8, int8 for qint8, int32 for qint32).
// Called by csrc/ops/native/quantization.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void quantize_per_tensor(const at::Tensor& out, const at::Tensor& self, double scale, int64_t zero_point,
                         c10::ScalarType dtype) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), scale, zero_point, dtype] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    out.copy_(at::quantize_per_tensor(self, scale, zero_point, dtype).int_repr());
  });
}

} // namespace torch_mydevice::kernels
