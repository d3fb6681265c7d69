// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// Your own operators and kernels for mydevice. This file is compiled into torch_mydevice._C, like every *.cc in
// csrc/user/; accelgen never touches it again (see README.md beside it).
//
// An operator takes two registrations:
//   - TORCH_LIBRARY / TORCH_LIBRARY_FRAGMENT declares it: a namespace and a schema, once per process (use
//     _FRAGMENT when several files add to one namespace). It then exists as torch.ops.<namespace>.<name>.
//   - TORCH_LIBRARY_IMPL(<namespace>, PrivateUse1, m) gives its mydevice kernel. PrivateUse1 is the dispatch
//     key of this backend: the dispatcher picks the kernel from the device of the tensor arguments, so the
//     same operator can also have CPU or CUDA kernels registered elsewhere.
// The dispatcher runs AutogradPrivateUse1 before PrivateUse1. An operator without a derivative formula goes
// through the autograd fallback: the forward works, and backward() through it warns that there is no derivative
// formula. Give it one with torch.library.register_autograd in Python (in src/torch_mydevice/user.py) if you need it.
//
// Example: uncomment, rebuild (pip install --no-build-isolation .), then in Python
//   torch.ops.mydevice_user.scale(torch.ones(3, device="mydevice"), 2.0)
//
// #include "ops/launch.h"
//
// #include <ATen/ATen.h>
// #include <torch/library.h>
//
// namespace {
//
// at::Tensor scale(const at::Tensor& self, double factor) {
//   TORCH_CHECK(self.device().type() == c10::DeviceType::PrivateUse1, "scale: expected a mydevice tensor");
//   at::Tensor out = at::empty_like(self);
//   // Device memory is only accessible inside a kernel: capture by value, enqueue on the current stream. This
//   // kernel is a host task: on a device whose memory the host cannot address (host_accessible_memory false),
//   // enqueue your device's own kernel through your driver instead (csrc/driver/README.md, stage 3).
//   auto in_k = torch_mydevice::ops::KernelTensor(self.contiguous());
//   auto out_k = torch_mydevice::ops::KernelTensor(out);
//   torch_mydevice::ops::launch_on_current_stream(self.device().index(), [in_k, out_k, factor] {
//     at::Tensor result = out_k.cpu();  // a CPU view of the device memory, usable only in here
//     at::mul_out(result, in_k.cpu(), at::scalar_tensor(factor, result.options()));
//   });
//   return out;
// }
//
// }  // namespace
//
// TORCH_LIBRARY(mydevice_user, m) {
//   m.def("scale(Tensor self, float factor) -> Tensor");
// }
//
// TORCH_LIBRARY_IMPL(mydevice_user, PrivateUse1, m) {
//   m.impl("scale", scale);
// }
