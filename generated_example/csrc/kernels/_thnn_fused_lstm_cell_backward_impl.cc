// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _thnn_fused_lstm_cell_backward_impl: the gradients of _thnn_fused_lstm_cell: of the gates, of cx and (with has_bias)
// of the bias.
// Called by csrc/ops/native/recurrent.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void _thnn_fused_lstm_cell_backward_impl(const at::Tensor& grad_gates, const at::Tensor& grad_cx,
                                         const at::Tensor& grad_bias, const at::Tensor& grad_hy,
                                         const at::Tensor& grad_cy, const at::Tensor& cx, const at::Tensor& cy,
                                         const at::Tensor& workspace, bool has_bias) {
  run_kernel(grad_gates.device(), [grad_gates_arg = KernelArg(grad_gates), grad_cx_arg = KernelArg(grad_cx),
                                   grad_bias_arg = KernelArg(grad_bias), grad_hy_arg = KernelArg(grad_hy),
                                   grad_cy_arg = KernelArg(grad_cy), cx_arg = KernelArg(cx), cy_arg = KernelArg(cy),
                                   workspace_arg = KernelArg(workspace), has_bias] {
    at::Tensor grad_gates = grad_gates_arg.cpu();
    at::Tensor grad_cx = grad_cx_arg.cpu();
    at::Tensor grad_bias = grad_bias_arg.cpu();
    const std::optional<at::Tensor> grad_hy = grad_hy_arg.optional_cpu();
    const std::optional<at::Tensor> grad_cy = grad_cy_arg.optional_cpu();
    const at::Tensor cx = cx_arg.cpu();
    const at::Tensor cy = cy_arg.cpu();
    const at::Tensor workspace = workspace_arg.cpu();
    const auto [gates, c, bias] = ops::cells::lstm_backward(grad_hy, grad_cy, cx, cy, workspace, has_bias);
    grad_gates.copy_(gates);
    grad_cx.copy_(c);
    copy_wanted(grad_bias, bias);
  });
}

} // namespace torch_mydevice::kernels
