// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// _softmax_backward_data: out = the gradient of softmax, from grad_output and the forward's output.
// Called by csrc/ops/native/softmax.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void _softmax_backward_data(const at::Tensor& out, const at::Tensor& grad_output, const at::Tensor& output, int64_t dim,
                            c10::ScalarType input_dtype) {
  run_kernel(out.device(), [out_arg = KernelArg(out), grad_output_arg = KernelArg(grad_output),
                            output_arg = KernelArg(output), dim, input_dtype] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor grad_output = grad_output_arg.cpu();
    const at::Tensor output = output_arg.cpu();
    at::_softmax_backward_data_out(out, grad_output, output, dim, input_dtype);
  });
}

} // namespace torch_mydevice::kernels
