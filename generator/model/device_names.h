// Every name derived from a device name: the one place that spells them.
#pragma once

#include <string>
#include <string_view>

namespace accelgen {

struct DeviceNames {
  std::string device;        // torch device type string and C++ namespace part: "my_device"
  std::string package;       // Python package and C++ namespace: "torch_my_device"
  std::string macro_prefix;  // preprocessor macros and environment variables: "MY_DEVICE"
  std::string class_prefix;  // C++ and Python class names: "MyDevice"
};

/// The names of a (valid, see spec/name_rules.h) device name.
DeviceNames device_names(std::string_view device);

}  // namespace accelgen
