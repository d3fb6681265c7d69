// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// convolution_overrideable: out = the convolution of input with weight (plus bias): every nn.Conv*d and
// nn.ConvTranspose*d, grouped and dilated.
// Called by csrc/ops/native/convolution.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void convolution_overrideable(const at::Tensor& out, const at::Tensor& input, const at::Tensor& weight,
                              const at::Tensor& bias, at::IntArrayRef stride, at::IntArrayRef padding,
                              at::IntArrayRef dilation, bool transposed, at::IntArrayRef output_padding,
                              int64_t groups) {
  run_kernel(out.device(), [out_arg = KernelArg(out), input_arg = KernelArg(input), weight_arg = KernelArg(weight),
                            bias_arg = KernelArg(bias), stride_list = stride.vec(), padding_list = padding.vec(),
                            dilation_list = dilation.vec(), transposed, output_padding_list = output_padding.vec(),
                            groups] {
    at::Tensor out = out_arg.cpu();
    const at::Tensor input = input_arg.cpu();
    const at::Tensor weight = weight_arg.cpu();
    const std::optional<at::Tensor> bias = bias_arg.optional_cpu();
    const at::IntArrayRef stride = stride_list;
    const at::IntArrayRef padding = padding_list;
    const at::IntArrayRef dilation = dilation_list;
    const at::IntArrayRef output_padding = output_padding_list;
    out.copy_(ops::cpu_convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups));
  });
}

} // namespace torch_mydevice::kernels
