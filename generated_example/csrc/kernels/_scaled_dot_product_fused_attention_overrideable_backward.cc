// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _scaled_dot_product_fused_attention_overrideable_backward: the gradients of the fused attention with respect to
// query, key, value and a float mask; an undefined output is not wanted.
// Called by csrc/ops/native/attention.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void _scaled_dot_product_fused_attention_overrideable_backward(const at::Tensor& grad_query, const at::Tensor& grad_key,
                                                               const at::Tensor& grad_value,
                                                               const at::Tensor& grad_attn_bias,
                                                               const at::Tensor& grad_out, const at::Tensor& query,
                                                               const at::Tensor& key, const at::Tensor& value,
                                                               const at::Tensor& attn_bias, const at::Tensor& logsumexp,
                                                               bool is_causal, std::optional<double> scale) {
  run_kernel(grad_out.device(), [grad_query_arg = KernelArg(grad_query), grad_key_arg = KernelArg(grad_key),
                                 grad_value_arg = KernelArg(grad_value), grad_attn_bias_arg = KernelArg(grad_attn_bias),
                                 grad_out_arg = KernelArg(grad_out), query_arg = KernelArg(query),
                                 key_arg = KernelArg(key), value_arg = KernelArg(value),
                                 attn_bias_arg = KernelArg(attn_bias), logsumexp_arg = KernelArg(logsumexp), is_causal,
                                 scale] {
    at::Tensor grad_query = grad_query_arg.cpu();
    at::Tensor grad_key = grad_key_arg.cpu();
    at::Tensor grad_value = grad_value_arg.cpu();
    at::Tensor grad_attn_bias = grad_attn_bias_arg.cpu();
    const at::Tensor grad_out = grad_out_arg.cpu();
    const at::Tensor query = query_arg.cpu();
    const at::Tensor key = key_arg.cpu();
    const at::Tensor value = value_arg.cpu();
    const std::optional<at::Tensor> attn_bias = attn_bias_arg.optional_cpu();
    const at::Tensor logsumexp = logsumexp_arg.cpu();
    const auto [d_query, d_key, d_value, d_bias] =
        ops::attention::backward(grad_out, query, key, value, attn_bias, logsumexp, is_causal, scale);
    copy_wanted(grad_query, d_query);
    copy_wanted(grad_key, d_key);
    copy_wanted(grad_value, d_value);
    copy_wanted(grad_attn_bias, d_bias);
  });
}

} // namespace torch_mydevice::kernels
