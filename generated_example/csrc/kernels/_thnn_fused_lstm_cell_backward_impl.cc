// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _thnn_fused_lstm_cell_backward_impl: the gradients of _thnn_fused_lstm_cell: of the gates, of cx and (with has_bias)
// of the bias.
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
