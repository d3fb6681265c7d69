#include "model/kernel_signature.h"

#include <cctype>

namespace accelgen {
namespace {

// How one kind of parameter is declared, captured into the kernel and seen inside it.
struct ParamKind {
  const char* type;     // C++ parameter type
  const char* capture;  // capture expression ("%" is the parameter's name); empty: captured by value as is
  const char* rebind;   // declaration inside the kernel ("%": the name), or empty when the capture is used as is
};

// Every kind has its row: the switch names each enumerator, so a new kind without one does not compile (-Wswitch).
ParamKind kind_of(KernelParamKind kind) {
  using K = KernelParamKind;
  switch (kind) {
    case K::Out:
    case K::OptOut:
    case K::Inout: return {"const at::Tensor&", "%_arg = KernelArg(%)", "at::Tensor % = %_arg.cpu();"};
    case K::In: return {"const at::Tensor&", "%_arg = KernelArg(%)", "const at::Tensor % = %_arg.cpu();"};
    case K::OptTensor:
      return {"const at::Tensor&", "%_arg = KernelArg(%)",
              "const std::optional<at::Tensor> % = %_arg.optional_cpu();"};
    case K::List:
      return {"at::TensorList", "%_args = kernel_args(%)", "const std::vector<at::Tensor> % = cpu_tensors(%_args);"};
    case K::Scalar: return {"const c10::Scalar&", "", ""};
    case K::OptScalar: return {"const std::optional<c10::Scalar>&", "", ""};
    case K::Double: return {"double", "", ""};
    case K::Bool: return {"bool", "", ""};
    case K::Int64: return {"int64_t", "", ""};
    case K::Uint64: return {"uint64_t", "", ""};
    case K::Philox: return {"const PhiloxState&", "%_state = %", "const PhiloxSeedOffset % = unpack_philox(%_state);"};
    case K::String: return {"c10::string_view", "%_text = std::string(%)", "const c10::string_view % = %_text;"};
    case K::Dims: return {"at::IntArrayRef", "%_list = %.vec()", "const at::IntArrayRef % = %_list;"};
    case K::OptDims:
      return {"at::OptionalIntArrayRef", "%_list = own_dims(%)", "const at::OptionalIntArrayRef % = view_dims(%_list);"};
    case K::OptDtype: return {"std::optional<c10::ScalarType>", "", ""};
    case K::Dtype: return {"c10::ScalarType", "", ""};
    case K::OptInt: return {"std::optional<int64_t>", "", ""};
    case K::OptDouble: return {"std::optional<double>", "", ""};
  }
  return {"", "", ""};  // not reached: every enumerator has its case
}

std::string substitute(const char* pattern, const std::string& name) {
  std::string out;
  for (const char* p = pattern; *p; ++p) {
    if (*p == '%') {
      out += name;
    } else {
      out += *p;
    }
  }
  return out;
}

// `code` without its `//` comments.
std::string without_comments(const std::string& code) {
  std::string out;
  for (std::size_t at = 0; at < code.size();) {
    const std::size_t comment = code.find("//", at);
    if (comment == std::string::npos) {
      out += code.substr(at);
      break;
    }
    out += code.substr(at, comment - at);
    at = code.find('\n', comment);
    if (at == std::string::npos) break;
  }
  return out;
}

}  // namespace

bool uses_identifier(const std::string& commented_code, const std::string& name) {
  const std::string code = without_comments(commented_code);
  auto identifier_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = code.find(name); at != std::string::npos; at = code.find(name, at + 1)) {
    const bool starts = at == 0 || !identifier_char(code[at - 1]);
    const bool ends = at + name.size() == code.size() || !identifier_char(code[at + name.size()]);
    if (starts && ends) return true;
  }
  return false;
}

std::string kernel_function_name(const std::string& aten_name) {
  std::string name;
  for (char c : aten_name) {
    if (c == '.') c = '_';
    if (c == '_' && !name.empty() && name.back() == '_') continue;
    name += c;
  }
  return name;
}

KernelCode kernel_code(const CatalogOperator& op) {
  KernelCode code;
  code.function = kernel_function_name(op.name);
  using K = KernelParamKind;
  for (const auto& param : op.kernel.params) {
    const ParamKind kind = kind_of(param.kind);
    code.parameters.push_back(std::string(kind.type) + " " + param.name);
    // Tensors and other arguments with a capture expression are captured whatever the body does: they keep what
    // the kernel reads alive until it ran.
    const bool used = *kind.capture || uses_identifier(op.kernel.body, param.name) ||
                      uses_identifier(op.kernel.host, param.name);
    code.definition_parameters.push_back(std::string(kind.type) + " " + (used ? param.name : "/*" + param.name + "*/"));
    if (!used) continue;
    code.captures.push_back(*kind.capture ? substitute(kind.capture, param.name) : param.name);
    if (*kind.rebind) code.rebinds.push_back(substitute(kind.rebind, param.name));
    if (code.device.empty() && (param.kind == K::Out || param.kind == K::Inout)) code.device = param.name + ".device()";
  }
  // A kernel whose outputs may all be unwanted (opt_out: a backward's output_mask) runs on its first input's device
  // (the catalog's loader made sure that it has one).
  for (const auto& param : op.kernel.params) {
    if (code.device.empty() && param.kind == K::In) code.device = param.name + ".device()";
  }
  // A kernel over lists alone (a foreach operator's) runs on its first list's first tensor's device: the wrappers
  // never launch one over an empty list.
  for (const auto& param : op.kernel.params) {
    if (code.device.empty() && param.kind == K::List) code.device = param.name + "[0].device()";
  }
  return code;
}

}  // namespace accelgen
