// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
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
