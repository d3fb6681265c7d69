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
  // A float8 format: the device stores it and casts to and from it, and torch._scaled_mm multiplies it; like the
  // CPU, the device has no other arithmetic for it (generated tests that compute in every spec dtype skip it).
  bool float8 = false;
  // The knowledge-base change (knowledge/torch-changes.yaml) that added the dtype to c10::ScalarType, when some
  // supported torch predates it: a spec may list it only for targets that all have it. Empty: every torch has it.
  std::string added_by_change;
};

/// Every dtype a spec may list, in the order of c10::ScalarType.
const std::vector<DtypeInfo>& known_dtypes();
std::optional<DtypeInfo> find_dtype(std::string_view name);
std::vector<std::string> known_dtype_names();

}  // namespace accelgen
