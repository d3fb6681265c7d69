#include "spec/name_rules.h"

#include <algorithm>
#include <set>

#include "spec/torch_attributes.h"

namespace accelgen {

const std::vector<std::string>& builtin_device_types() {
  // Lower-case names of c10::DeviceType (both torch 2.6 and 2.14), plus the aliases torch.device() accepts.
  static const std::vector<std::string> types = {
      "cpu", "cuda", "mkldnn", "opengl", "opencl", "ideep", "hip", "fpga", "maia", "xla", "vulkan", "metal",
      "xpu", "mps", "meta", "hpu", "ve", "lazy", "ipu", "mtia", "privateuseone", "privateuse1", "ort", "msnpu",
      "gpu", "accelerator"};
  return types;
}

static bool is_keyword(std::string_view name) {
  // C++20 keywords and alternative tokens, and Python keywords and soft keywords: the name is used as an
  // identifier in both languages.
  static const std::set<std::string_view> keywords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
      "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
      "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default",
      "delete", "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float",
      "for", "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not",
      "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
      "reinterpret_cast", "requires", "return", "short", "signed", "sizeof", "static", "static_assert",
      "static_cast", "struct", "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef",
      "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while",
      "xor", "xor_eq",
      // Python
      "as", "assert", "async", "await", "def", "del", "elif", "except", "finally", "from", "global", "import",
      "in", "is", "lambda", "nonlocal", "pass", "raise", "with", "yield", "none", "match", "type",
      // Names that shadow the torch namespace's own modules when registered as torch.<name>
      "torch", "nn", "cpp", "utils", "backends", "distributed", "testing", "library", "ops", "amp", "autograd",
      "random", "version", "accelerator", "device", "stream", "event", "tensor"};
  return keywords.contains(name);
}

std::optional<std::string> device_name_problem(std::string_view name) {
  if (name.empty()) return "the device name is empty; use a lowercase identifier such as 'mydevice'";
  if (name.size() > 32) return "the device name is longer than 32 characters";
  if (!(name[0] >= 'a' && name[0] <= 'z')) {
    return "the device name must start with a lowercase letter (a-z)";
  }
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) {
      return std::string("the device name may only contain lowercase letters, digits and '_' (found '") + c +
             "'); it must be a lowercase identifier usable in C++ and Python";
    }
  }
  if (name.back() == '_') return "the device name must not end with '_'";
  if (name.find("__") != std::string_view::npos) {
    return "the device name must not contain '__' (reserved identifiers in C++)";
  }
  const auto& builtin = builtin_device_types();
  if (std::find(builtin.begin(), builtin.end(), name) != builtin.end()) {
    return "'" + std::string(name) + "' is a device type PyTorch already has; choose a name of your own";
  }
  for (const std::string& type : builtin) {
    if (name.starts_with(type)) {
      // torch tells device strings apart by prefix in places: torch.load's location tags ("cuda:0" restores on
      // CUDA when location.startswith("cuda"), likewise cpu, mps, hpu, xpu), and string checks such as
      // device.startswith("cuda") in torch and in libraries built on it (pytorch#165455).
      std::string problem = "'" + std::string(name) + "' begins with '" + type +
                            "', a device type PyTorch already has, and torch matches device strings by prefix in "
                            "places (torch.load restores a tensor saved on '" + std::string(name) +
                            ":0' as a " + type + " tensor)";
      const std::string suggestion = "x" + std::string(name);
      if (!device_name_problem(suggestion)) problem += "; choose a name that does not, such as '" + suggestion + "'";
      return problem;
    }
  }
  if (is_keyword(name)) {
    return "'" + std::string(name) + "' is a C++ or Python keyword or a reserved torch module name";
  }
  if (is_torch_attribute(name)) {
    return "torch." + std::string(name) + " already exists in PyTorch, and the device module is registered as torch." +
           std::string(name) + "; choose a name that is not an attribute of the torch module";
  }
  return std::nullopt;
}

}  // namespace accelgen
