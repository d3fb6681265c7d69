// Error codes, strings and the per-thread last error.
#include <cstring>
#include <string>
#include <thread>

#include "test_util.h"

namespace {

const accelsimError_t kAllCodes[] = {
    accelsimSuccess,
    accelsimErrorInvalidValue,
    accelsimErrorInvalidDevice,
    accelsimErrorMemoryAllocation,
    accelsimErrorInvalidDevicePointer,
    accelsimErrorInvalidHandle,
    accelsimErrorNotReady,
    accelsimErrorStreamCaptureUnsupported,
    accelsimErrorStreamCaptureInvalidated,
    accelsimErrorIllegalState,
    accelsimErrorAlreadyInitialized,
    accelsimErrorKernelFailed,
    accelsimErrorNotPermitted,
    accelsimErrorNotSupported,
    accelsimErrorCommTimeout,
    accelsimErrorCommAborted,
    accelsimErrorCommMismatch,
    accelsimErrorUnknown,
};

TEST(Errors, EveryCodeHasANameAndAString) {
  for (accelsimError_t code : kAllCodes) {
    const char* name = accelsimGetErrorName(code);
    const char* text = accelsimGetErrorString(code);
    ASSERT_NE(name, nullptr);
    ASSERT_NE(text, nullptr);
    EXPECT_EQ(std::string(name).rfind("accelsim", 0), 0u) << name;
    EXPECT_GT(std::strlen(text), 0u);
    EXPECT_STRNE(name, "accelsimErrorUnrecognized");
  }
  EXPECT_STREQ(accelsimGetErrorName(accelsimErrorInvalidValue), "accelsimErrorInvalidValue");
  EXPECT_STREQ(accelsimGetErrorName(static_cast<accelsimError_t>(4242)), "accelsimErrorUnrecognized");
  EXPECT_NE(accelsimGetErrorString(static_cast<accelsimError_t>(4242)), nullptr);
}

TEST(Errors, LastErrorIsRecordedPeekedAndCleared) {
  (void)accelsimGetLastError();
  EXPECT_EQ(accelsimPeekAtLastError(), accelsimSuccess);
  EXPECT_STREQ(accelsimGetLastErrorMessage(), "");
  EXPECT_EQ(accelsimSetDevice(99), accelsimErrorInvalidDevice);
  EXPECT_EQ(accelsimPeekAtLastError(), accelsimErrorInvalidDevice);
  EXPECT_NE(std::string(accelsimGetLastErrorMessage()).find("99"), std::string::npos);
  // A successful call does not clear it.
  int count = 0;
  ASSERT_EQ(accelsimGetDeviceCount(&count), accelsimSuccess);
  EXPECT_EQ(accelsimPeekAtLastError(), accelsimErrorInvalidDevice);
  EXPECT_EQ(accelsimGetLastError(), accelsimErrorInvalidDevice);
  EXPECT_EQ(accelsimGetLastError(), accelsimSuccess);
  EXPECT_STREQ(accelsimGetLastErrorMessage(), "");
}

TEST(Errors, LastErrorIsPerThread) {
  (void)accelsimGetLastError();
  EXPECT_EQ(accelsimMalloc(nullptr, 16), accelsimErrorInvalidValue);
  accelsimError_t other = accelsimErrorUnknown;
  std::thread t([&] { other = accelsimPeekAtLastError(); });
  t.join();
  EXPECT_EQ(other, accelsimSuccess);
  EXPECT_EQ(accelsimGetLastError(), accelsimErrorInvalidValue);
}

TEST(Errors, NullArgumentsAreInvalidValue) {
  EXPECT_EQ(accelsimGetDeviceCount(nullptr), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimGetDevice(nullptr), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimGetDeviceProperties(nullptr, 0), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimStreamCreate(nullptr), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimEventCreate(nullptr), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimLaunchKernel(nullptr, nullptr, nullptr, nullptr), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimPointerGetAttributes(nullptr, nullptr), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimConfigure(nullptr), accelsimErrorInvalidValue);
}

}  // namespace
