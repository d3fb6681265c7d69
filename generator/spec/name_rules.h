// The rules a device name must follow: it becomes a C++ identifier, a Python package suffix, a macro prefix and
// a torch device type string.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelgen {

/// Device types PyTorch already has (c10/core/DeviceType.h), which a PrivateUse1 backend cannot take.
const std::vector<std::string>& builtin_device_types();

/// Why `name` cannot be a device name (which rule failed and how to fix it), or nullopt when it is fine.
std::optional<std::string> device_name_problem(std::string_view name);

}  // namespace accelgen
