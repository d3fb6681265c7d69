// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _scaled_dot_product_fused_attention_overrideable: output = softmax(scale * query @ key^T + mask) @ value
// (F.scaled_dot_product_attention); logsumexp = the log of each query's softmax denominator.
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
