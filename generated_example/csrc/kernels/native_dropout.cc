// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// native_dropout: training dropout: mask (bool) = draws of keeping probability 1 - p from the random stream `rng`
// names; output = self * mask / (1 - p).
// Called by csrc/ops/native/random.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void native_dropout(const at::Tensor& output, const at::Tensor& mask, const at::Tensor& input, double p,
                    const PhiloxState& rng) {
  run_kernel(output.device(), [output_arg = KernelArg(output), mask_arg = KernelArg(mask), input_arg = KernelArg(input),
                               p, rng_state = rng] {
    at::Tensor output = output_arg.cpu();
    at::Tensor mask = mask_arg.cpu();
    const at::Tensor input = input_arg.cpu();
    const PhiloxSeedOffset rng = unpack_philox(rng_state);
    at::Tensor keep = at::empty_like(input, at::MemoryFormat::Contiguous);
    keep.bernoulli_(1.0 - p, cpu_generator(rng));
    mask.copy_(keep);
    output.copy_(input * keep * (p == 1.0 ? 0.0 : 1.0 / (1.0 - p)));
  });
}

} // namespace torch_mydevice::kernels
