#include "model/dtypes.h"

namespace accelgen {

const std::vector<DtypeInfo>& known_dtypes() {
  // name, scalar_type, cpp_type, floating (autocast), float8, added_by_change
  static const std::vector<DtypeInfo> dtypes = {
      {"uint8", "Byte", "uint8_t", false, false, ""},
      {"int8", "Char", "int8_t", false, false, ""},
      {"int16", "Short", "int16_t", false, false, ""},
      {"int32", "Int", "int32_t", false, false, ""},
      {"int64", "Long", "int64_t", false, false, ""},
      {"float16", "Half", "at::Half", true, false, ""},
      {"float32", "Float", "float", true, false, ""},
      {"float64", "Double", "double", true, false, ""},
      {"complex64", "ComplexFloat", "c10::complex<float>", false, false, ""},
      {"complex128", "ComplexDouble", "c10::complex<double>", false, false, ""},
      {"bool", "Bool", "bool", false, false, ""},
      {"bfloat16", "BFloat16", "at::BFloat16", true, false, ""},
      {"float8_e5m2", "Float8_e5m2", "c10::Float8_e5m2", false, true, ""},
      {"float8_e4m3fn", "Float8_e4m3fn", "c10::Float8_e4m3fn", false, true, ""},
      {"float8_e5m2fnuz", "Float8_e5m2fnuz", "c10::Float8_e5m2fnuz", false, true, ""},
      {"float8_e4m3fnuz", "Float8_e4m3fnuz", "c10::Float8_e4m3fnuz", false, true, ""},
      {"float8_e8m0fnu", "Float8_e8m0fnu", "c10::Float8_e8m0fnu", false, true, "scalar-type-float8-e8m0fnu"},
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
