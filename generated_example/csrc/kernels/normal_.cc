// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// normal_: self = values drawn from N(mean, std ** 2), the random stream `rng` names.
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

void normal_(const at::Tensor& self, double mean, double std, const PhiloxState& rng) {
  run_kernel(self.device(), [self_arg = KernelArg(self), mean, std, rng_state = rng] {
    at::Tensor self = self_arg.cpu();
    const PhiloxSeedOffset rng = unpack_philox(rng_state);
    self.normal_(mean, std, cpu_generator(rng));
  });
}

} // namespace torch_mydevice::kernels
