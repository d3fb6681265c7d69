// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _scaled_dot_product_fused_attention_overrideable: output = softmax(scale * query @ key^T + mask) @ value
// (F.scaled_dot_product_attention); logsumexp = the log of each query's softmax denominator.
// Called by csrc/ops/native/attention.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void _scaled_dot_product_fused_attention_overrideable(const at::Tensor& output, const at::Tensor& logsumexp,
                                                      const at::Tensor& query, const at::Tensor& key,
                                                      const at::Tensor& value, const at::Tensor& attn_bias,
                                                      bool is_causal, std::optional<double> scale) {
  run_kernel(output.device(), [output_arg = KernelArg(output), logsumexp_arg = KernelArg(logsumexp),
                               query_arg = KernelArg(query), key_arg = KernelArg(key), value_arg = KernelArg(value),
                               attn_bias_arg = KernelArg(attn_bias), is_causal, scale] {
    at::Tensor output = output_arg.cpu();
    at::Tensor logsumexp = logsumexp_arg.cpu();
    const at::Tensor query = query_arg.cpu();
    const at::Tensor key = key_arg.cpu();
    const at::Tensor value = value_arg.cpu();
    const std::optional<at::Tensor> attn_bias = attn_bias_arg.optional_cpu();
    const auto [result, lse] = ops::attention::forward(query, key, value, attn_bias, is_causal, scale);
    output.copy_(result);
    logsumexp.copy_(lse);
  });
}

} // namespace torch_mydevice::kernels
