#include "model/device_names.h"

#include <cctype>

namespace accelgen {

DeviceNames device_names(std::string_view device) {
  DeviceNames names;
  names.device = std::string(device);
  names.package = "torch_" + names.device;
  bool word_start = true;
  for (char c : device) {
    const auto u = static_cast<unsigned char>(c);
    names.macro_prefix += static_cast<char>(std::toupper(u));
    if (c == '_') {
      word_start = true;
      continue;
    }
    names.class_prefix += word_start ? static_cast<char>(std::toupper(u)) : c;
    word_start = false;
  }
  return names;
}

}  // namespace accelgen
