// Virtual memory (accelsimMem*): reserved address ranges, physical memory created and mapped into them piece by
// piece, copies across adjacent mappings, memory accounting, and the errors of misuse.
#include <cstdint>
#include <cstring>
#include <vector>

#include "test_util.h"

namespace {

constexpr size_t kGranule = size_t{2} << 20;

class VirtualMemory : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_OK(accelsimSetDevice(0)); }
  void TearDown() override { (void)accelsimSetDevice(0); }

  static size_t freeBytes() {
    size_t free_bytes = 0;
    EXPECT_OK(accelsimMemGetInfo(&free_bytes, nullptr));
    return free_bytes;
  }
};

TEST_F(VirtualMemory, DevicesManageVirtualMemoryByDefault) {
  int supported = 0;
  ASSERT_OK(accelsimDeviceGetVirtualMemorySupport(&supported, 0));
  EXPECT_EQ(supported, 1);
}

TEST_F(VirtualMemory, GranularityIsTwoMebibytes) {
  size_t granularity = 0;
  ASSERT_OK(accelsimMemGetGranularity(&granularity));
  EXPECT_EQ(granularity, kGranule);
}

TEST_F(VirtualMemory, ReservingCostsNoMemoryAndCreatingDoes) {
  const size_t free0 = freeBytes();
  void* range = nullptr;
  ASSERT_OK(accelsimMemAddressReserve(&range, 16 * kGranule));  // more than half the device: addresses only
  EXPECT_EQ(freeBytes(), free0);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(range) % 256, 0u);
  accelsimMemHandle_t handle = nullptr;
  ASSERT_OK(accelsimMemCreate(&handle, kGranule));
  EXPECT_EQ(freeBytes(), free0 - kGranule);
  ASSERT_OK(accelsimMemRelease(handle));
  EXPECT_EQ(freeBytes(), free0);
  ASSERT_OK(accelsimMemAddressFree(range, 16 * kGranule));
}

TEST_F(VirtualMemory, AdjacentMappingsFormOneRangeForCopiesAndAttributes) {
  void* range = nullptr;
  ASSERT_OK(accelsimMemAddressReserve(&range, 4 * kGranule));
  accelsimMemHandle_t first = nullptr, second = nullptr;
  ASSERT_OK(accelsimMemCreate(&first, kGranule));
  ASSERT_OK(accelsimMemCreate(&second, kGranule));
  char* base = static_cast<char*>(range);
  ASSERT_OK(accelsimMemMap(base, kGranule, first));
  ASSERT_OK(accelsimMemMap(base + kGranule, kGranule, second));

  // One copy spans both mappings, as a block of an expandable segment may.
  std::vector<uint8_t> out(2 * kGranule), back(2 * kGranule);
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint8_t>(i * 7 + 3);
  ASSERT_OK(accelsimMemcpy(base, out.data(), out.size(), accelsimMemcpyHostToDevice));
  ASSERT_OK(accelsimMemcpy(back.data(), base, back.size(), accelsimMemcpyDeviceToHost));
  EXPECT_EQ(std::memcmp(out.data(), back.data(), out.size()), 0);

  accelsimPointerAttributes attributes{};
  ASSERT_OK(accelsimPointerGetAttributes(&attributes, base + kGranule + 100));
  EXPECT_EQ(attributes.type, accelsimMemoryTypeDevice);
  EXPECT_EQ(attributes.device, 0);
  EXPECT_EQ(attributes.base, base);
  EXPECT_EQ(attributes.size, 2 * kGranule);

  // Unmapped again, the second granule is no device memory any more; the first still is.
  ASSERT_OK(accelsimMemUnmap(base + kGranule, kGranule));
  ASSERT_OK(accelsimPointerGetAttributes(&attributes, base + kGranule));
  EXPECT_EQ(attributes.type, accelsimMemoryTypeUnregistered);
  EXPECT_EQ(accelsimMemcpy(base + kGranule, out.data(), 16, accelsimMemcpyHostToDevice),
            accelsimErrorInvalidDevicePointer);
  ASSERT_OK(accelsimPointerGetAttributes(&attributes, base));
  EXPECT_EQ(attributes.size, kGranule);
  EXPECT_EQ(accelsimMemcpy(back.data(), base, 2 * kGranule, accelsimMemcpyDeviceToHost),
            accelsimErrorInvalidValue);  // beyond the mapped extent now

  ASSERT_OK(accelsimMemUnmap(base, kGranule));
  ASSERT_OK(accelsimMemRelease(first));
  ASSERT_OK(accelsimMemRelease(second));
  ASSERT_OK(accelsimMemAddressFree(range, 4 * kGranule));
}

TEST_F(VirtualMemory, ReleasingAMappedHandleFreesItsMemoryAtTheUnmap) {
  const size_t free0 = freeBytes();
  void* range = nullptr;
  ASSERT_OK(accelsimMemAddressReserve(&range, 2 * kGranule));
  accelsimMemHandle_t handle = nullptr;
  ASSERT_OK(accelsimMemCreate(&handle, 2 * kGranule));
  ASSERT_OK(accelsimMemMap(range, 2 * kGranule, handle));
  ASSERT_OK(accelsimMemRelease(handle));
  EXPECT_EQ(freeBytes(), free0 - 2 * kGranule);
  ASSERT_OK(accelsimMemUnmap(range, 2 * kGranule));
  EXPECT_EQ(freeBytes(), free0);
  EXPECT_EQ(accelsimMemRelease(handle), accelsimErrorInvalidHandle);
  ASSERT_OK(accelsimMemAddressFree(range, 2 * kGranule));
}

TEST_F(VirtualMemory, PhysicalMemoryAndMallocShareTheDevicesCapacity) {
  size_t free0 = freeBytes();
  accelsimMemHandle_t handle = nullptr;
  const size_t most = free0 / kGranule * kGranule;
  ASSERT_OK(accelsimMemCreate(&handle, most));
  void* p = nullptr;
  EXPECT_EQ(accelsimMalloc(&p, kGranule + 256), accelsimErrorMemoryAllocation);
  accelsimMemHandle_t more = nullptr;
  EXPECT_EQ(accelsimMemCreate(&more, kGranule), accelsimErrorMemoryAllocation);
  EXPECT_NE(std::string(accelsimGetLastErrorMessage()).find("out of memory"), std::string::npos);
  ASSERT_OK(accelsimMemRelease(handle));
  ASSERT_OK(accelsimMalloc(&p, kGranule));
  ASSERT_OK(accelsimFree(p));
  EXPECT_EQ(freeBytes(), free0);
}

TEST_F(VirtualMemory, MisuseIsAnErrorThatChangesNothing) {
  void* range = nullptr;
  ASSERT_OK(accelsimMemAddressReserve(&range, 4 * kGranule));
  char* base = static_cast<char*>(range);
  accelsimMemHandle_t handle = nullptr;
  ASSERT_OK(accelsimMemCreate(&handle, 2 * kGranule));
  accelsimMemHandle_t small = nullptr;
  EXPECT_EQ(accelsimMemCreate(&small, 4096), accelsimErrorInvalidValue);       // not a multiple
  EXPECT_EQ(accelsimMemAddressReserve(&range, 100), accelsimErrorInvalidValue);
  range = base;
  EXPECT_EQ(accelsimMemMap(base + 4096, 2 * kGranule, handle), accelsimErrorInvalidValue);  // unaligned
  EXPECT_EQ(accelsimMemMap(base + 3 * kGranule, 2 * kGranule, handle), accelsimErrorInvalidValue);  // beyond it
  EXPECT_EQ(accelsimMemMap(base, kGranule, handle), accelsimErrorInvalidValue);  // not the handle's size
  void* ordinary = nullptr;
  ASSERT_OK(accelsimMalloc(&ordinary, 4096));
  EXPECT_EQ(accelsimMemMap(ordinary, 2 * kGranule, handle), accelsimErrorInvalidValue);  // not reserved space
  ASSERT_OK(accelsimFree(ordinary));
  EXPECT_EQ(accelsimMemMap(base, 2 * kGranule, reinterpret_cast<accelsimMemHandle_t>(uintptr_t{42})),
            accelsimErrorInvalidHandle);

  ASSERT_OK(accelsimMemMap(base, 2 * kGranule, handle));
  EXPECT_EQ(accelsimMemMap(base + 2 * kGranule, 2 * kGranule, handle), accelsimErrorIllegalState);  // mapped
  EXPECT_EQ(accelsimMemUnmap(base, kGranule), accelsimErrorInvalidValue);  // part of a mapping
  EXPECT_EQ(accelsimMemAddressFree(base, 4 * kGranule), accelsimErrorIllegalState);  // still mapped
  EXPECT_EQ(accelsimMemAddressFree(base, 2 * kGranule), accelsimErrorInvalidValue);  // not the reservation
  EXPECT_EQ(accelsimFree(base), accelsimErrorInvalidDevicePointer);  // not accelsimMalloc memory

  ASSERT_OK(accelsimMemUnmap(base, 2 * kGranule));
  ASSERT_OK(accelsimMemRelease(handle));
  ASSERT_OK(accelsimMemAddressFree(base, 4 * kGranule));
}

TEST_F(VirtualMemory, ReservationsAreReusedAfterTheyAreFreed) {
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_OK(accelsimMemAddressReserve(&a, 8 * kGranule));
  ASSERT_OK(accelsimMemAddressReserve(&b, 8 * kGranule));
  EXPECT_NE(a, b);
  ASSERT_OK(accelsimMemAddressFree(a, 8 * kGranule));
  void* c = nullptr;
  ASSERT_OK(accelsimMemAddressReserve(&c, 4 * kGranule));
  EXPECT_EQ(c, a);  // first fit
  ASSERT_OK(accelsimMemAddressFree(c, 4 * kGranule));
  ASSERT_OK(accelsimMemAddressFree(b, 8 * kGranule));
}

}  // namespace
