#include "model/device_names.h"

#include <gtest/gtest.h>

namespace {

TEST(DeviceNames, EveryDerivedNameFromOneDeviceName) {
  const auto n = accelgen::device_names("my_device2");
  EXPECT_EQ(n.device, "my_device2");
  EXPECT_EQ(n.package, "torch_my_device2");
  EXPECT_EQ(n.macro_prefix, "MY_DEVICE2");
  EXPECT_EQ(n.class_prefix, "MyDevice2");
  EXPECT_EQ(accelgen::device_names("npu").class_prefix, "Npu");
}

}  // namespace
