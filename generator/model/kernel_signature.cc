#include "model/kernel_signature.h"

#include <cctype>
#include <map>
#include <stdexcept>

namespace accelgen {
namespace {

// How one kind of parameter is declared, captured into the kernel and seen inside it.
struct ParamKind {
  const char* type;     // C++ parameter type
  const char* capture;  // capture expression ("%" is the parameter's name); empty: captured by value as is
  const char* rebind;   // declaration inside the kernel ("%": the name), or empty when the capture is used as is
};

const std::map<std::string, ParamKind>& kinds() {
  static const std::map<std::string, ParamKind> table = {
      {"out", {"const at::Tensor&", "%_arg = KernelArg(%)", "at::Tensor % = %_arg.cpu();"}},
      {"opt_out", {"const at::Tensor&", "%_arg = KernelArg(%)", "at::Tensor % = %_arg.cpu();"}},
      {"inout", {"const at::Tensor&", "%_arg = KernelArg(%)", "at::Tensor % = %_arg.cpu();"}},
      {"in", {"const at::Tensor&", "%_arg = KernelArg(%)", "const at::Tensor % = %_arg.cpu();"}},
      {"opt_tensor", {"const at::Tensor&", "%_arg = KernelArg(%)", "const std::optional<at::Tensor> % = %_arg.optional_cpu();"}},
      {"list", {"at::TensorList", "%_args = kernel_args(%)", "const std::vector<at::Tensor> % = cpu_tensors(%_args);"}},
      {"scalar", {"const c10::Scalar&", "", ""}},
      {"opt_scalar", {"const std::optional<c10::Scalar>&", "", ""}},
      {"double", {"double", "", ""}},
      {"bool", {"bool", "", ""}},
      {"int64", {"int64_t", "", ""}},
      {"uint64", {"uint64_t", "", ""}},
      {"philox", {"const PhiloxState&", "%_state = %", "const PhiloxSeedOffset % = unpack_philox(%_state);"}},
      {"string", {"c10::string_view", "%_text = std::string(%)", "const c10::string_view % = %_text;"}},
      {"dims", {"at::IntArrayRef", "%_list = %.vec()", "const at::IntArrayRef % = %_list;"}},
      {"opt_dims", {"at::OptionalIntArrayRef", "%_list = own_dims(%)", "const at::OptionalIntArrayRef % = view_dims(%_list);"}},
      {"opt_dtype", {"std::optional<c10::ScalarType>", "", ""}},
      {"dtype", {"c10::ScalarType", "", ""}},
      {"opt_int", {"std::optional<int64_t>", "", ""}},
      {"opt_double", {"std::optional<double>", "", ""}},
  };
  return table;
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
  for (const auto& param : op.kernel.params) {
    const auto kind = kinds().find(param.kind);
    if (kind == kinds().end()) throw std::logic_error(op.name + ": unknown kernel parameter kind " + param.kind);
    code.parameters.push_back(std::string(kind->second.type) + " " + param.name);
    // Tensors and other arguments with a capture expression are captured whatever the body does: they keep what
    // the kernel reads alive until it ran.
    const bool used = *kind->second.capture || uses_identifier(op.kernel.body, param.name) ||
                      uses_identifier(op.kernel.host, param.name);
    code.definition_parameters.push_back(std::string(kind->second.type) + " " +
                                         (used ? param.name : "/*" + param.name + "*/"));
    if (!used) continue;
    code.captures.push_back(*kind->second.capture ? substitute(kind->second.capture, param.name) : param.name);
    if (*kind->second.rebind) code.rebinds.push_back(substitute(kind->second.rebind, param.name));
    if (code.device.empty() && (param.kind == "out" || param.kind == "inout")) code.device = param.name + ".device()";
  }
  // A kernel whose outputs may all be unwanted (opt_out: a backward's output_mask) runs on its first input's device.
  for (const auto& param : op.kernel.params) {
    if (code.device.empty() && param.kind == "in") code.device = param.name + ".device()";
  }
  if (code.device.empty()) throw std::logic_error(op.name + ": a kernel needs an output or input tensor");
  return code;
}

}  // namespace accelgen
