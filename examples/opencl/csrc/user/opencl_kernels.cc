// Real OpenCL kernels for the `ocl` backend: add, sub, mul, div and mm on float32 tensors.
//
// The spec does not list these operators in operators.native, so this file (user-owned, compiled from
// csrc/user/) registers their PrivateUse1 kernels itself. The common case (contiguous float32 tensors of one
// shape on one device; 2-D contiguous matrices for mm) runs as an OpenCL kernel on the current stream's command
// queue; everything else (broadcasting, other dtypes, strided views) goes through the CPU fallback, so every
// call stays correct. The kernels are OpenCL C source compiled once, at first use.
#include "device.h"
#include "driver/opencl.h"
#include "stream.h"

#include <ATen/ATen.h>
#include <ATen/native/CPUFallback.h>
#include <torch/library.h>

#include <mutex>
#include <string>

namespace {

constexpr const char* kSource = R"CL(
__kernel void add_f32(__global const float* a, __global const float* b, float alpha, __global float* out) {
  const size_t i = get_global_id(0);
  out[i] = a[i] + alpha * b[i];
}
__kernel void mul_f32(__global const float* a, __global const float* b, __global float* out) {
  const size_t i = get_global_id(0);
  out[i] = a[i] * b[i];
}
__kernel void div_f32(__global const float* a, __global const float* b, __global float* out) {
  const size_t i = get_global_id(0);
  out[i] = a[i] / b[i];
}
__kernel void mm_f32(__global const float* a, __global const float* b, __global float* c, int k, int n) {
  const size_t row = get_global_id(0);
  const size_t col = get_global_id(1);
  float acc = 0.0f;
  for (int p = 0; p < k; ++p) {
    acc += a[row * k + p] * b[p * n + col];
  }
  c[row * n + col] = acc;
}
)CL";

// The built program and its kernels. cl_kernel argument state is shared, so launches hold `mutex`.
struct Kernels {
  cl_kernel add = nullptr;
  cl_kernel mul = nullptr;
  cl_kernel div = nullptr;
  cl_kernel mm = nullptr;
  std::mutex mutex;
};

void check_cl(cl_int code, const char* call) {
  TORCH_CHECK(code == CL_SUCCESS, "ocl: ", call, " failed with OpenCL error ", code);
}

Kernels& kernels(int device) {
  static Kernels built;
  static std::once_flag once;
  std::call_once(once, [device] {
    cl_context context = torch_ocl::driver::opencl_context();
    cl_device_id id = torch_ocl::driver::opencl_device(device);
    TORCH_CHECK(context != nullptr && id != nullptr, "ocl: the OpenCL platform is not available");
    cl_int code = CL_SUCCESS;
    const char* source = kSource;
    cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &code);
    check_cl(code, "clCreateProgramWithSource");
    if (clBuildProgram(program, 1, &id, "", nullptr, nullptr) != CL_SUCCESS) {
      std::string log(16384, '\0');
      clGetProgramBuildInfo(program, id, CL_PROGRAM_BUILD_LOG, log.size() - 1, log.data(), nullptr);
      TORCH_CHECK(false, "ocl: building the OpenCL kernels failed:\n", log.c_str());
    }
    built.add = clCreateKernel(program, "add_f32", &code);
    check_cl(code, "clCreateKernel(add_f32)");
    built.mul = clCreateKernel(program, "mul_f32", &code);
    check_cl(code, "clCreateKernel(mul_f32)");
    built.div = clCreateKernel(program, "div_f32", &code);
    check_cl(code, "clCreateKernel(div_f32)");
    built.mm = clCreateKernel(program, "mm_f32", &code);
    check_cl(code, "clCreateKernel(mm_f32)");
  });
  return built;
}

// The CPU fallback with the signature call_fallback_fn expects.
void cpu_fallback(const c10::OperatorHandle& op, torch::jit::Stack* stack) {
  at::native::cpu_fallback(op, stack);
}

// Enqueues `kernel` over `global` work items on the current stream of `device`; `set_args` binds its arguments.
template <typename SetArgs>
void enqueue(const at::Tensor& device, cl_kernel Kernels::*which, cl_uint dims, const size_t* global,
             SetArgs&& set_args) {
  Kernels& k = kernels(device.device().index());
  std::lock_guard<std::mutex> lock(k.mutex);
  cl_kernel kernel = k.*which;
  set_args(kernel);
  const auto status = torch_ocl::driver::enqueue_kernel(
      torch_ocl::current_native_stream(device.device().index()), kernel, dims, global);
  TORCH_CHECK(status == torch_ocl::driver::Status::success, "ocl: ", torch_ocl::driver::last_error_message());
}

bool dense_float_pair(const at::Tensor& a, const at::Tensor& b) {
  return a.device() == b.device() && a.device().type() == c10::DeviceType::PrivateUse1 &&
         a.scalar_type() == at::kFloat && b.scalar_type() == at::kFloat && a.sizes() == b.sizes() &&
         a.is_contiguous() && b.is_contiguous() && !a.is_conj() && !a.is_neg() && !b.is_neg();
}

void set_svm(cl_kernel kernel, cl_uint index, const at::Tensor& t) {
  check_cl(clSetKernelArgSVMPointer(kernel, index, t.const_data_ptr()), "clSetKernelArgSVMPointer");
}

at::Tensor axpby(const at::Tensor& a, const at::Tensor& b, float alpha) {
  at::Tensor out = at::empty_like(a);
  const size_t n = static_cast<size_t>(a.numel());
  if (n == 0) {
    return out;
  }
  enqueue(a, &Kernels::add, 1, &n, [&](cl_kernel kernel) {
    set_svm(kernel, 0, a);
    set_svm(kernel, 1, b);
    check_cl(clSetKernelArg(kernel, 2, sizeof(float), &alpha), "clSetKernelArg");
    set_svm(kernel, 3, out);
  });
  return out;
}

at::Tensor binary(const at::Tensor& a, const at::Tensor& b, cl_kernel Kernels::*which) {
  at::Tensor out = at::empty_like(a);
  const size_t n = static_cast<size_t>(a.numel());
  if (n == 0) {
    return out;
  }
  enqueue(a, which, 1, &n, [&](cl_kernel kernel) {
    set_svm(kernel, 0, a);
    set_svm(kernel, 1, b);
    set_svm(kernel, 2, out);
  });
  return out;
}

// The CPU fallback follows its first tensor's device, and would quietly compute with a CPU tensor: move a 0-dim
// CPU operand (a Python number, torch.tensor(3.0)) to the device, and refuse any other device mix as ATen does.
// A Python number (a wrapped-number tensor) stays on the CPU: the fallback keeps its promotion rules.
at::Tensor on_device_of(const at::Tensor& t, const at::Tensor& device_tensor) {
  if (t.device() == device_tensor.device() || t.unsafeGetTensorImpl()->is_wrapped_number()) {
    return t;
  }
  TORCH_CHECK(t.device().is_cpu() && t.dim() == 0, "Expected all tensors to be on the same device, but found at ",
              "least two devices, ", device_tensor.device(), " and ", t.device(), "!");
  return t.to(device_tensor.device());
}

const at::Tensor& device_operand(const at::Tensor& a, const at::Tensor& b) {
  return a.device().type() == c10::DeviceType::PrivateUse1 ? a : b;
}

at::Tensor add_tensor(const at::Tensor& self_in, const at::Tensor& other_in, const at::Scalar& alpha) {
  const at::Tensor self = on_device_of(self_in, device_operand(self_in, other_in));
  const at::Tensor other = on_device_of(other_in, device_operand(self_in, other_in));
  if (dense_float_pair(self, other)) {
    return axpby(self, other, alpha.toFloat());
  }
  return at::native::call_fallback_fn<&cpu_fallback, at::_ops::add_Tensor>::call(self, other, alpha);
}

at::Tensor sub_tensor(const at::Tensor& self_in, const at::Tensor& other_in, const at::Scalar& alpha) {
  const at::Tensor self = on_device_of(self_in, device_operand(self_in, other_in));
  const at::Tensor other = on_device_of(other_in, device_operand(self_in, other_in));
  if (dense_float_pair(self, other)) {
    return axpby(self, other, -alpha.toFloat());
  }
  return at::native::call_fallback_fn<&cpu_fallback, at::_ops::sub_Tensor>::call(self, other, alpha);
}

at::Tensor mul_tensor(const at::Tensor& self_in, const at::Tensor& other_in) {
  const at::Tensor self = on_device_of(self_in, device_operand(self_in, other_in));
  const at::Tensor other = on_device_of(other_in, device_operand(self_in, other_in));
  if (dense_float_pair(self, other)) {
    return binary(self, other, &Kernels::mul);
  }
  return at::native::call_fallback_fn<&cpu_fallback, at::_ops::mul_Tensor>::call(self, other);
}

at::Tensor div_tensor(const at::Tensor& self_in, const at::Tensor& other_in) {
  const at::Tensor self = on_device_of(self_in, device_operand(self_in, other_in));
  const at::Tensor other = on_device_of(other_in, device_operand(self_in, other_in));
  if (dense_float_pair(self, other)) {
    return binary(self, other, &Kernels::div);
  }
  return at::native::call_fallback_fn<&cpu_fallback, at::_ops::div_Tensor>::call(self, other);
}

at::Tensor mm(const at::Tensor& self, const at::Tensor& mat2) {
  const bool dense = self.dim() == 2 && mat2.dim() == 2 && self.size(1) == mat2.size(0) &&
                     self.device() == mat2.device() && self.scalar_type() == at::kFloat &&
                     mat2.scalar_type() == at::kFloat && self.is_contiguous() && mat2.is_contiguous() &&
                     !self.is_conj() && !mat2.is_conj() && !self.is_neg() && !mat2.is_neg();
  if (!dense) {
    return at::native::call_fallback_fn<&cpu_fallback, at::_ops::mm>::call(self, mat2);
  }
  const int64_t m = self.size(0);
  const int64_t k = self.size(1);
  const int64_t n = mat2.size(1);
  if (k == 0) {
    return at::zeros({m, n}, self.options());
  }
  at::Tensor out = at::empty({m, n}, self.options());
  if (m == 0 || n == 0) {
    return out;
  }
  const size_t global[2] = {static_cast<size_t>(m), static_cast<size_t>(n)};
  const cl_int k32 = static_cast<cl_int>(k);
  const cl_int n32 = static_cast<cl_int>(n);
  enqueue(self, &Kernels::mm, 2, global, [&](cl_kernel kernel) {
    set_svm(kernel, 0, self);
    set_svm(kernel, 1, mat2);
    set_svm(kernel, 2, out);
    check_cl(clSetKernelArg(kernel, 3, sizeof(cl_int), &k32), "clSetKernelArg");
    check_cl(clSetKernelArg(kernel, 4, sizeof(cl_int), &n32), "clSetKernelArg");
  });
  return out;
}

} // namespace

TORCH_LIBRARY_IMPL(aten, PrivateUse1, m) {
  m.impl("add.Tensor", TORCH_FN(add_tensor));
  m.impl("sub.Tensor", TORCH_FN(sub_tensor));
  m.impl("mul.Tensor", TORCH_FN(mul_tensor));
  m.impl("div.Tensor", TORCH_FN(div_tensor));
  m.impl("mm", TORCH_FN(mm));
}
