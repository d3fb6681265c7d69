// The ocl kernel of fill_.Scalar: self = value (torch.ones, torch.full, nn.init.constant_, x.fill_(v)).
// A contiguous float32 tensor is filled by an OpenCL kernel (opencl_kernels.h); anything else keeps accelgen's
// default, PyTorch's CPU kernel as a host task.
#include "kernels/opencl_kernels.h"

namespace torch_ocl::kernels {

void fill_Scalar(const at::Tensor& self, const c10::Scalar& value) {
  if (opencl::dense_float(self, self)) {
    const size_t n = static_cast<size_t>(self.numel());
    const float v = value.toFloat();
    opencl::enqueue(self, &opencl::Program::fill, 1, &n, [&](cl_kernel kernel) {
      opencl::set_svm(kernel, 0, self);
      opencl::set_value(kernel, 1, v);
    });
    return;
  }
  run_kernel(self.device(), [s = KernelArg(self), value] { s.cpu().fill_(value); });
}

} // namespace torch_ocl::kernels
