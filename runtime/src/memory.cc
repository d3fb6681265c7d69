// Device memory API: allocation in the per-device arena, pointer attributes, kernel access.
#include "internal.h"
#include "pinned.h"

using namespace accelsim::detail;

extern "C" {

accelsimError_t accelsimMalloc(void** dev_ptr, size_t size) {
  if (dev_ptr == nullptr) return fail(accelsimErrorInvalidValue, "accelsimMalloc: dev_ptr is NULL");
  *dev_ptr = nullptr;
  Device* d = nullptr;
  if (accelsimError_t e = getCurrentDevice(&d); e != accelsimSuccess) return e;
  if (size == 0) return accelsimSuccess;
  return d->arena.allocate(size, dev_ptr);
}

accelsimError_t accelsimFree(void* dev_ptr) {
  if (dev_ptr == nullptr) return accelsimSuccess;
  Runtime* rt = nullptr;
  if (accelsimError_t e = getRuntime(&rt); e != accelsimSuccess) return e;
  Device* d = deviceOwning(dev_ptr);
  if (d == nullptr) return fail(accelsimErrorInvalidDevicePointer, "%p is not device memory", dev_ptr);
  return d->arena.release(dev_ptr);
}

accelsimError_t accelsimMemGetInfo(size_t* free_bytes, size_t* total_bytes) {
  Device* d = nullptr;
  if (accelsimError_t e = getCurrentDevice(&d); e != accelsimSuccess) return e;
  if (free_bytes != nullptr) *free_bytes = d->arena.freeBytes();
  if (total_bytes != nullptr) *total_bytes = d->prop.total_memory;
  return accelsimSuccess;
}

// A memory handle names its device and its id in that device's arena.
namespace {
constexpr int kHandleDeviceShift = 48;

accelsimMemHandle_t makeHandle(int device, uint64_t id) {
  return reinterpret_cast<accelsimMemHandle_t>((static_cast<uintptr_t>(device) + 1) << kHandleDeviceShift | id);
}

accelsimError_t handleOwner(accelsimMemHandle_t handle, Device** device, uint64_t* id) {
  Runtime* rt = nullptr;
  if (accelsimError_t e = getRuntime(&rt); e != accelsimSuccess) return e;
  const auto bits = reinterpret_cast<uintptr_t>(handle);
  const auto index = static_cast<int>(bits >> kHandleDeviceShift) - 1;
  if (index < 0 || index >= static_cast<int>(rt->devices.size()))
    return fail(accelsimErrorInvalidHandle, "%p is not a memory handle", static_cast<void*>(handle));
  *device = rt->devices[static_cast<size_t>(index)].get();
  *id = bits & ((uintptr_t{1} << kHandleDeviceShift) - 1);
  return accelsimSuccess;
}

accelsimError_t deviceOfRange(const void* ptr, const char* call, Device** device) {
  Runtime* rt = nullptr;
  if (accelsimError_t e = getRuntime(&rt); e != accelsimSuccess) return e;
  *device = deviceOwning(ptr);
  if (*device == nullptr) return fail(accelsimErrorInvalidValue, "%s: %p is not a device address", call, ptr);
  return accelsimSuccess;
}

accelsimError_t noVirtualMemory(const Device* d, const char* call) {
  return fail(accelsimErrorNotSupported, "%s: device %d has no virtual memory management (ACCELSIM_VIRTUAL_MEMORY=0)",
              call, d->index);
}
}  // namespace

accelsimError_t accelsimMemGetGranularity(size_t* granularity) {
  if (granularity == nullptr) return fail(accelsimErrorInvalidValue, "accelsimMemGetGranularity: NULL argument");
  *granularity = Arena::kGranularity;
  return accelsimSuccess;
}

accelsimError_t accelsimMemAddressReserve(void** ptr, size_t size) {
  if (ptr == nullptr) return fail(accelsimErrorInvalidValue, "accelsimMemAddressReserve: ptr is NULL");
  *ptr = nullptr;
  Device* d = nullptr;
  if (accelsimError_t e = getCurrentDevice(&d); e != accelsimSuccess) return e;
  if (!d->virtual_memory) return noVirtualMemory(d, "accelsimMemAddressReserve");
  return d->arena.reserve(size, ptr);
}

accelsimError_t accelsimMemAddressFree(void* ptr, size_t size) {
  Device* d = nullptr;
  if (accelsimError_t e = deviceOfRange(ptr, "accelsimMemAddressFree", &d); e != accelsimSuccess) return e;
  return d->arena.unreserve(ptr, size);
}

accelsimError_t accelsimMemCreate(accelsimMemHandle_t* handle, size_t size) {
  if (handle == nullptr) return fail(accelsimErrorInvalidValue, "accelsimMemCreate: handle is NULL");
  *handle = nullptr;
  Device* d = nullptr;
  if (accelsimError_t e = getCurrentDevice(&d); e != accelsimSuccess) return e;
  if (!d->virtual_memory) return noVirtualMemory(d, "accelsimMemCreate");
  uint64_t id = 0;
  if (accelsimError_t e = d->arena.create(size, &id); e != accelsimSuccess) return e;
  *handle = makeHandle(d->index, id);
  return accelsimSuccess;
}

accelsimError_t accelsimMemRelease(accelsimMemHandle_t handle) {
  Device* d = nullptr;
  uint64_t id = 0;
  if (accelsimError_t e = handleOwner(handle, &d, &id); e != accelsimSuccess) return e;
  return d->arena.releaseHandle(id);
}

accelsimError_t accelsimMemMap(void* ptr, size_t size, accelsimMemHandle_t handle) {
  Device* d = nullptr;
  uint64_t id = 0;
  if (accelsimError_t e = handleOwner(handle, &d, &id); e != accelsimSuccess) return e;
  Device* owner = nullptr;
  if (accelsimError_t e = deviceOfRange(ptr, "accelsimMemMap", &owner); e != accelsimSuccess) return e;
  if (owner != d)
    return fail(accelsimErrorInvalidValue, "accelsimMemMap: the handle is memory of device %d, %p an address of %d",
                d->index, ptr, owner->index);
  return d->arena.map(ptr, size, id);
}

accelsimError_t accelsimMemUnmap(void* ptr, size_t size) {
  Device* d = nullptr;
  if (accelsimError_t e = deviceOfRange(ptr, "accelsimMemUnmap", &d); e != accelsimSuccess) return e;
  return d->arena.unmap(ptr, size);
}

accelsimError_t accelsimPointerGetAttributes(accelsimPointerAttributes* attributes, const void* ptr) {
  if (attributes == nullptr) return fail(accelsimErrorInvalidValue, "accelsimPointerGetAttributes: NULL attributes");
  Runtime* rt = nullptr;
  if (accelsimError_t e = getRuntime(&rt); e != accelsimSuccess) return e;
  *attributes = accelsimPointerAttributes{accelsimMemoryTypeUnregistered, -1, nullptr, 0};
  if (Device* d = deviceOwning(ptr); d != nullptr) {
    if (d->arena.find(ptr, &attributes->base, &attributes->size)) {
      attributes->type = accelsimMemoryTypeDevice;
      attributes->device = d->index;
    }
    return accelsimSuccess;
  }
  if (pinnedFind(ptr, &attributes->base, &attributes->size)) attributes->type = accelsimMemoryTypeHost;
  return accelsimSuccess;
}

accelsimError_t accelsimKernelAccess(const void* dev_ptr, void** accessible) {
  if (Device* d = deviceOwning(dev_ptr); d != nullptr && !d->host_access)
    return fail(accelsimErrorNotSupported,
                "accelsimKernelAccess: device %d runs no host code over its memory (ACCELSIM_HOST_ACCESS=0, as a "
                "discrete device whose memory the host cannot address)",
                d->index);
  if (!inRuntimeWork())
    return fail(accelsimErrorNotPermitted, "accelsimKernelAccess called from host code (only kernels may call it)");
  if (accessible == nullptr || dev_ptr == nullptr)
    return fail(accelsimErrorInvalidValue, "accelsimKernelAccess: NULL argument");
  if (Device* d = deviceOwning(dev_ptr); d != nullptr) {
    if (!d->arena.find(dev_ptr, nullptr, nullptr))
      return fail(accelsimErrorInvalidDevicePointer, "%p is not inside a live allocation of device %d", dev_ptr,
                  d->index);
    *accessible = d->arena.access(dev_ptr);
    return accelsimSuccess;
  }
  // Pinned host memory is device-accessible (as mapped pinned memory is on real devices).
  if (pinnedFind(dev_ptr, nullptr, nullptr)) {
    *accessible = const_cast<void*>(dev_ptr);
    return accelsimSuccess;
  }
  return fail(accelsimErrorInvalidDevicePointer, "%p is neither device memory nor pinned host memory", dev_ptr);
}

}  // extern "C"
