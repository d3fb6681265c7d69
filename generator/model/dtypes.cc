#include "model/dtypes.h"

namespace accelgen {

const std::vector<DtypeInfo>& known_dtypes() {
  static const std::vector<DtypeInfo> dtypes = {
      {"uint8", "Byte", "uint8_t", false},        {"int8", "Char", "int8_t", false},
      {"int16", "Short", "int16_t", false},       {"int32", "Int", "int32_t", false},
      {"int64", "Long", "int64_t", false},        {"float16", "Half", "at::Half", true},
      {"float32", "Float", "float", true},        {"float64", "Double", "double", true},
      {"complex64", "ComplexFloat", "c10::complex<float>", false},
      {"complex128", "ComplexDouble", "c10::complex<double>", false},
      {"bool", "Bool", "bool", false},            {"bfloat16", "BFloat16", "at::BFloat16", true},
  };
  return dtypes;
}

std::optional<DtypeInfo> find_dtype(std::string_view name) {
  for (const auto& d : known_dtypes()) {
    if (d.name == name) return d;
  }
  return std::nullopt;
}

std::vector<std::string> known_dtype_names() {
  std::vector<std::string> names;
  for (const auto& d : known_dtypes()) names.push_back(d.name);
  return names;
}

}  // namespace accelgen
