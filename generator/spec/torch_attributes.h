// Whether torch.<name> already exists: such a name cannot be a device name (torch.<name> is the device module).
#pragma once

#include <string_view>

namespace accelgen {

bool is_torch_attribute(std::string_view name);

}  // namespace accelgen
