// How a device kernel's signature (model/operator_catalog.h) becomes C++: its declaration, and the pieces of
// accelgen's default implementation, which enqueues the computation on the current stream (a lambda that
// captures each argument by value and rebinds the tensors to CPU views of device memory).
#pragma once

#include <string>
#include <vector>

#include "model/operator_catalog.h"

namespace accelgen {

struct KernelCode {
  std::string function;               // "add_Tensor": a C++ identifier, also the kernel file's stem
  std::vector<std::string> parameters;  // "const at::Tensor& out", "const at::Tensor& self", ...
  std::vector<std::string> definition_parameters;  // the same, "bool /*use_fast_accum*/" where the body ignores it
  std::string device;                 // the device the kernel runs on: "out.device()"
  std::vector<std::string> captures;  // "out_arg = KernelArg(out)", "alpha", ...
  std::vector<std::string> rebinds;   // "at::Tensor out = out_arg.cpu();", ...
};

/// The kernel function's name for an ATen operator: dots become underscores, and a double underscore (reserved
/// in C++: masked_fill_.Scalar) becomes one.
std::string kernel_function_name(const std::string& aten_name);

/// Whether C++ `code` uses `name` as an identifier (not as part of a longer one), comments aside.
bool uses_identifier(const std::string& code, const std::string& name);

/// A parameter the default implementation (the kernel's body and host code) does not use is neither captured nor
/// named in the definition.
KernelCode kernel_code(const CatalogOperator& op);

}  // namespace accelgen
