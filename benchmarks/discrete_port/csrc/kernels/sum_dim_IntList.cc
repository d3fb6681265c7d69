// Ported to the device (benchmarks/discrete_port of accelgen): a device function of csrc/user/device_code.cc,
// launched on the current stream; no host code touches device memory, so it runs with ACCELSIM_HOST_ACCESS=0.
#include "kernels/kernels.h"
#include "user/device_code.h"

namespace torch_mydevice::kernels {

void sum_dim_IntList(const at::Tensor& out, const at::Tensor& self, at::OptionalIntArrayRef dim, bool keepdim,
                     std::optional<c10::ScalarType> /*dtype*/) {
  device_code::launch_sum(out, self, dim, keepdim, /*mean=*/false, __FILE__);
}

} // namespace torch_mydevice::kernels
