// The device functions of this port and the host code that launches them (device_code.h).
#include "device_code.h"

#include <accelsim/accelsim.h>
#include <c10/util/Exception.h>

#include <cmath>
#include <string>
#include <vector>

#include "stream.h"

namespace torch_mydevice::device_code {
namespace {

// ---- device side: runs on the device's queue, reaches memory only through accelsimDeviceAddress -------------

// The base through which device code reads element offsets of `view` (base[offset]), or null when the view's range
// is not inside one allocation of the device (the device faults: the function returns nonzero).
float* device_base(const accelsimDeviceContext* context, const StridedView& view) {
  if (view.max_offset < view.min_offset) {
    return nullptr;
  }
  const auto* first = static_cast<const float*>(view.data) + view.min_offset;
  const auto bytes = static_cast<size_t>(view.max_offset - view.min_offset + 1) * sizeof(float);
  auto* mapped = static_cast<float*>(accelsimDeviceAddress(context, first, bytes));
  return mapped == nullptr ? nullptr : mapped - view.min_offset;
}

int64_t offset_of(const StridedView& view, int64_t index) {
  if (view.contiguous) {
    return index;
  }
  int64_t offset = 0;
  for (int d = view.ndim - 1; d >= 0; --d) {
    offset += (index % view.sizes[d]) * view.strides[d];
    index /= view.sizes[d];
  }
  return offset;
}

struct PointwiseParams {
  Pointwise op;
  int32_t b_is_scalar;
  int64_t numel;
  float alpha;
  float scalar;
  float b_scalar;
  StridedView out, a, b;
};

float apply(Pointwise op, float a, float b, float alpha, float scalar) {
  switch (op) {
    case Pointwise::add: return a + alpha * b;
    case Pointwise::mul: return a * b;
    case Pointwise::div: return a / b;
    case Pointwise::tanh: return std::tanh(a);
    case Pointwise::tanh_backward: return a * (1.0f - b * b);
    case Pointwise::pow: return scalar == 2.0f ? a * a : std::pow(a, scalar);
    case Pointwise::fill: return scalar;
  }
  return 0.0f;
}

int pointwise_kernel(const accelsimDeviceContext* context, const void* raw) {
  const auto& p = *static_cast<const PointwiseParams*>(raw);
  if (p.numel == 0) {
    return 0;
  }
  float* out = device_base(context, p.out);
  const bool reads_a = p.op != Pointwise::fill;
  const bool reads_b = !p.b_is_scalar && (p.op == Pointwise::add || p.op == Pointwise::mul ||
                                          p.op == Pointwise::div || p.op == Pointwise::tanh_backward);
  const float* a = reads_a ? device_base(context, p.a) : nullptr;
  const float* b = reads_b ? device_base(context, p.b) : nullptr;
  if (out == nullptr || (reads_a && a == nullptr) || (reads_b && b == nullptr)) {
    return 1;
  }
  for (int64_t i = 0; i < p.numel; ++i) {
    const float av = reads_a ? a[offset_of(p.a, i)] : 0.0f;
    const float bv = reads_b ? b[offset_of(p.b, i)] : p.b_scalar;
    out[offset_of(p.out, i)] = apply(p.op, av, bv, p.alpha, p.scalar);
  }
  return 0;
}

struct SumParams {
  int64_t outer;  // output elements
  int64_t inner;  // input elements summed into each
  float scale;
  StridedView out;  // the kept dimensions
  StridedView in;   // the kept dimensions, then the summed ones
};

int sum_kernel(const accelsimDeviceContext* context, const void* raw) {
  const auto& p = *static_cast<const SumParams*>(raw);
  if (p.outer == 0) {
    return 0;
  }
  float* out = device_base(context, p.out);
  const float* in = p.inner == 0 ? nullptr : device_base(context, p.in);
  if (out == nullptr || (p.inner != 0 && in == nullptr)) {
    return 1;
  }
  for (int64_t o = 0; o < p.outer; ++o) {
    double total = 0.0;
    for (int64_t r = 0; r < p.inner; ++r) {
      total += in[offset_of(p.in, o * p.inner + r)];
    }
    out[offset_of(p.out, o)] = static_cast<float>(total * p.scale);
  }
  return 0;
}

struct MatmulParams {
  int64_t m, n, k;
  int32_t use_self;
  float beta, alpha;
  StridedView out, self, mat1, mat2;  // 2-D; self expanded to out's shape
};

int matmul_kernel(const accelsimDeviceContext* context, const void* raw) {
  const auto& p = *static_cast<const MatmulParams*>(raw);
  if (p.m == 0 || p.n == 0) {
    return 0;
  }
  float* out = device_base(context, p.out);
  const float* self = p.use_self ? device_base(context, p.self) : nullptr;
  const float* mat1 = p.k == 0 ? nullptr : device_base(context, p.mat1);
  const float* mat2 = p.k == 0 ? nullptr : device_base(context, p.mat2);
  if (out == nullptr || (p.use_self && self == nullptr) || (p.k != 0 && (mat1 == nullptr || mat2 == nullptr))) {
    return 1;
  }
  for (int64_t i = 0; i < p.m; ++i) {
    for (int64_t j = 0; j < p.n; ++j) {
      float dot = 0.0f;
      for (int64_t l = 0; l < p.k; ++l) {
        dot += mat1[i * p.mat1.strides[0] + l * p.mat1.strides[1]] * mat2[l * p.mat2.strides[0] + j * p.mat2.strides[1]];
      }
      float value = p.alpha * dot;
      if (p.use_self) {
        value += p.beta * self[i * p.self.strides[0] + j * p.self.strides[1]];
      }
      out[i * p.out.strides[0] + j * p.out.strides[1]] = value;
    }
  }
  return 0;
}

// ---- host side: metadata only ------------------------------------------------------------------------------

[[noreturn]] void unsupported(const char* kernel_file, const std::string& what) {
  TORCH_CHECK(false, "this port's device code (", kernel_file, ") does not handle ", what,
              ": port it, or take the operator out of operators.native");
}

StridedView view_of(const at::Tensor& t, const char* kernel_file) {
  if (t.scalar_type() != at::kFloat) {
    unsupported(kernel_file, std::string("dtype ") + c10::toString(t.scalar_type()));
  }
  if (t.dim() > kMaxDims) {
    unsupported(kernel_file, std::to_string(t.dim()) + "-dimensional tensors");
  }
  StridedView view;
  view.data = t.data_ptr();
  view.ndim = static_cast<int32_t>(t.dim());
  view.contiguous = t.is_contiguous() ? 1 : 0;
  int64_t low = 0;
  int64_t high = 0;
  for (int64_t d = 0; d < t.dim(); ++d) {
    view.sizes[d] = t.size(d);
    view.strides[d] = t.stride(d);
    if (t.size(d) > 1) {
      (t.stride(d) < 0 ? low : high) += (t.size(d) - 1) * t.stride(d);
    }
  }
  view.min_offset = low;
  view.max_offset = t.numel() == 0 ? low - 1 : high;
  return view;
}

template <typename Params>
void launch(const at::Tensor& out, accelsimDeviceFn fn, const Params& params, const char* kernel_file) {
  const auto stream = reinterpret_cast<accelsimStream_t>(current_native_stream(out.device().index()));
  const accelsimError_t status = accelsimLaunchDeviceFunction(stream, fn, &params, sizeof params);
  TORCH_CHECK(status == accelsimSuccess, "accelsimLaunchDeviceFunction failed for ", kernel_file, ": ",
              accelsimGetErrorName(status), ": ", accelsimGetLastErrorMessage());
}

bool is_cpu_scalar(const at::Tensor& t) {
  return t.defined() && t.device().is_cpu() && t.dim() == 0;
}

} // namespace

void launch_pointwise(Pointwise op, const at::Tensor& out, const at::Tensor& a, const at::Tensor& b, double alpha,
                      double scalar, const char* kernel_file) {
  PointwiseParams p{};
  p.op = op;
  p.numel = out.numel();
  p.alpha = static_cast<float>(alpha);
  p.scalar = static_cast<float>(scalar);
  p.out = view_of(out, kernel_file);
  if (a.defined()) {
    if (is_cpu_scalar(a)) {
      unsupported(kernel_file, "a CPU scalar as the first operand");
    }
    p.a = view_of(a.expand(out.sizes()), kernel_file);
  }
  if (is_cpu_scalar(b)) {
    p.b_is_scalar = 1;
    p.b_scalar = b.item<float>();  // a CPU tensor: the host may read it
  } else if (b.defined()) {
    p.b = view_of(b.expand(out.sizes()), kernel_file);
  }
  launch(out, pointwise_kernel, p, kernel_file);
}

void launch_sum(const at::Tensor& out, const at::Tensor& self, at::OptionalIntArrayRef dims, bool keepdim,
                bool mean, const char* kernel_file) {
  const int64_t ndim = self.dim();
  std::vector<bool> summed(static_cast<size_t>(ndim), !dims.has_value() || dims->empty());
  if (dims.has_value()) {
    for (int64_t d : *dims) {
      summed[static_cast<size_t>(c10::maybe_wrap_dim(d, ndim))] = true;
    }
  }
  std::vector<int64_t> order;
  for (int64_t d = 0; d < ndim; ++d) {
    if (!summed[static_cast<size_t>(d)]) {
      order.push_back(d);
    }
  }
  for (int64_t d = 0; d < ndim; ++d) {
    if (summed[static_cast<size_t>(d)]) {
      order.push_back(d);
    }
  }
  // out as the kept dimensions only (keepdim leaves size-1 dimensions where self is summed)
  at::Tensor kept_out = out;
  if (keepdim) {
    for (int64_t d = ndim - 1; d >= 0; --d) {
      if (summed[static_cast<size_t>(d)]) {
        kept_out = kept_out.squeeze(d);
      }
    }
  }
  SumParams p{};
  p.outer = out.numel();
  p.inner = p.outer == 0 ? 0 : self.numel() / std::max<int64_t>(p.outer, 1);
  p.scale = mean ? (p.inner == 0 ? NAN : 1.0f / static_cast<float>(p.inner)) : 1.0f;
  p.out = view_of(kept_out, kernel_file);
  p.in = view_of(self.permute(order), kernel_file);
  launch(out, sum_kernel, p, kernel_file);
}

void launch_matmul(const at::Tensor& out, const at::Tensor& self, const at::Tensor& mat1, const at::Tensor& mat2,
                   double beta, double alpha, const char* kernel_file) {
  TORCH_CHECK(out.dim() == 2 && mat1.dim() == 2 && mat2.dim() == 2, kernel_file, ": expects 2-D tensors");
  MatmulParams p{};
  p.m = out.size(0);
  p.n = out.size(1);
  p.k = mat1.size(1);
  p.use_self = self.defined() && beta != 0.0 ? 1 : 0;
  p.beta = static_cast<float>(beta);
  p.alpha = static_cast<float>(alpha);
  p.out = view_of(out, kernel_file);
  p.mat1 = view_of(mat1, kernel_file);
  p.mat2 = view_of(mat2, kernel_file);
  if (p.use_self) {
    p.self = view_of(self.expand(out.sizes()), kernel_file);
  }
  launch(out, matmul_kernel, p, kernel_file);
}

} // namespace torch_mydevice::device_code
