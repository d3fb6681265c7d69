// Device monitoring: informative properties, utilization sampled from the devices' activity, the temperature and
// power model, the clock rate and the process list.
#include <unistd.h>

#include <chrono>
#include <set>
#include <string>
#include <thread>

#include "test_util.h"

namespace {

using std::chrono::milliseconds;

int sleepKernel(void* p) {
  std::this_thread::sleep_for(milliseconds(*static_cast<int*>(p)));
  return 0;
}

// Keeps device `device` busy for `ms` milliseconds on its default stream and waits for it.
void busy(int device, int ms) {
  ASSERT_OK(accelsimSetDevice(device));
  accelsimStream_t stream = nullptr;
  ASSERT_OK(accelsimStreamGetDefault(device, &stream));
  static int duration;
  duration = ms;
  ASSERT_OK(accelsimLaunchKernel(stream, sleepKernel, &duration, nullptr));
  ASSERT_OK(accelsimStreamSynchronize(stream));
}

TEST(Monitor, InformativePropertiesHaveDefaultsAndEachDeviceItsOwnIdentity) {
  std::set<std::string> uuids;
  std::set<int> buses;
  for (int d = 0; d < kTestDevices; ++d) {
    accelsimDeviceProp prop{};
    ASSERT_OK(accelsimGetDeviceProperties(&prop, d));
    EXPECT_EQ(prop.warp_size, 32);
    EXPECT_EQ(prop.max_threads_per_multi_processor, 2048);
    EXPECT_EQ(prop.L2_cache_size, size_t{4} << 20);
    EXPECT_EQ(prop.clock_rate, 1410000);
    EXPECT_EQ(prop.is_integrated, 0);
    EXPECT_EQ(std::string(prop.uuid).size(), 36u);
    uuids.insert(prop.uuid);
    buses.insert(prop.pci_bus_id);
  }
  EXPECT_EQ(uuids.size(), static_cast<size_t>(kTestDevices));
  EXPECT_EQ(buses.size(), static_cast<size_t>(kTestDevices));
}

TEST(Monitor, UtilizationIsTheBusyShareOfTheSamplePeriod) {
  unsigned compute = 0;
  unsigned memory = 0;
  ASSERT_OK(accelsimDeviceGetUtilization(0, &compute, &memory));  // closes the period since the device started
  std::this_thread::sleep_for(milliseconds(150));
  ASSERT_OK(accelsimDeviceGetUtilization(0, &compute, &memory));
  EXPECT_EQ(compute, 0u);  // idle
  busy(0, 400);
  ASSERT_OK(accelsimDeviceGetUtilization(0, &compute, &memory));
  EXPECT_GE(compute, 60u);
  EXPECT_LE(compute, 100u);
  EXPECT_GE(memory, compute);  // kernels touch memory too
  unsigned again = 0;
  ASSERT_OK(accelsimDeviceGetUtilization(0, &again, &memory));  // within 100 ms: the same sample
  EXPECT_EQ(again, compute);
  unsigned other = 0;
  ASSERT_OK(accelsimDeviceGetUtilization(1, &other, &memory));  // device 1 did nothing of it
  EXPECT_LT(other, 10u);
  std::this_thread::sleep_for(milliseconds(150));
  ASSERT_OK(accelsimDeviceGetUtilization(0, &compute, &memory));
  EXPECT_EQ(compute, 0u);
  EXPECT_EQ(accelsimDeviceGetUtilization(kTestDevices, &compute, &memory), accelsimErrorInvalidDevice);
  EXPECT_EQ(accelsimDeviceGetUtilization(0, nullptr, &memory), accelsimErrorInvalidValue);
}

TEST(Monitor, TemperatureAndPowerRiseWithTheLoad) {
  std::this_thread::sleep_for(milliseconds(150));
  unsigned idle_celsius = 0;
  unsigned idle_milliwatts = 0;
  ASSERT_OK(accelsimDeviceGetTemperature(0, &idle_celsius));
  ASSERT_OK(accelsimDeviceGetPowerUsage(0, &idle_milliwatts));
  EXPECT_GE(idle_celsius, 30u);
  EXPECT_GE(idle_milliwatts, 25'000u);
  busy(0, 400);
  unsigned busy_celsius = 0;
  unsigned busy_milliwatts = 0;
  ASSERT_OK(accelsimDeviceGetTemperature(0, &busy_celsius));
  ASSERT_OK(accelsimDeviceGetPowerUsage(0, &busy_milliwatts));
  EXPECT_GT(busy_celsius, idle_celsius);
  EXPECT_LE(busy_celsius, 80u);
  EXPECT_GT(busy_milliwatts, idle_milliwatts);
  EXPECT_LE(busy_milliwatts, 300'000u);
  unsigned mhz = 0;
  ASSERT_OK(accelsimDeviceGetClockRate(0, &mhz));
  EXPECT_EQ(mhz, 1410u);
}

TEST(Monitor, TheProcessListNamesThisProcessAndItsMemory) {
  ASSERT_OK(accelsimSetDevice(0));
  void* p = nullptr;
  ASSERT_OK(accelsimMalloc(&p, 1 << 20));
  int count = 0;
  EXPECT_EQ(accelsimDeviceGetProcesses(0, nullptr, &count), accelsimErrorInvalidValue);
  EXPECT_EQ(count, 1);
  accelsimProcessInfo info{};
  count = 1;
  ASSERT_OK(accelsimDeviceGetProcesses(0, &info, &count));
  EXPECT_EQ(count, 1);
  EXPECT_EQ(info.pid, static_cast<long long>(getpid()));
  EXPECT_GE(info.used_bytes, size_t{1} << 20);
  ASSERT_OK(accelsimFree(p));
}

}  // namespace
