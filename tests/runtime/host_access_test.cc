// ACCELSIM_HOST_ACCESS=0: accelsim as a discrete device whose memory host code cannot reach. Kernels (host
// functions over device memory) are refused outright, before anything is queued; memory, copies, memsets,
// streams, events, graphs and the device's own code (device functions) keep working.
// This binary has its own main: the mode is read once, when the runtime initializes.
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "accelsim/accelsim.hpp"
#include "test_util.h"

namespace {

std::atomic<int> kernels_run{0};
std::atomic<int> args_destroyed{0};

int countingKernel(void*) {
  kernels_run.fetch_add(1);
  return 0;
}

void countingDestroy(void*) {
  args_destroyed.fetch_add(1);
}

std::string lastMessage() {
  return accelsimGetLastErrorMessage();
}

TEST(HostAccess, EveryDeviceReportsNoHostAccess) {
  for (int device = 0; device < kTestDevices; ++device) {
    int host_access = -1;
    ASSERT_OK(accelsimDeviceGetHostAccess(&host_access, device));
    EXPECT_EQ(host_access, 0) << "device " << device;
  }
  int host_access = -1;
  EXPECT_EQ(accelsimDeviceGetHostAccess(&host_access, kTestDevices), accelsimErrorInvalidDevice);
  EXPECT_EQ(accelsimDeviceGetHostAccess(nullptr, 0), accelsimErrorInvalidValue);
}

TEST(HostAccess, LaunchingAKernelIsRefusedAndRunsNothing) {
  kernels_run = 0;
  args_destroyed = 0;
  for (int device = 0; device < kTestDevices; ++device) {
    ASSERT_OK(accelsimSetDevice(device));
    accelsimStream_t stream = nullptr;
    ASSERT_OK(accelsimStreamCreate(&stream));
    for (accelsimStream_t target : {static_cast<accelsimStream_t>(nullptr), stream}) {
      EXPECT_EQ(accelsimLaunchKernel(target, countingKernel, nullptr, countingDestroy), accelsimErrorNotSupported);
      EXPECT_NE(lastMessage().find("ACCELSIM_HOST_ACCESS=0"), std::string::npos) << lastMessage();
      EXPECT_NE(lastMessage().find("device " + std::to_string(device)), std::string::npos) << lastMessage();
      EXPECT_EQ(accelsimGetLastError(), accelsimErrorNotSupported);
      ASSERT_OK(accelsimStreamSynchronize(target));  // nothing was queued, so nothing failed
    }
    ASSERT_OK(accelsimStreamDestroy(stream));
  }
  ASSERT_OK(accelsimDeviceSynchronize());
  EXPECT_EQ(kernels_run.load(), 0);
  EXPECT_EQ(args_destroyed.load(), 0) << "a refused launch leaves the arguments to the caller";
  EXPECT_EQ(accelsim::launch(nullptr, [] { kernels_run.fetch_add(1); }), accelsimErrorNotSupported);
  EXPECT_EQ(kernels_run.load(), 0);
  ASSERT_OK(accelsimSetDevice(0));
}

TEST(HostAccess, KernelAccessToDeviceMemoryIsRefused) {
  void* device_memory = nullptr;
  ASSERT_OK(accelsimMalloc(&device_memory, 256));
  void* accessible = nullptr;
  EXPECT_EQ(accelsimKernelAccess(device_memory, &accessible), accelsimErrorNotSupported);
  EXPECT_NE(lastMessage().find("ACCELSIM_HOST_ACCESS=0"), std::string::npos) << lastMessage();
  EXPECT_EQ(accessible, nullptr);
  ASSERT_OK(accelsimFree(device_memory));
}

TEST(HostAccess, CopiesMemsetsAndEventsStillWork) {
  constexpr size_t kBytes = 4096;
  void* first = nullptr;
  void* second = nullptr;
  ASSERT_OK(accelsimMalloc(&first, kBytes));
  ASSERT_OK(accelsimMalloc(&second, kBytes));
  std::vector<unsigned char> host(kBytes);
  for (size_t i = 0; i < kBytes; ++i) host[i] = static_cast<unsigned char>(i * 7);
  ASSERT_OK(accelsimMemcpy(first, host.data(), kBytes, accelsimMemcpyHostToDevice));
  ASSERT_OK(accelsimMemcpyAsync(second, first, kBytes, accelsimMemcpyDeviceToDevice, nullptr));
  ASSERT_OK(accelsimMemsetAsync(second, 0x5a, 16, nullptr));
  accelsimEvent_t done = nullptr;
  ASSERT_OK(accelsimEventCreate(&done));
  ASSERT_OK(accelsimEventRecord(done, nullptr));
  ASSERT_OK(accelsimEventSynchronize(done));
  ASSERT_OK(accelsimEventDestroy(done));
  std::vector<unsigned char> back(kBytes, 0);
  ASSERT_OK(accelsimMemcpy(back.data(), second, kBytes, accelsimMemcpyDeviceToHost));
  for (size_t i = 0; i < kBytes; ++i) {
    ASSERT_EQ(back[i], i < 16 ? 0x5a : host[i]) << "byte " << i;
  }
  ASSERT_OK(accelsimFree(first));
  ASSERT_OK(accelsimFree(second));
}

TEST(HostAccess, ARefusedLaunchDuringCaptureLeavesTheCaptureIntact) {
  accelsimStream_t stream = nullptr;
  ASSERT_OK(accelsimStreamCreate(&stream));
  void* device_memory = nullptr;
  ASSERT_OK(accelsimMalloc(&device_memory, 64));
  ASSERT_OK(accelsimStreamBeginCapture(stream));
  ASSERT_OK(accelsimMemsetAsync(device_memory, 0x11, 64, stream));
  EXPECT_EQ(accelsimLaunchKernel(stream, countingKernel, nullptr, nullptr), accelsimErrorNotSupported);
  (void)accelsimGetLastError();
  accelsimGraph_t graph = nullptr;
  ASSERT_OK(accelsimStreamEndCapture(stream, &graph));
  size_t nodes = 0;
  ASSERT_OK(accelsimGraphGetNodeCount(graph, &nodes));
  EXPECT_EQ(nodes, 1u) << "only the memset was captured";
  accelsimGraphExec_t exec = nullptr;
  ASSERT_OK(accelsimGraphInstantiate(&exec, graph));
  ASSERT_OK(accelsimGraphLaunch(exec, stream));
  ASSERT_OK(accelsimStreamSynchronize(stream));
  unsigned char back[64] = {};
  ASSERT_OK(accelsimMemcpy(back, device_memory, 64, accelsimMemcpyDeviceToHost));
  for (unsigned char byte : back) ASSERT_EQ(byte, 0x11);
  ASSERT_OK(accelsimGraphExecDestroy(exec));
  ASSERT_OK(accelsimGraphDestroy(graph));
  ASSERT_OK(accelsimFree(device_memory));
  ASSERT_OK(accelsimStreamDestroy(stream));
}

// The device's own code runs where host code may not: a discrete device runs the kernels compiled for it.
struct ScaleParams {
  float* data;
  size_t n;
  float factor;
};

int scaleOnDevice(const accelsimDeviceContext* context, const void* raw) {
  const auto* p = static_cast<const ScaleParams*>(raw);
  auto* data = static_cast<float*>(accelsimDeviceAddress(context, p->data, p->n * sizeof(float)));
  if (data == nullptr) return 1;
  for (size_t i = 0; i < p->n; ++i) data[i] *= p->factor;
  return 0;
}

TEST(HostAccess, DeviceFunctionsRun) {
  constexpr size_t kN = 64;
  float* data = nullptr;
  ASSERT_OK(accelsimMalloc(reinterpret_cast<void**>(&data), kN * sizeof(float)));
  std::vector<float> host(kN, 2.0f);
  ASSERT_OK(accelsimMemcpy(data, host.data(), kN * sizeof(float), accelsimMemcpyHostToDevice));
  const ScaleParams params{data, kN, 1.5f};
  ASSERT_OK(accelsimLaunchDeviceFunction(nullptr, scaleOnDevice, &params, sizeof params));
  ASSERT_OK(accelsimMemcpy(host.data(), data, kN * sizeof(float), accelsimMemcpyDeviceToHost));
  for (float value : host) EXPECT_FLOAT_EQ(value, 3.0f);
  ASSERT_OK(accelsimFree(data));
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  // Before anything initializes the runtime: the mode is read once, at initialization.
  if (setenv("ACCELSIM_HOST_ACCESS", "0", 1) != 0) return 2;
  accelsimPlatformConfig config{};
  config.device_count = kTestDevices;
  std::strncpy(config.prop.name, "accelsim-discrete", sizeof config.prop.name - 1);
  config.prop.total_memory = kTestDeviceMemory;
  config.prop.stream_priority_low = kTestPriorityLow;
  config.prop.stream_priority_high = kTestPriorityHigh;
  if (accelsimConfigure(&config) != accelsimSuccess) return 2;
  return RUN_ALL_TESTS();
}
