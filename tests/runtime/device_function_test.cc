// Device functions (accelsimLaunchDeviceFunction): the device's own code, run in stream order with a copy of its
// parameter block, reaching device memory only through accelsimDeviceAddress, which refuses out-of-bounds ranges.
// That they run on a device without host access is checked in host_access_test.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "test_util.h"

namespace {

// y[i] = a * x[i] + y[i] over n floats: the kind of kernel a vendor compiles for its device.
struct AxpyParams {
  const float* x;
  float* y;
  size_t n;
  float a;
};

int axpy(const accelsimDeviceContext* context, const void* raw) {
  const auto* p = static_cast<const AxpyParams*>(raw);
  const auto* x = static_cast<const float*>(accelsimDeviceAddress(context, p->x, p->n * sizeof(float)));
  auto* y = static_cast<float*>(accelsimDeviceAddress(context, p->y, p->n * sizeof(float)));
  if (x == nullptr || y == nullptr) return 1;  // an access outside the allocations: the device faults
  for (size_t i = 0; i < p->n; ++i) y[i] += p->a * x[i];
  return 0;
}

std::vector<float> download(const float* device, size_t n) {
  std::vector<float> host(n);
  EXPECT_EQ(accelsimMemcpy(host.data(), device, n * sizeof(float), accelsimMemcpyDeviceToHost), accelsimSuccess);
  return host;
}

class DeviceFunction : public ::testing::Test {
 protected:
  static constexpr size_t kN = 1000;
  void SetUp() override {
    ASSERT_OK(accelsimMalloc(reinterpret_cast<void**>(&x_), kN * sizeof(float)));
    ASSERT_OK(accelsimMalloc(reinterpret_cast<void**>(&y_), kN * sizeof(float)));
    std::vector<float> ones(kN, 1.0f), iota(kN);
    for (size_t i = 0; i < kN; ++i) iota[i] = static_cast<float>(i);
    ASSERT_OK(accelsimMemcpy(x_, iota.data(), kN * sizeof(float), accelsimMemcpyHostToDevice));
    ASSERT_OK(accelsimMemcpy(y_, ones.data(), kN * sizeof(float), accelsimMemcpyHostToDevice));
  }
  void TearDown() override {
    EXPECT_OK(accelsimFree(x_));
    EXPECT_OK(accelsimFree(y_));
  }
  float* x_ = nullptr;
  float* y_ = nullptr;
};

TEST_F(DeviceFunction, RunsInStreamOrderWithACopyOfItsParameters) {
  AxpyParams params{x_, y_, kN, 2.0f};
  ASSERT_OK(accelsimLaunchDeviceFunction(nullptr, axpy, &params, sizeof params));
  params.a = 3.0f;  // the launch copied the block: this is a second launch's parameter, not the first's
  ASSERT_OK(accelsimLaunchDeviceFunction(nullptr, axpy, &params, sizeof params));
  ASSERT_OK(accelsimStreamSynchronize(nullptr));
  const std::vector<float> y = download(y_, kN);
  for (size_t i = 0; i < kN; i += 97) EXPECT_FLOAT_EQ(y[i], 1.0f + 5.0f * static_cast<float>(i)) << i;
}

TEST_F(DeviceFunction, AnOutOfBoundsAccessFailsTheStream) {
  AxpyParams params{x_, y_, kN + 1, 1.0f};  // one element past both allocations
  ASSERT_OK(accelsimLaunchDeviceFunction(nullptr, axpy, &params, sizeof params));
  EXPECT_EQ(accelsimStreamSynchronize(nullptr), accelsimErrorKernelFailed);
  ASSERT_OK(accelsimStreamSynchronize(nullptr));  // reported once
  const std::vector<float> y = download(y_, kN);
  EXPECT_FLOAT_EQ(y[10], 1.0f) << "the faulting function wrote nothing";
}

TEST_F(DeviceFunction, AddressIsRefusedOutsideDeviceWork) {
  const accelsimDeviceContext* no_context = nullptr;
  EXPECT_EQ(accelsimDeviceAddress(no_context, x_, 4), nullptr);
}

TEST_F(DeviceFunction, ParameterBlocksAreChecked) {
  AxpyParams params{x_, y_, kN, 1.0f};
  EXPECT_EQ(accelsimLaunchDeviceFunction(nullptr, nullptr, &params, sizeof params), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimLaunchDeviceFunction(nullptr, axpy, nullptr, sizeof params), accelsimErrorInvalidValue);
  std::vector<unsigned char> big(ACCELSIM_MAX_PARAMS_SIZE + 1);
  EXPECT_EQ(accelsimLaunchDeviceFunction(nullptr, axpy, big.data(), big.size()), accelsimErrorInvalidValue);
  EXPECT_NE(std::string(accelsimGetLastErrorMessage()).find("limit"), std::string::npos);
}

TEST_F(DeviceFunction, IsCapturedAndReplayedWithItsParameters) {
  accelsimStream_t stream = nullptr;
  ASSERT_OK(accelsimStreamCreate(&stream));
  AxpyParams params{x_, y_, kN, 1.0f};
  ASSERT_OK(accelsimStreamBeginCapture(stream));
  ASSERT_OK(accelsimLaunchDeviceFunction(stream, axpy, &params, sizeof params));
  accelsimGraph_t graph = nullptr;
  ASSERT_OK(accelsimStreamEndCapture(stream, &graph));
  params.a = 100.0f;  // the graph holds its own copy
  accelsimGraphExec_t exec = nullptr;
  ASSERT_OK(accelsimGraphInstantiate(&exec, graph));
  for (int replay = 0; replay < 3; ++replay) ASSERT_OK(accelsimGraphLaunch(exec, stream));
  ASSERT_OK(accelsimStreamSynchronize(stream));
  const std::vector<float> y = download(y_, kN);
  EXPECT_FLOAT_EQ(y[7], 1.0f + 3.0f * 7.0f) << "captured once, replayed three times, with a = 1";
  ASSERT_OK(accelsimGraphExecDestroy(exec));
  ASSERT_OK(accelsimGraphDestroy(graph));
  ASSERT_OK(accelsimStreamDestroy(stream));
}

}  // namespace
