// The ocl kernel of mm: out = self @ mat2.
// Contiguous float32 matrices run as an OpenCL kernel (opencl_kernels.h), one work item per output element;
// anything else keeps accelgen's default, PyTorch's CPU kernel as a host task.
#include "kernels/opencl_kernels.h"

namespace torch_ocl::kernels {

void mm(const at::Tensor& out, const at::Tensor& self, const at::Tensor& mat2) {
  const int64_t k = self.size(1);
  if (k > 0 && out.numel() > 0 && opencl::dense_float(out, out) && opencl::dense_float(self, out) &&
      opencl::dense_float(mat2, out)) {
    const size_t global[2] = {static_cast<size_t>(out.size(0)), static_cast<size_t>(out.size(1))};
    const cl_int k32 = static_cast<cl_int>(k);
    const cl_int n32 = static_cast<cl_int>(out.size(1));
    opencl::enqueue(out, &opencl::Program::mm, 2, global, [&](cl_kernel kernel) {
      opencl::set_svm(kernel, 0, self);
      opencl::set_svm(kernel, 1, mat2);
      opencl::set_svm(kernel, 2, out);
      opencl::set_value(kernel, 3, k32);
      opencl::set_value(kernel, 4, n32);
    });
    return;
  }
  run_kernel(out.device(), [o = KernelArg(out), a = KernelArg(self), b = KernelArg(mat2)] {
    at::Tensor result = o.cpu();
    at::mm_out(result, a.cpu(), b.cpu());
  });
}

} // namespace torch_ocl::kernels
