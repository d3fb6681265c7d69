// The dtypes a spec may name, with their spellings in ATen, Python and C++.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelgen {

struct DtypeInfo {
  std::string name;         // spec spelling and torch attribute: "float32"
  std::string scalar_type;  // c10::ScalarType enumerator: "Float"
  std::string cpp_type;     // C++ element type: "float", "at::Half"
  bool floating;            // usable for autocast
};

/// Every dtype a spec may list, in the order of c10::ScalarType.
const std::vector<DtypeInfo>& known_dtypes();
std::optional<DtypeInfo> find_dtype(std::string_view name);
std::vector<std::string> known_dtype_names();

}  // namespace accelgen
