// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _scaled_mm: out = (self * scale_a) @ (mat2 * scale_b) + bias, from float8 matrices with per-tensor or row-wise
// float32 scales.
// Called by csrc/ops/native/matmul.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void _scaled_mm(const at::Tensor& out, const at::Tensor& self, const at::Tensor& mat2, const at::Tensor& scale_a,
                const at::Tensor& scale_b, const at::Tensor& bias, const at::Tensor& scale_result,
                bool /*use_fast_accum*/) {
  run_kernel(out.device(), [out_arg = KernelArg(out), self_arg = KernelArg(self), mat2_arg = KernelArg(mat2),
                            scale_a_arg = KernelArg(scale_a), scale_b_arg = KernelArg(scale_b),
                            bias_arg = KernelArg(bias), scale_result_arg = KernelArg(scale_result)] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor self = self_arg.cpu();
    const at::Tensor mat2 = mat2_arg.cpu();
    const at::Tensor scale_a = scale_a_arg.cpu();
    const at::Tensor scale_b = scale_b_arg.cpu();
    const std::optional<at::Tensor> bias = bias_arg.optional_cpu();
    const std::optional<at::Tensor> scale_result = scale_result_arg.optional_cpu();
    // A reference, not a fast path: dequantize to float32 (per-tensor scales broadcast over the whole matrix,
    // row-wise ones over rows of self and columns of mat2), multiply, add the bias, and for a float8 result
    // divide by scale_result before rounding. use_fast_accum only allows a faster, less exact accumulation.
    at::Tensor product = at::mm(self.to(at::kFloat) * scale_a, mat2.to(at::kFloat) * scale_b);
    if (bias.has_value()) {
      product.add_(*bias);
    }
    if (scale_result.has_value() && c10::isFloat8Type(out.scalar_type())) {
      product.div_(*scale_result);
    }
    out.copy_(product);
  });
}

} // namespace torch_mydevice::kernels
