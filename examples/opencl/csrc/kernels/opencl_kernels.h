#pragma once

// The OpenCL side of the `ocl` kernels: the OpenCL C program (built once, at first use) and how a kernel of it is
// enqueued on the current stream's command queue. Device memory is fine-grained SVM (see driver/opencl.h), so a
// tensor's data_ptr() is passed to a kernel as it is.
//
// Each kernel file (add_Tensor.cc, mm.cc, ...) runs the common case as an OpenCL kernel: contiguous float32
// tensors of one shape on one device (2-D contiguous matrices for mm). Everything else (broadcasting, other
// dtypes, strided views, CPU scalars) keeps accelgen's default, PyTorch's CPU kernel run as a host task, so every
// call stays correct.
#include "driver/opencl.h"
#include "kernels/kernels.h"
#include "stream.h"

#include <mutex>
#include <string>

namespace torch_ocl::kernels::opencl {

inline constexpr const char* kSource = R"CL(
__kernel void axpby_f32(__global const float* a, __global const float* b, float alpha, __global float* out) {
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
__kernel void fill_f32(__global float* out, float value) {
  out[get_global_id(0)] = value;
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

inline void check_cl(cl_int code, const char* call) {
  TORCH_CHECK(code == CL_SUCCESS, "ocl: ", call, " failed with OpenCL error ", code);
}

// The built program's kernels. A cl_kernel's argument state is shared, so a launch holds `mutex` from setting
// the arguments until the kernel is enqueued.
struct Program {
  cl_kernel axpby = nullptr;
  cl_kernel mul = nullptr;
  cl_kernel div = nullptr;
  cl_kernel fill = nullptr;
  cl_kernel mm = nullptr;
  std::mutex mutex;
};

inline Program& program(int device) {
  static Program built;
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
    const auto create = [&](const char* name) {
      cl_kernel kernel = clCreateKernel(program, name, &code);
      check_cl(code, name);
      return kernel;
    };
    built.axpby = create("axpby_f32");
    built.mul = create("mul_f32");
    built.div = create("div_f32");
    built.fill = create("fill_f32");
    built.mm = create("mm_f32");
  });
  return built;
}

// Enqueues the kernel `which` over `global` work items on the current stream of `on`'s device; `set_args`
// binds its arguments.
template <typename SetArgs>
void enqueue(const at::Tensor& on, cl_kernel Program::*which, cl_uint dims, const size_t* global,
             SetArgs&& set_args) {
  Program& p = program(on.device().index());
  std::lock_guard<std::mutex> lock(p.mutex);
  cl_kernel kernel = p.*which;
  set_args(kernel);
  const auto status =
      torch_ocl::driver::enqueue_kernel(torch_ocl::current_native_stream(on.device().index()), kernel, dims, global);
  TORCH_CHECK(status == torch_ocl::driver::Status::success, "ocl: ", torch_ocl::driver::get().last_error_message());
}

inline void set_svm(cl_kernel kernel, cl_uint index, const at::Tensor& t) {
  check_cl(clSetKernelArgSVMPointer(kernel, index, t.const_data_ptr()), "clSetKernelArgSVMPointer");
}

template <typename T>
void set_value(cl_kernel kernel, cl_uint index, const T& value) {
  check_cl(clSetKernelArg(kernel, index, sizeof(T), &value), "clSetKernelArg");
}

// A plain float32 tensor in device memory, in the row-major layout the OpenCL kernels index.
inline bool dense_float(const at::Tensor& t, const at::Tensor& out) {
  return t.device() == out.device() && t.scalar_type() == at::kFloat && t.is_contiguous() && !t.is_conj() &&
         !t.is_neg();
}

// out, a and b: dense float32 tensors of one shape (no broadcasting, no promotion).
inline bool dense_float_elementwise(const at::Tensor& out, const at::Tensor& a, const at::Tensor& b) {
  return dense_float(out, out) && dense_float(a, out) && dense_float(b, out) && a.sizes().equals(out.sizes()) &&
         b.sizes().equals(out.sizes());
}

// out = a + alpha * b (add, and sub with -alpha).
inline void axpby(const at::Tensor& out, const at::Tensor& a, const at::Tensor& b, float alpha) {
  const size_t n = static_cast<size_t>(out.numel());
  enqueue(out, &Program::axpby, 1, &n, [&](cl_kernel kernel) {
    set_svm(kernel, 0, a);
    set_svm(kernel, 1, b);
    set_value(kernel, 2, alpha);
    set_svm(kernel, 3, out);
  });
}

// out = a OP b for the two-input kernels (mul, div).
inline void elementwise(cl_kernel Program::*which, const at::Tensor& out, const at::Tensor& a, const at::Tensor& b) {
  const size_t n = static_cast<size_t>(out.numel());
  enqueue(out, which, 1, &n, [&](cl_kernel kernel) {
    set_svm(kernel, 0, a);
    set_svm(kernel, 1, b);
    set_svm(kernel, 2, out);
  });
}

} // namespace torch_ocl::kernels::opencl
