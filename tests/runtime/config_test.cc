// Platform configuration: the default platform, accelsimConfigure, the ACCELSIM_DEVICE_COUNT override and lazy,
// thread-safe initialization. Each test needs a runtime nobody has touched yet, so each runs in its own process
// (ctest runs every test separately); run by hand, only the first test finds an uninitialized runtime and the
// others skip.
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "test_util.h"

namespace {

bool initialized() {
  int i = 0;
  (void)accelsimIsInitialized(&i);
  return i != 0;
}

TEST(Config, ConfigureThenEnvironmentOverridesTheCount) {
  if (initialized()) GTEST_SKIP() << "needs a fresh process";
  ASSERT_EQ(setenv("ACCELSIM_DEVICE_COUNT", "3", 1), 0);
  accelsimPlatformConfig config{};
  config.device_count = 1;
  std::strncpy(config.prop.name, "configured", sizeof config.prop.name - 1);
  config.prop.total_memory = size_t{8} << 30;  // 8 GiB: reserved lazily, never committed up front
  config.prop.compute_capability_major = 9;
  config.prop.stream_priority_low = 0;
  config.prop.stream_priority_high = -3;
  ASSERT_OK(accelsimConfigure(&config));
  EXPECT_FALSE(initialized()) << "configure must not initialize";
  ASSERT_OK(accelsimConfigure(&config));  // may be repeated until initialization
  int count = 0;
  ASSERT_OK(accelsimGetDeviceCount(&count));
  EXPECT_EQ(count, 3);
  EXPECT_TRUE(initialized());
  accelsimDeviceProp prop{};
  ASSERT_OK(accelsimGetDeviceProperties(&prop, 2));
  EXPECT_STREQ(prop.name, "configured");
  EXPECT_EQ(prop.total_memory, size_t{8} << 30);
  EXPECT_EQ(prop.compute_capability_major, 9);
  size_t free_bytes = 0, total = 0;
  ASSERT_OK(accelsimMemGetInfo(&free_bytes, &total));
  EXPECT_EQ(total, size_t{8} << 30);
  void* big = nullptr;
  ASSERT_OK(accelsimMalloc(&big, size_t{6} << 30));  // address space only
  ASSERT_OK(accelsimFree(big));
  EXPECT_EQ(accelsimConfigure(&config), accelsimErrorAlreadyInitialized);
  unsetenv("ACCELSIM_DEVICE_COUNT");
}

TEST(Config, InvalidConfigurationsAreRejected) {
  accelsimPlatformConfig config{};
  config.device_count = -1;
  config.prop.total_memory = 1 << 20;
  EXPECT_EQ(accelsimConfigure(&config), accelsimErrorInvalidValue);  // validated before the init check
  config.device_count = 1;
  config.prop.total_memory = 0;
  EXPECT_EQ(accelsimConfigure(&config), accelsimErrorInvalidValue);
  config.prop.total_memory = 1 << 20;
  config.prop.stream_priority_low = -5;
  config.prop.stream_priority_high = 0;
  EXPECT_EQ(accelsimConfigure(&config), accelsimErrorInvalidValue);
}

TEST(Config, DefaultPlatform) {
  if (initialized()) GTEST_SKIP() << "needs a fresh process";
  unsetenv("ACCELSIM_DEVICE_COUNT");
  int count = 0;
  ASSERT_OK(accelsimGetDeviceCount(&count));
  EXPECT_EQ(count, 2);
  accelsimDeviceProp prop{};
  ASSERT_OK(accelsimGetDeviceProperties(&prop, 0));
  EXPECT_STREQ(prop.name, "accelsim");
  EXPECT_EQ(prop.total_memory, size_t{1} << 30);
}

TEST(Config, ZeroDevicesFromTheEnvironment) {
  if (initialized()) GTEST_SKIP() << "needs a fresh process";
  ASSERT_EQ(setenv("ACCELSIM_DEVICE_COUNT", "0", 1), 0);
  int count = -1;
  ASSERT_OK(accelsimGetDeviceCount(&count));
  EXPECT_EQ(count, 0);
  void* p = nullptr;
  EXPECT_EQ(accelsimMalloc(&p, 16), accelsimErrorInvalidDevice);
  EXPECT_EQ(accelsimSetDevice(0), accelsimErrorInvalidDevice);
  unsetenv("ACCELSIM_DEVICE_COUNT");
}

TEST(Config, LazyInitializationIsThreadSafe) {
  if (initialized()) GTEST_SKIP() << "needs a fresh process";
  unsetenv("ACCELSIM_DEVICE_COUNT");
  constexpr int kThreads = 8;
  std::vector<int> counts(kThreads, -1);
  std::vector<accelsimStream_t> defaults(kThreads, nullptr);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      (void)accelsimGetDeviceCount(&counts[static_cast<size_t>(t)]);
      (void)accelsimStreamGetDefault(0, &defaults[static_cast<size_t>(t)]);
    });
  for (auto& t : threads) t.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(counts[static_cast<size_t>(t)], 2);
    EXPECT_EQ(defaults[static_cast<size_t>(t)], defaults[0]);
  }
}

}  // namespace
