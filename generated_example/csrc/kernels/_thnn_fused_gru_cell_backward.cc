// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _thnn_fused_gru_cell_backward: the gradients of _thnn_fused_gru_cell: of the input and hidden gates, of hx and (with
// has_bias) of both biases.
//
// The mydevice kernel of this operator. The generated operator (csrc/ops/native/recurrent.cc)
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
