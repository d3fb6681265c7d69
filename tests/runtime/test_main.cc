// Test entry point: configures a small, known platform before any test touches the runtime.
#include <gtest/gtest.h>

#include <cstring>

#include "test_util.h"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  // Worker threads exist once the runtime runs: death tests must re-execute the binary instead of forking.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  accelsimPlatformConfig config{};
  config.device_count = kTestDevices;
  std::strncpy(config.prop.name, "accelsim-test", sizeof config.prop.name - 1);
  config.prop.total_memory = kTestDeviceMemory;
  config.prop.compute_capability_major = 2;
  config.prop.compute_capability_minor = 1;
  config.prop.multiprocessor_count = 4;
  config.prop.stream_priority_low = kTestPriorityLow;
  config.prop.stream_priority_high = kTestPriorityHigh;
  if (accelsimConfigure(&config) != accelsimSuccess) return 2;
  return RUN_ALL_TESTS();
}
