// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// native_dropout: training dropout: mask (bool) = draws of keeping probability 1 - p from the random stream `rng`
// names; output = self * mask / (1 - p).
//
// The mydevice kernel of this operator. The generated operator (csrc/ops/native/random.cc)
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
