// Devices: count and properties from the configured platform, per-thread current device, lazy initialization.
#include <atomic>
#include <thread>
#include <vector>

#include "test_util.h"

namespace {

TEST(Device, CountAndPropertiesComeFromTheConfiguration) {
  int count = 0;
  ASSERT_OK(accelsimGetDeviceCount(&count));
  EXPECT_EQ(count, kTestDevices);
  for (int d = 0; d < count; ++d) {
    accelsimDeviceProp prop{};
    ASSERT_OK(accelsimGetDeviceProperties(&prop, d));
    EXPECT_STREQ(prop.name, "accelsim-test");
    EXPECT_EQ(prop.total_memory, kTestDeviceMemory);
    EXPECT_EQ(prop.compute_capability_major, 2);
    EXPECT_EQ(prop.compute_capability_minor, 1);
    EXPECT_EQ(prop.multiprocessor_count, 4);
    EXPECT_EQ(prop.stream_priority_low, kTestPriorityLow);
    EXPECT_EQ(prop.stream_priority_high, kTestPriorityHigh);
  }
  accelsimDeviceProp prop{};
  EXPECT_EQ(accelsimGetDeviceProperties(&prop, kTestDevices), accelsimErrorInvalidDevice);
  EXPECT_EQ(accelsimGetDeviceProperties(&prop, -1), accelsimErrorInvalidDevice);
}

TEST(Device, ConfigureAfterInitializationIsRefused) {
  int count = 0;
  ASSERT_OK(accelsimGetDeviceCount(&count));
  int initialized = 0;
  ASSERT_OK(accelsimIsInitialized(&initialized));
  EXPECT_EQ(initialized, 1);
  accelsimPlatformConfig config{};
  config.device_count = 1;
  config.prop.total_memory = 1 << 20;
  EXPECT_EQ(accelsimConfigure(&config), accelsimErrorAlreadyInitialized);
}

TEST(Device, CurrentDeviceIsPerThreadAndStartsAtZero) {
  ASSERT_OK(accelsimSetDevice(1));
  int mine = -1;
  ASSERT_OK(accelsimGetDevice(&mine));
  EXPECT_EQ(mine, 1);
  int other = -1;
  std::thread t([&] { (void)accelsimGetDevice(&other); });
  t.join();
  EXPECT_EQ(other, 0);
  EXPECT_EQ(accelsimSetDevice(kTestDevices), accelsimErrorInvalidDevice);
  ASSERT_OK(accelsimGetDevice(&mine));
  EXPECT_EQ(mine, 1);
  ASSERT_OK(accelsimSetDevice(0));
}

TEST(Device, HostAccessIsOnByDefault) {
  // Kernels reach device memory unless ACCELSIM_HOST_ACCESS=0 (host_access_test covers that mode).
  for (int d = 0; d < kTestDevices; ++d) {
    int host_access = -1;
    ASSERT_OK(accelsimDeviceGetHostAccess(&host_access, d));
    EXPECT_EQ(host_access, 1) << "device " << d;
  }
}

TEST(Device, StreamPriorityRange) {
  int least = 99, greatest = 99;
  ASSERT_OK(accelsimDeviceGetStreamPriorityRange(&least, &greatest));
  EXPECT_EQ(least, kTestPriorityLow);
  EXPECT_EQ(greatest, kTestPriorityHigh);
  ASSERT_OK(accelsimDeviceGetStreamPriorityRange(nullptr, &greatest));
}

TEST(Device, DeviceSynchronizeWaitsForEveryStreamOfTheDevice) {
  constexpr int kStreams = 4;
  accelsimStream_t streams[kStreams];
  std::atomic<int> done{0};
  for (auto& s : streams) ASSERT_OK(accelsimStreamCreate(&s));
  auto slow = [](void* p) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    static_cast<std::atomic<int>*>(p)->fetch_add(1);
    return 0;
  };
  for (auto& s : streams) ASSERT_OK(accelsimLaunchKernel(s, slow, &done, nullptr));
  ASSERT_OK(accelsimLaunchKernel(nullptr, slow, &done, nullptr));
  ASSERT_OK(accelsimDeviceSynchronize());
  EXPECT_EQ(done.load(), kStreams + 1);
  for (auto& s : streams) ASSERT_OK(accelsimStreamDestroy(s));
}

TEST(Device, DeviceSynchronizeOnlyCoversTheCurrentDevice) {
  std::atomic<bool> release{false};
  std::atomic<bool> finished{false};
  struct Args {
    std::atomic<bool>* release;
    std::atomic<bool>* finished;
  } args{&release, &finished};
  ASSERT_OK(accelsimSetDevice(1));
  ASSERT_OK(accelsimLaunchKernel(
      nullptr,
      [](void* p) {
        auto* a = static_cast<Args*>(p);
        while (!a->release->load()) std::this_thread::yield();
        a->finished->store(true);
        return 0;
      },
      &args, nullptr));
  ASSERT_OK(accelsimSetDevice(0));
  ASSERT_OK(accelsimDeviceSynchronize());  // device 0: returns although device 1 is blocked
  EXPECT_FALSE(finished.load());
  release.store(true);
  ASSERT_OK(accelsimSetDevice(1));
  ASSERT_OK(accelsimDeviceSynchronize());
  EXPECT_TRUE(finished.load());
  ASSERT_OK(accelsimSetDevice(0));
}

}  // namespace
