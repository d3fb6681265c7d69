// The ocl kernel of sub.Tensor: out = self - alpha * other.
// Contiguous float32 operands of one shape run as an OpenCL kernel (opencl_kernels.h); anything else keeps
// accelgen's default, PyTorch's CPU kernel as a host task.
#include "kernels/opencl_kernels.h"

namespace torch_ocl::kernels {

void sub_Tensor(const at::Tensor& out, const at::Tensor& self, const at::Tensor& other, const c10::Scalar& alpha) {
  if (opencl::dense_float_elementwise(out, self, other)) {
    opencl::axpby(out, self, other, -alpha.toFloat());
    return;
  }
  run_kernel(out.device(), [o = KernelArg(out), a = KernelArg(self), b = KernelArg(other), alpha] {
    at::Tensor result = o.cpu();
    at::sub_out(result, a.cpu(), b.cpu(), alpha);
  });
}

} // namespace torch_ocl::kernels
