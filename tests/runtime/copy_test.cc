// Copies in every direction, synchronous and asynchronous, memset, and pointer/kind validation.
#include <atomic>
#include <cstring>
#include <numeric>
#include <thread>
#include <vector>

#include "accelsim/accelsim.hpp"
#include "test_util.h"

namespace {

std::vector<unsigned char> pattern(size_t n, unsigned seed) {
  std::vector<unsigned char> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<unsigned char>((i * 131 + seed) & 0xff);
  return v;
}

TEST(Copy, SynchronousRoundTripInEveryDirection) {
  const size_t n = 3 * 4096 + 17;
  auto src = pattern(n, 1);
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_OK(accelsimMalloc(&a, n));
  ASSERT_OK(accelsimMalloc(&b, n));
  ASSERT_OK(accelsimMemcpy(a, src.data(), n, accelsimMemcpyHostToDevice));
  ASSERT_OK(accelsimMemcpy(b, a, n, accelsimMemcpyDeviceToDevice));
  std::vector<unsigned char> out(n), out2(n);
  ASSERT_OK(accelsimMemcpy(out.data(), b, n, accelsimMemcpyDeviceToHost));
  EXPECT_EQ(out, src);
  ASSERT_OK(accelsimMemcpy(out2.data(), out.data(), n, accelsimMemcpyHostToHost));
  EXPECT_EQ(out2, src);
  ASSERT_OK(accelsimFree(a));
  ASSERT_OK(accelsimFree(b));
}

TEST(Copy, LargeCopiesAndFillsSplitAcrossThreadsWriteEveryByteOnce) {
  // Above the copy engine's split size (8 MiB), of a length that is no multiple of its page-sized chunks: every
  // byte lands where it belongs, none outside the range.
  const size_t n = (size_t{24} << 20) + 4096 * 3 + 123;
  auto src = pattern(n, 5);
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_OK(accelsimMalloc(&a, n + 64));
  ASSERT_OK(accelsimMalloc(&b, n + 64));
  ASSERT_OK(accelsimMemsetAsync(b, 0x5a, n + 64, nullptr));  // the synchronous copies below come after it
  ASSERT_OK(accelsimMemcpy(a, src.data(), n, accelsimMemcpyHostToDevice));
  ASSERT_OK(accelsimMemcpy(b, a, n, accelsimMemcpyDeviceToDevice));
  std::vector<unsigned char> out(n + 64);
  ASSERT_OK(accelsimMemcpy(out.data(), b, n + 64, accelsimMemcpyDeviceToHost));
  EXPECT_EQ(std::memcmp(out.data(), src.data(), n), 0);
  for (size_t i = n; i < n + 64; ++i) ASSERT_EQ(out[i], 0x5a) << i;
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  ASSERT_OK(accelsimMemsetAsync(static_cast<unsigned char*>(b) + 1, 0xc3, n - 1, s));
  ASSERT_OK(accelsimMemcpyAsync(out.data(), b, n + 64, accelsimMemcpyDeviceToHost, s));
  ASSERT_OK(accelsimStreamSynchronize(s));
  EXPECT_EQ(out[0], src[0]);
  for (size_t i = 1; i < n; ++i) ASSERT_EQ(out[i], 0xc3) << i;
  for (size_t i = n; i < n + 64; ++i) ASSERT_EQ(out[i], 0x5a) << i;
  ASSERT_OK(accelsimStreamDestroy(s));
  ASSERT_OK(accelsimFree(a));
  ASSERT_OK(accelsimFree(b));
}

TEST(Copy, AsyncCopiesAcrossDevicesWithPinnedAndPageableMemory) {
  const size_t n = 1 << 20;
  void* pinned_in = nullptr;
  void* pinned_out = nullptr;
  ASSERT_OK(accelsimHostAlloc(&pinned_in, n));
  ASSERT_OK(accelsimHostAlloc(&pinned_out, n));
  auto src = pattern(n, 9);
  std::memcpy(pinned_in, src.data(), n);
  void* d0 = nullptr;
  void* d1 = nullptr;
  ASSERT_OK(accelsimMalloc(&d0, n));
  ASSERT_OK(accelsimSetDevice(1));
  ASSERT_OK(accelsimMalloc(&d1, n));
  ASSERT_OK(accelsimSetDevice(0));
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  ASSERT_OK(accelsimMemcpyAsync(d0, pinned_in, n, accelsimMemcpyHostToDevice, s));
  ASSERT_OK(accelsimMemcpyAsync(d1, d0, n, accelsimMemcpyDeviceToDevice, s));  // peer copy
  ASSERT_OK(accelsimMemcpyAsync(pinned_out, d1, n, accelsimMemcpyDefault, s));
  std::vector<unsigned char> pageable(n);
  ASSERT_OK(accelsimMemcpyAsync(pageable.data(), d1, n, accelsimMemcpyDeviceToHost, s));
  ASSERT_OK(accelsimStreamSynchronize(s));
  EXPECT_EQ(std::memcmp(pinned_out, src.data(), n), 0);
  EXPECT_EQ(pageable, src);
  ASSERT_OK(accelsimStreamDestroy(s));
  ASSERT_OK(accelsimFree(d0));
  ASSERT_OK(accelsimFree(d1));
  ASSERT_OK(accelsimFreeHost(pinned_in));
  ASSERT_OK(accelsimFreeHost(pinned_out));
}

TEST(Copy, AsyncCopyIsOrderedAfterEarlierKernels) {
  void* d = nullptr;
  ASSERT_OK(accelsimMalloc(&d, 4096));
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  std::atomic<bool> go{false};
  ASSERT_OK(accelsim::launch(s, [&go] {
    while (!go.load()) std::this_thread::yield();
  }));
  FillArgs fill{d, 4096, 0xab};
  ASSERT_OK(accelsimLaunchKernel(s, fillKernel, &fill, nullptr));
  std::vector<unsigned char> out(4096, 0);
  ASSERT_OK(accelsimMemcpyAsync(out.data(), d, 4096, accelsimMemcpyDeviceToHost, s));
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(accelsimStreamQuery(s), accelsimErrorNotReady);  // nothing ran: the copy waits behind the kernels
  go.store(true);
  ASSERT_OK(accelsimStreamSynchronize(s));
  for (unsigned char c : out) ASSERT_EQ(c, 0xab);
  ASSERT_OK(accelsimStreamDestroy(s));
  ASSERT_OK(accelsimFree(d));
}

TEST(Copy, SynchronousCopyIsOrderedAfterTheDefaultStream) {
  void* d = nullptr;
  ASSERT_OK(accelsimMalloc(&d, 1024));
  FillArgs fill{d, 1024, 0x11};
  ASSERT_OK(accelsim::launch(nullptr, [] { std::this_thread::sleep_for(std::chrono::milliseconds(5)); }));
  ASSERT_OK(accelsimLaunchKernel(nullptr, fillKernel, &fill, nullptr));
  std::vector<unsigned char> out(1024);
  ASSERT_OK(accelsimMemcpy(out.data(), d, 1024, accelsimMemcpyDeviceToHost));
  for (unsigned char c : out) ASSERT_EQ(c, 0x11);
  ASSERT_OK(accelsimFree(d));
}

TEST(Copy, MemsetAsync) {
  void* d = nullptr;
  ASSERT_OK(accelsimMalloc(&d, 10000));
  ASSERT_OK(accelsimMemsetAsync(d, 0x3c, 10000, nullptr));
  ASSERT_OK(accelsimMemsetAsync(static_cast<char*>(d) + 100, 0, 50, nullptr));
  std::vector<unsigned char> out(10000);
  ASSERT_OK(accelsimMemcpy(out.data(), d, out.size(), accelsimMemcpyDeviceToHost));
  for (size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], (i >= 100 && i < 150) ? 0 : 0x3c) << i;
  int host = 0;
  EXPECT_EQ(accelsimMemsetAsync(&host, 0, sizeof host, nullptr), accelsimErrorInvalidDevicePointer);
  ASSERT_OK(accelsimFree(d));
}

TEST(Copy, ValidationCatchesWrongKindsOverrunsAndStalePointers) {
  void* d = nullptr;
  ASSERT_OK(accelsimMalloc(&d, 1000));
  std::vector<unsigned char> host(2000);
  EXPECT_EQ(accelsimMemcpy(host.data(), d, 100, accelsimMemcpyHostToDevice), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimMemcpy(d, host.data(), 100, accelsimMemcpyDeviceToHost), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimMemcpy(d, host.data(), 100, accelsimMemcpyHostToHost), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimMemcpy(d, host.data(), 1001, accelsimMemcpyHostToDevice), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimMemcpy(static_cast<char*>(d) + 900, host.data(), 101, accelsimMemcpyDefault),
            accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimMemcpy(nullptr, host.data(), 1, accelsimMemcpyDefault), accelsimErrorInvalidValue);
  EXPECT_EQ(accelsimMemcpy(d, host.data(), 1, static_cast<accelsimMemcpyKind>(17)), accelsimErrorInvalidValue);
  ASSERT_OK(accelsimMemcpy(d, host.data(), 0, accelsimMemcpyHostToDevice));  // empty copies are fine
  ASSERT_OK(accelsimFree(d));
  EXPECT_EQ(accelsimMemcpy(host.data(), d, 10, accelsimMemcpyDefault), accelsimErrorInvalidDevicePointer);
  EXPECT_EQ(accelsimMemcpyAsync(host.data(), d, 10, accelsimMemcpyDefault, nullptr),
            accelsimErrorInvalidDevicePointer);
}

TEST(Copy, CopiesFromAKernelAreNotPermitted) {
  accelsimError_t inner = accelsimSuccess;
  int a = 1, b = 0;
  ASSERT_OK(accelsim::launch(nullptr, [&] { inner = accelsimMemcpy(&b, &a, sizeof a, accelsimMemcpyHostToHost); }));
  ASSERT_OK(accelsimStreamSynchronize(nullptr));
  EXPECT_EQ(inner, accelsimErrorNotPermitted);
}

}  // namespace
