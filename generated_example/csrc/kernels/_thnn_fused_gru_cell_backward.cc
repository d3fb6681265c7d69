// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _thnn_fused_gru_cell_backward: the gradients of _thnn_fused_gru_cell: of the input and hidden gates, of hx and (with
// has_bias) of both biases.
// Called by csrc/ops/native/recurrent.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void _thnn_fused_gru_cell_backward(const at::Tensor& grad_input_gates, const at::Tensor& grad_hidden_gates,
                                   const at::Tensor& grad_hx, const at::Tensor& grad_input_bias,
                                   const at::Tensor& grad_hidden_bias, const at::Tensor& grad_hy,
                                   const at::Tensor& workspace, bool has_bias) {
  run_kernel(grad_input_gates.device(), [grad_input_gates_arg = KernelArg(grad_input_gates),
                                         grad_hidden_gates_arg = KernelArg(grad_hidden_gates),
                                         grad_hx_arg = KernelArg(grad_hx),
                                         grad_input_bias_arg = KernelArg(grad_input_bias),
                                         grad_hidden_bias_arg = KernelArg(grad_hidden_bias),
                                         grad_hy_arg = KernelArg(grad_hy), workspace_arg = KernelArg(workspace),
                                         has_bias] {
    at::Tensor grad_input_gates = grad_input_gates_arg.cpu();
    at::Tensor grad_hidden_gates = grad_hidden_gates_arg.cpu();
    at::Tensor grad_hx = grad_hx_arg.cpu();
    at::Tensor grad_input_bias = grad_input_bias_arg.cpu();
    at::Tensor grad_hidden_bias = grad_hidden_bias_arg.cpu();
    const at::Tensor grad_hy = grad_hy_arg.cpu();
    const at::Tensor workspace = workspace_arg.cpu();
    const auto [input_gates, hidden_gates, hx, input_bias, hidden_bias] =
        ops::cells::gru_backward(grad_hy, workspace, has_bias);
    grad_input_gates.copy_(input_gates);
    grad_hidden_gates.copy_(hidden_gates);
    grad_hx.copy_(hx);
    copy_wanted(grad_input_bias, input_bias);
    copy_wanted(grad_hidden_bias, hidden_bias);
  });
}

} // namespace torch_mydevice::kernels
