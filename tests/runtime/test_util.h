// Shared helpers for the accelsim runtime tests.
#ifndef ACCELGEN_TESTS_RUNTIME_TEST_UTIL_H_
#define ACCELGEN_TESTS_RUNTIME_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cstddef>

#include "accelsim/accelsim.h"

// The platform every test binary (except config_test) configures in test_main.cc.
inline constexpr int kTestDevices = 2;
inline constexpr size_t kTestDeviceMemory = size_t{64} << 20;
inline constexpr int kTestPriorityLow = 0;
inline constexpr int kTestPriorityHigh = -2;

#define ASSERT_OK(expr)                                                                        \
  do {                                                                                         \
    const accelsimError_t accelsim_status_ = (expr);                                           \
    ASSERT_EQ(accelsim_status_, accelsimSuccess)                                               \
        << #expr << " -> " << accelsimGetErrorName(accelsim_status_) << ": "                   \
        << accelsimGetLastErrorMessage();                                                      \
  } while (0)

#define EXPECT_OK(expr)                                                                        \
  do {                                                                                         \
    const accelsimError_t accelsim_status_ = (expr);                                           \
    EXPECT_EQ(accelsim_status_, accelsimSuccess)                                               \
        << #expr << " -> " << accelsimGetErrorName(accelsim_status_) << ": "                   \
        << accelsimGetLastErrorMessage();                                                      \
  } while (0)

// Kernel helpers used by several suites.
struct FillArgs {
  void* dev;
  size_t n;
  unsigned char value;
};
inline int fillKernel(void* p) {
  auto* a = static_cast<FillArgs*>(p);
  void* acc = nullptr;
  if (accelsimKernelAccess(a->dev, &acc) != accelsimSuccess) return 1;
  auto* bytes = static_cast<unsigned char*>(acc);
  for (size_t i = 0; i < a->n; ++i) bytes[i] = a->value;
  return 0;
}

#endif  // ACCELGEN_TESTS_RUNTIME_TEST_UTIL_H_
