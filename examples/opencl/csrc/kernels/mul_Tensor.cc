// The ocl kernel of mul.Tensor: out = self * other.
// Contiguous float32 operands of one shape run as an OpenCL kernel (opencl_kernels.h); anything else keeps
// accelgen's default, PyTorch's CPU kernel as a host task.
#include "kernels/opencl_kernels.h"

namespace torch_ocl::kernels {

void mul_Tensor(const at::Tensor& out, const at::Tensor& self, const at::Tensor& other) {
  if (opencl::dense_float_elementwise(out, self, other)) {
    opencl::elementwise(&opencl::Program::mul, out, self, other);
    return;
  }
  run_kernel(out.device(), [o = KernelArg(out), a = KernelArg(self), b = KernelArg(other)] {
    at::Tensor result = o.cpu();
    at::mul_out(result, a.cpu(), b.cpu());
  });
}

} // namespace torch_ocl::kernels
