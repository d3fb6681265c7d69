// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// zero_: self = 0.
//
// The mydevice kernel of this operator. The generated operator (csrc/ops/native/pointwise.cc)
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

void zero_(const at::Tensor& self) {
  if (self.is_contiguous() && !self.is_neg() && !self.is_conj()) {
    // A dense tensor is zeroed with the driver's stream-ordered memset, no kernel needed.
    const driver::Stream stream = current_native_stream(self.device().index());
  MYDEVICE_CHECK(driver::get().memset_async(self.data_ptr(), 0, self.nbytes(), stream));
    return;
  }
  run_kernel(self.device(), [self_arg = KernelArg(self)] {
    at::Tensor self = self_arg.cpu();
    self.zero_();
  });
}

} // namespace torch_mydevice::kernels
