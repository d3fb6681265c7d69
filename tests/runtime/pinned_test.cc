// Pinned host memory: allocation, release, and telling it from pageable memory.
#include <cstring>
#include <vector>

#include "test_util.h"

namespace {

TEST(Pinned, AllocateUseAndFree) {
  void* p = nullptr;
  ASSERT_OK(accelsimHostAlloc(&p, 1 << 20));
  ASSERT_NE(p, nullptr);
  std::memset(p, 0x7f, 1 << 20);  // host memory: the host may touch it
  accelsimPointerAttributes attr{};
  ASSERT_OK(accelsimPointerGetAttributes(&attr, p));
  EXPECT_EQ(attr.type, accelsimMemoryTypeHost);
  ASSERT_OK(accelsimFreeHost(p));
  ASSERT_OK(accelsimPointerGetAttributes(&attr, p));
  EXPECT_EQ(attr.type, accelsimMemoryTypeUnregistered);
}

TEST(Pinned, ZeroSizeAndNull) {
  void* p = reinterpret_cast<void*>(0x1);
  ASSERT_OK(accelsimHostAlloc(&p, 0));
  EXPECT_EQ(p, nullptr);
  ASSERT_OK(accelsimFreeHost(nullptr));
  EXPECT_EQ(accelsimHostAlloc(nullptr, 16), accelsimErrorInvalidValue);
}

TEST(Pinned, FreeHostRejectsPageableAndInteriorPointers) {
  std::vector<char> pageable(64);
  EXPECT_EQ(accelsimFreeHost(pageable.data()), accelsimErrorInvalidValue);
  void* p = nullptr;
  ASSERT_OK(accelsimHostAlloc(&p, 8192));
  EXPECT_EQ(accelsimFreeHost(static_cast<char*>(p) + 16), accelsimErrorInvalidValue);
  ASSERT_OK(accelsimFreeHost(p));
  EXPECT_EQ(accelsimFreeHost(p), accelsimErrorInvalidValue);
}

TEST(Pinned, KernelsMayAccessPinnedMemoryDirectly) {
  void* p = nullptr;
  ASSERT_OK(accelsimHostAlloc(&p, 256));
  FillArgs args{p, 256, 3};
  ASSERT_OK(accelsimLaunchKernel(nullptr, fillKernel, &args, nullptr));
  ASSERT_OK(accelsimStreamSynchronize(nullptr));
  for (int i = 0; i < 256; ++i) ASSERT_EQ(static_cast<unsigned char*>(p)[i], 3);
  ASSERT_OK(accelsimFreeHost(p));
}

}  // namespace
