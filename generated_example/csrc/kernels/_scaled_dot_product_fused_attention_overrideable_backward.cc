// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _scaled_dot_product_fused_attention_overrideable_backward: the gradients of the fused attention with respect to
// query, key, value and a float mask; an undefined output is not wanted.
//
// The mydevice kernel of this operator. The generated operator (csrc/ops/native/attention.cc)
// calls it once it has checked the arguments, worked out the result and allocated it; the contract is at the
// top of kernels.h. Replace the body with your device's kernel: enqueue it on the current stream and return
// without waiting for it.
//
// accelgen's default, below, computes on the device with PyTorch's own CPU kernel: inside the enqueued
// function each tensor is a CPU view of device memory, so every dtype, layout and broadcast PyTorch supports
// works. It needs the driver's host tasks (Driver::launch_host_task, Driver::host_task_access); on a device
// without them it raises a RuntimeError naming this file, until you port it or take the operator out of
// operators.native.
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
