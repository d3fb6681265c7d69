// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Device functions: the device's own code (accelsimLaunchDeviceFunction), which runs on every device, one without
// host access included, and reaches device memory only through its context (accelsimDeviceAddress).
#include <cstdlib>
#include <cstring>

#include "internal.h"
#include "pinned.h"

struct accelsimDeviceContext {
  accelsim::detail::Device* device;
};

namespace accelsim::detail {
namespace {

// What a launch hands the stream: the function, its device and the copied parameter block, in one allocation
// freed once the runtime no longer needs it (after execution, or with the graph that captured it).
struct DeviceLaunch {
  accelsimDeviceFn fn;
  accelsimDeviceContext context;
  size_t params_size;
  alignas(std::max_align_t) unsigned char params[1];
};

int runDeviceFunction(void* args) {
  const auto* launch = static_cast<const DeviceLaunch*>(args);
  return launch->fn(&launch->context, launch->params);
}

void freeDeviceLaunch(void* args) { std::free(args); }

}  // namespace
}  // namespace accelsim::detail

using namespace accelsim::detail;

extern "C" {

accelsimError_t accelsimLaunchDeviceFunction(accelsimStream_t stream, accelsimDeviceFn fn, const void* params,
                                             size_t params_size) {
  if (fn == nullptr) return fail(accelsimErrorInvalidValue, "accelsimLaunchDeviceFunction: fn is NULL");
  if (params_size > ACCELSIM_MAX_PARAMS_SIZE)
    return fail(accelsimErrorInvalidValue,
                "accelsimLaunchDeviceFunction: a %zu-byte parameter block is over the %d-byte limit "
                "(pass larger data in device memory)",
                params_size, ACCELSIM_MAX_PARAMS_SIZE);
  if (params_size > 0 && params == nullptr)
    return fail(accelsimErrorInvalidValue, "accelsimLaunchDeviceFunction: params is NULL with params_size %zu",
                params_size);
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  auto* launch = static_cast<DeviceLaunch*>(std::malloc(offsetof(DeviceLaunch, params) + params_size + 1));
  if (launch == nullptr)
    return fail(accelsimErrorMemoryAllocation, "accelsimLaunchDeviceFunction: no host memory for the launch");
  launch->fn = fn;
  launch->context.device = s->device;
  launch->params_size = params_size;
  if (params_size > 0) std::memcpy(launch->params, params, params_size);
  Op op;
  op.kind = OpKind::Kernel;
  op.fn = runDeviceFunction;
  op.args = launch;
  op.destroy = freeDeviceLaunch;
  const accelsimError_t e = s->submit(op);
  if (e != accelsimSuccess) std::free(launch);
  return e;
}

void* accelsimDeviceAddress(const accelsimDeviceContext* context, const void* dev_ptr, size_t bytes) {
  if (context == nullptr || dev_ptr == nullptr || !inRuntimeWork()) return nullptr;
  void* base = nullptr;
  size_t size = 0;
  const auto* p = static_cast<const unsigned char*>(dev_ptr);
  if (context->device->arena.find(dev_ptr, &base, &size)) {
    if (p + bytes > static_cast<unsigned char*>(base) + size) return nullptr;
    return context->device->arena.access(dev_ptr);
  }
  if (pinnedFind(dev_ptr, &base, &size) && p + bytes <= static_cast<unsigned char*>(base) + size)
    return const_cast<void*>(dev_ptr);
  return nullptr;
}

}  // extern "C"
