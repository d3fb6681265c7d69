// Device memory: the per-device arena, out-of-memory, memory info, pointer attributes, and the fact that device
// memory is not host memory.
#include <csignal>
#include <cstdint>
#include <string>
#include <vector>

#include "test_util.h"

namespace {

class Memory : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_OK(accelsimSetDevice(0)); }
  void TearDown() override { (void)accelsimSetDevice(0); }
};

TEST_F(Memory, MallocReturnsAlignedDistinctPointersAndFreeReturnsTheBytes) {
  size_t free0 = 0, total = 0;
  ASSERT_OK(accelsimMemGetInfo(&free0, &total));
  EXPECT_EQ(total, kTestDeviceMemory);
  std::vector<void*> ptrs;
  for (size_t size : {1, 7, 256, 257, 4096, 1 << 20}) {
    void* p = nullptr;
    ASSERT_OK(accelsimMalloc(&p, size));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 256, 0u);
    for (void* q : ptrs) EXPECT_NE(p, q);
    ptrs.push_back(p);
  }
  size_t free1 = 0;
  ASSERT_OK(accelsimMemGetInfo(&free1, nullptr));
  EXPECT_LT(free1, free0);
  for (void* p : ptrs) ASSERT_OK(accelsimFree(p));
  size_t free2 = 0;
  ASSERT_OK(accelsimMemGetInfo(&free2, nullptr));
  EXPECT_EQ(free2, free0);
}

TEST_F(Memory, ZeroSizeGivesNullAndFreeNullIsANoOp) {
  void* p = reinterpret_cast<void*>(0x1);
  ASSERT_OK(accelsimMalloc(&p, 0));
  EXPECT_EQ(p, nullptr);
  ASSERT_OK(accelsimFree(nullptr));
}

TEST_F(Memory, OutOfMemoryIsAStatusWithAMessageNotACrash) {
  void* p = nullptr;
  (void)accelsimGetLastError();
  EXPECT_EQ(accelsimMalloc(&p, kTestDeviceMemory + 1), accelsimErrorMemoryAllocation);
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(accelsimGetLastError(), accelsimErrorMemoryAllocation);

  // Fill the device in 1 MiB blocks until it refuses, then check the message and that everything comes back.
  std::vector<void*> blocks;
  for (;;) {
    void* b = nullptr;
    const accelsimError_t e = accelsimMalloc(&b, 1 << 20);
    if (e != accelsimSuccess) {
      EXPECT_EQ(e, accelsimErrorMemoryAllocation);
      const std::string msg = accelsimGetLastErrorMessage();
      EXPECT_NE(msg.find("requested 1048576 bytes"), std::string::npos) << msg;
      EXPECT_NE(msg.find("free"), std::string::npos) << msg;
      break;
    }
    blocks.push_back(b);
    ASSERT_LE(blocks.size(), kTestDeviceMemory / (1 << 20));
  }
  EXPECT_EQ(blocks.size(), kTestDeviceMemory / (1 << 20));
  for (void* b : blocks) ASSERT_OK(accelsimFree(b));
  size_t free_bytes = 0;
  ASSERT_OK(accelsimMemGetInfo(&free_bytes, nullptr));
  EXPECT_EQ(free_bytes, kTestDeviceMemory);
}

TEST_F(Memory, FreedNeighboursCoalesceIntoOneBlock) {
  // Fragment the whole device into quarters, free them out of order, then the whole capacity fits again.
  void* q[4];
  for (auto& p : q) ASSERT_OK(accelsimMalloc(&p, kTestDeviceMemory / 4));
  void* extra = nullptr;
  EXPECT_EQ(accelsimMalloc(&extra, 256), accelsimErrorMemoryAllocation);
  for (int i : {2, 0, 3, 1}) ASSERT_OK(accelsimFree(q[i]));
  void* all = nullptr;
  ASSERT_OK(accelsimMalloc(&all, kTestDeviceMemory));
  ASSERT_OK(accelsimFree(all));
}

TEST_F(Memory, DevicesHaveSeparateArenas) {
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_OK(accelsimMalloc(&a, kTestDeviceMemory));  // device 0 is now full
  ASSERT_OK(accelsimSetDevice(1));
  ASSERT_OK(accelsimMalloc(&b, kTestDeviceMemory));  // device 1 is not affected
  accelsimPointerAttributes attr{};
  ASSERT_OK(accelsimPointerGetAttributes(&attr, a));
  EXPECT_EQ(attr.device, 0);
  ASSERT_OK(accelsimPointerGetAttributes(&attr, b));
  EXPECT_EQ(attr.device, 1);
  ASSERT_OK(accelsimFree(a));  // free works whatever the current device
  ASSERT_OK(accelsimFree(b));
}

TEST_F(Memory, FreeOfForeignOrStalePointersIsRejected) {
  int host = 0;
  EXPECT_EQ(accelsimFree(&host), accelsimErrorInvalidDevicePointer);
  void* p = nullptr;
  ASSERT_OK(accelsimMalloc(&p, 1024));
  EXPECT_EQ(accelsimFree(static_cast<char*>(p) + 256), accelsimErrorInvalidDevicePointer);
  ASSERT_OK(accelsimFree(p));
  EXPECT_EQ(accelsimFree(p), accelsimErrorInvalidDevicePointer);  // double free
}

TEST_F(Memory, PointerAttributesDescribeDevicePinnedAndPageableMemory) {
  void* dev = nullptr;
  ASSERT_OK(accelsimSetDevice(1));
  ASSERT_OK(accelsimMalloc(&dev, 1000));
  accelsimPointerAttributes attr{};
  ASSERT_OK(accelsimPointerGetAttributes(&attr, static_cast<char*>(dev) + 999));  // interior pointer
  EXPECT_EQ(attr.type, accelsimMemoryTypeDevice);
  EXPECT_EQ(attr.device, 1);
  EXPECT_EQ(attr.base, dev);
  EXPECT_EQ(attr.size, 1000u);

  void* pinned = nullptr;
  ASSERT_OK(accelsimHostAlloc(&pinned, 5000));
  ASSERT_OK(accelsimPointerGetAttributes(&attr, static_cast<char*>(pinned) + 4999));
  EXPECT_EQ(attr.type, accelsimMemoryTypeHost);
  EXPECT_EQ(attr.device, -1);
  EXPECT_EQ(attr.base, pinned);
  EXPECT_EQ(attr.size, 5000u);

  int pageable = 0;
  ASSERT_OK(accelsimPointerGetAttributes(&attr, &pageable));
  EXPECT_EQ(attr.type, accelsimMemoryTypeUnregistered);
  EXPECT_EQ(attr.device, -1);
  EXPECT_EQ(attr.base, nullptr);
  ASSERT_OK(accelsimPointerGetAttributes(&attr, nullptr));
  EXPECT_EQ(attr.type, accelsimMemoryTypeUnregistered);

  ASSERT_OK(accelsimFree(dev));
  ASSERT_OK(accelsimPointerGetAttributes(&attr, dev));  // freed: no longer device memory
  EXPECT_EQ(attr.type, accelsimMemoryTypeUnregistered);
  ASSERT_OK(accelsimFreeHost(pinned));
}

TEST_F(Memory, KernelAccessIsRefusedToHostCode) {
  void* p = nullptr;
  ASSERT_OK(accelsimMalloc(&p, 64));
  void* acc = nullptr;
  EXPECT_EQ(accelsimKernelAccess(p, &acc), accelsimErrorNotPermitted);
  EXPECT_EQ(acc, nullptr);
  EXPECT_EQ(accelsimInKernel(), 0);
  ASSERT_OK(accelsimFree(p));
}

TEST_F(Memory, KernelAccessRejectsPointersOutsideLiveAllocations) {
  void* p = nullptr;
  ASSERT_OK(accelsimMalloc(&p, 64));
  ASSERT_OK(accelsimFree(p));
  int host = 0;
  struct Args {
    void* freed;
    int* host;
    accelsimError_t freed_status, host_status;
  } args{p, &host, accelsimSuccess, accelsimSuccess};
  ASSERT_OK(accelsimLaunchKernel(
      nullptr,
      [](void* a) {
        auto* x = static_cast<Args*>(a);
        void* acc = nullptr;
        x->freed_status = accelsimKernelAccess(x->freed, &acc);
        x->host_status = accelsimKernelAccess(x->host, &acc);
        return 0;
      },
      &args, nullptr));
  ASSERT_OK(accelsimStreamSynchronize(nullptr));
  EXPECT_EQ(args.freed_status, accelsimErrorInvalidDevicePointer);
  EXPECT_EQ(args.host_status, accelsimErrorInvalidDevicePointer);
}

TEST_F(Memory, DataWrittenByAKernelIsVisibleThroughCopiesButNotThroughTheDevicePointer) {
  void* p = nullptr;
  ASSERT_OK(accelsimMalloc(&p, 4096));
  FillArgs args{p, 4096, 0x5a};
  ASSERT_OK(accelsimLaunchKernel(nullptr, fillKernel, &args, nullptr));
  std::vector<unsigned char> host(4096);
  ASSERT_OK(accelsimMemcpy(host.data(), p, host.size(), accelsimMemcpyDeviceToHost));
  for (unsigned char c : host) ASSERT_EQ(c, 0x5a);
  ASSERT_OK(accelsimFree(p));
}

using MemoryDeathTest = Memory;

TEST_F(MemoryDeathTest, HostDereferenceOfADevicePointerFaults) {
#if defined(__SANITIZE_THREAD__)
  // ThreadSanitizer intercepts SIGSEGV and re-executing a TSan binary for the death test child is not reliable;
  // the same test runs in the plain and the AddressSanitizer builds.
  GTEST_SKIP() << "death test skipped under ThreadSanitizer";
#endif
  void* p = nullptr;
  ASSERT_OK(accelsimMalloc(&p, 64));
  auto touch = [](void* q, bool write) {
    // Restore the default action: sanitizers install their own SIGSEGV handlers, we want the plain signal.
    std::signal(SIGSEGV, SIG_DFL);
    auto* v = static_cast<volatile unsigned char*>(q);
    if (write) {
      *v = 1;
    } else {
      unsigned char c = *v;
      (void)c;
    }
    std::_Exit(0);  // not reached
  };
  EXPECT_EXIT(touch(p, false), ::testing::KilledBySignal(SIGSEGV), "");
  EXPECT_EXIT(touch(p, true), ::testing::KilledBySignal(SIGSEGV), "");
  ASSERT_OK(accelsimFree(p));
}

}  // namespace
