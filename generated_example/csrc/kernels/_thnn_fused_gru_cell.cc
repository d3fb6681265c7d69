// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _thnn_fused_gru_cell: one step of nn.GRU: hy from the gates (input @ W_ih^T, hidden @ W_hh^T) and hx; workspace =
// what the backward needs.
// Called by csrc/ops/native/recurrent.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void _thnn_fused_gru_cell(const at::Tensor& hy, const at::Tensor& workspace, const at::Tensor& input_gates,
                          const at::Tensor& hidden_gates, const at::Tensor& hx, const at::Tensor& input_bias,
                          const at::Tensor& hidden_bias) {
  run_kernel(hy.device(), [hy_arg = KernelArg(hy), workspace_arg = KernelArg(workspace),
                           input_gates_arg = KernelArg(input_gates), hidden_gates_arg = KernelArg(hidden_gates),
                           hx_arg = KernelArg(hx), input_bias_arg = KernelArg(input_bias),
                           hidden_bias_arg = KernelArg(hidden_bias)] {
    at::Tensor hy = hy_arg.cpu();
    at::Tensor workspace = workspace_arg.cpu();
    const at::Tensor input_gates = input_gates_arg.cpu();
    const at::Tensor hidden_gates = hidden_gates_arg.cpu();
    const at::Tensor hx = hx_arg.cpu();
    const std::optional<at::Tensor> input_bias = input_bias_arg.optional_cpu();
    const std::optional<at::Tensor> hidden_bias = hidden_bias_arg.optional_cpu();
    const auto [h, w] = ops::cells::gru(input_gates, hidden_gates, hx, input_bias, hidden_bias);
    hy.copy_(h);
    workspace.copy_(w);
  });
}

} // namespace torch_mydevice::kernels
