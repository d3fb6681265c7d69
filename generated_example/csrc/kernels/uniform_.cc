// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// uniform_: self = values drawn uniformly from [from, to), the random stream `rng` names.
// Called by csrc/ops/native/random.cc. The kernel contract, and what accelgen's default body below does,
// are at the top of kernels.h.
#include "kernels/kernels.h"

namespace torch_mydevice::kernels {

void uniform_(const at::Tensor& self, double from, double to, const PhiloxState& rng) {
  run_kernel(self.device(), [self_arg = KernelArg(self), from, to, rng_state = rng] {
    at::Tensor self = self_arg.cpu();
    const PhiloxSeedOffset rng = unpack_philox(rng_state);
    self.uniform_(from, to, cpu_generator(rng));
  });
}

} // namespace torch_mydevice::kernels
