// Copies and memset: validated on the calling thread, executed by the stream's worker through the runtime view.
#include "internal.h"

using namespace accelsim::detail;

namespace {

struct Endpoint {
  bool device = false;
  void* access = nullptr;  // address the worker uses
};

const char* kindName(accelsimMemcpyKind kind) {
  switch (kind) {
    case accelsimMemcpyHostToHost: return "HostToHost";
    case accelsimMemcpyHostToDevice: return "HostToDevice";
    case accelsimMemcpyDeviceToHost: return "DeviceToHost";
    case accelsimMemcpyDeviceToDevice: return "DeviceToDevice";
    case accelsimMemcpyDefault: return "Default";
  }
  return "?";
}

accelsimError_t resolve(const void* p, size_t size, const char* role, Endpoint* out) {
  Device* d = deviceOwning(p);
  if (d == nullptr) {
    out->device = false;
    out->access = const_cast<void*>(p);
    return accelsimSuccess;
  }
  void* base = nullptr;
  size_t alloc = 0;
  if (!d->arena.find(p, &base, &alloc))
    return fail(accelsimErrorInvalidDevicePointer, "%s %p is not inside a live allocation of device %d", role, p,
                d->index);
  const size_t offset = static_cast<size_t>(static_cast<const char*>(p) - static_cast<char*>(base));
  if (offset > alloc || size > alloc - offset)
    return fail(accelsimErrorInvalidValue,
                "%s range [%p, +%zu) overruns its allocation [%p, +%zu) on device %d", role, p, size, base, alloc,
                d->index);
  out->device = true;
  out->access = d->arena.access(p);
  return accelsimSuccess;
}

accelsimError_t prepareCopy(void* dst, const void* src, size_t size, accelsimMemcpyKind kind, Op* op) {
  if (dst == nullptr || src == nullptr) return fail(accelsimErrorInvalidValue, "memcpy: NULL dst or src");
  if (kind < accelsimMemcpyHostToHost || kind > accelsimMemcpyDefault)
    return fail(accelsimErrorInvalidValue, "memcpy: unknown kind %d", static_cast<int>(kind));
  Runtime* rt = nullptr;
  if (accelsimError_t e = getRuntime(&rt); e != accelsimSuccess) return e;
  Endpoint d, s;
  if (accelsimError_t e = resolve(dst, size, "destination", &d); e != accelsimSuccess) return e;
  if (accelsimError_t e = resolve(src, size, "source", &s); e != accelsimSuccess) return e;
  if (kind != accelsimMemcpyDefault) {
    const bool want_dst_device = kind == accelsimMemcpyHostToDevice || kind == accelsimMemcpyDeviceToDevice;
    const bool want_src_device = kind == accelsimMemcpyDeviceToHost || kind == accelsimMemcpyDeviceToDevice;
    if (want_dst_device != d.device || want_src_device != s.device)
      return fail(accelsimErrorInvalidValue, "memcpy kind %s does not match the pointers (dst %p is %s, src %p is %s)",
                  kindName(kind), dst, d.device ? "device" : "host", src, s.device ? "device" : "host");
  }
  op->kind = OpKind::Copy;
  op->dst = d.access;
  op->src = s.access;
  op->size = size;
  return accelsimSuccess;
}

}  // namespace

extern "C" {

accelsimError_t accelsimMemcpy(void* dst, const void* src, size_t size, accelsimMemcpyKind kind) {
  if (inRuntimeWork()) return fail(accelsimErrorNotPermitted, "accelsimMemcpy called from a kernel");
  Device* dev = nullptr;
  if (accelsimError_t e = getCurrentDevice(&dev); e != accelsimSuccess) return e;
  if (dev->captures.load(std::memory_order_acquire) > 0) {
    dev->invalidateCaptures();
    return fail(accelsimErrorStreamCaptureUnsupported,
                "synchronous accelsimMemcpy while a stream of device %d is capturing (the capture is invalidated)",
                dev->index);
  }
  Op op;
  if (accelsimError_t e = prepareCopy(dst, src, size, kind, &op); e != accelsimSuccess) return e;
  if (size == 0) return accelsimSuccess;
  Stream* s = dev->default_stream;
  uint64_t seq = 0;
  if (accelsimError_t e = s->submit(op, &seq); e != accelsimSuccess) return e;
  s->waitFor(seq);
  return s->takeError();
}

accelsimError_t accelsimMemcpyAsync(void* dst, const void* src, size_t size, accelsimMemcpyKind kind,
                                    accelsimStream_t stream) {
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  Op op;
  if (accelsimError_t e = prepareCopy(dst, src, size, kind, &op); e != accelsimSuccess) return e;
  if (size == 0) return accelsimSuccess;
  return s->submit(op);
}

accelsimError_t accelsimMemsetAsync(void* dev_ptr, int value, size_t size, accelsimStream_t stream) {
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  if (dev_ptr == nullptr) return fail(accelsimErrorInvalidValue, "accelsimMemsetAsync: dev_ptr is NULL");
  Endpoint d;
  if (accelsimError_t e = resolve(dev_ptr, size, "memset destination", &d); e != accelsimSuccess) return e;
  if (!d.device) {
    return fail(accelsimErrorInvalidDevicePointer, "accelsimMemsetAsync: %p is not device memory", dev_ptr);
  }
  if (size == 0) return accelsimSuccess;
  Op op;
  op.kind = OpKind::Memset;
  op.dst = d.access;
  op.value = value;
  op.size = size;
  return s->submit(op);
}

}  // extern "C"
