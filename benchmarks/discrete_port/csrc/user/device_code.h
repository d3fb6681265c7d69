// The device code of a discrete port on accelsim: the kernels of a launch-bound training step (linear layers, tanh,
// residual adds, a mean-square loss, SGD), written as accelsim device functions. They reach device memory only
// through accelsimDeviceAddress, so they run with ACCELSIM_HOST_ACCESS=0, where no host code may touch device
// memory: what a vendor's kernels compiled for its device do. Each csrc/kernels/<function>.cc of this port turns
// its tensors into the parameter blocks below (metadata only, on the host) and launches one device function on the
// current stream, without waiting for it.
//
// The port covers float32 tensors of up to kMaxDims dimensions, any strides (broadcast inputs are expanded to the
// output's shape: stride 0), and a 0-dim CPU tensor standing for a scalar operand. Anything else raises an error
// naming the kernel's file: port more, or take the operator out of operators.native.
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>

#include <cstdint>

namespace torch_mydevice::device_code {

constexpr int kMaxDims = 8;

// A strided float32 view of device memory, as device code sees it: element i (row-major over sizes) lives at
// data + offset(i) floats; [min_offset, max_offset] is the range of offsets the view reaches.
struct StridedView {
  const void* data = nullptr;
  int64_t min_offset = 0;
  int64_t max_offset = -1;  // below min_offset: an empty view
  int32_t ndim = 0;
  int32_t contiguous = 1;
  int64_t sizes[kMaxDims] = {};
  int64_t strides[kMaxDims] = {};
};

enum class Pointwise : int32_t {
  add,            // out = a + alpha * b
  mul,            // out = a * b
  div,            // out = a / b
  tanh,           // out = tanh(a)
  tanh_backward,  // out = a * (1 - b * b): a the gradient, b tanh's output
  pow,            // out = a ** scalar
  fill,           // out = scalar
};

// The host half: checks the tensors, builds the parameter block, launches on the current stream of out's device.
// `kernel_file` names the calling kernel in errors. `b` may be undefined (unary operators) or a 0-dim CPU tensor.
void launch_pointwise(Pointwise op, const at::Tensor& out, const at::Tensor& a, const at::Tensor& b, double alpha,
                      double scalar, const char* kernel_file);
// out = scale * (self summed over `dims`), out being self's shape without (or, with keepdim, with size 1 at) dims;
// empty dims: every dimension.
void launch_sum(const at::Tensor& out, const at::Tensor& self, at::OptionalIntArrayRef dims, bool keepdim,
                bool mean, const char* kernel_file);
// out = beta * self + alpha * (mat1 @ mat2); an undefined self (mm) or beta 0 ignores self, NaN included.
void launch_matmul(const at::Tensor& out, const at::Tensor& self, const at::Tensor& mat1, const at::Tensor& mat2,
                   double beta, double alpha, const char* kernel_file);

} // namespace torch_mydevice::device_code
