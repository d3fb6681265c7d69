// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Events. A record is a (stream, sequence) pair: the event is complete once the stream has executed that many
// operations. Timing events also enqueue a record operation that timestamps on the worker, so elapsed times
// measure device-side execution, not host enqueue.
#include "handles.h"
#include "internal.h"

namespace accelsim::detail {

namespace {
// Never destroyed: workers and late callers may still consult it during static destruction.
Registry<Event>& g_events() {
  static auto* registry = new Registry<Event>();  // function-local: safe during static initialization too
  return *registry;
}

// Resolves a live event handle and takes a reference (released by the holder's destructor).
class EventRefHolder {
 public:
  EventRefHolder() = default;
  ~EventRefHolder() {
    if (e_ != nullptr) eventUnref(e_);
  }
  EventRefHolder(const EventRefHolder&) = delete;
  EventRefHolder& operator=(const EventRefHolder&) = delete;
  accelsimError_t acquire(accelsimEvent_t handle) {
    auto* e = reinterpret_cast<Event*>(handle);
    if (handle == nullptr || !g_events().withLive(e, [](Event* live) { eventRef(live); }))
      return fail(accelsimErrorInvalidHandle, "event %p is not a live event", static_cast<void*>(handle));
    e_ = e;
    return accelsimSuccess;
  }
  Event* operator->() const { return e_; }
  Event* get() const { return e_; }

 private:
  Event* e_ = nullptr;
};

// A snapshot of an event's host-visible state.
struct Snapshot {
  Stream* stream = nullptr;
  uint64_t target = 0;
  bool in_active_capture = false;
};

Snapshot snapshot(Event* e) {
  Snapshot s;
  Stream* cs = nullptr;
  uint64_t cid = 0;
  {
    std::lock_guard<std::mutex> lock(e->mu);
    s.stream = e->stream;
    s.target = e->target;
    cs = e->capture_stream;
    cid = e->capture_id;
  }
  s.in_active_capture = cs != nullptr && cs->capture_id.load(std::memory_order_acquire) == cid;
  return s;
}
}  // namespace

void eventRef(Event* e) { e->refs.fetch_add(1, std::memory_order_relaxed); }

void eventUnref(Event* e) {
  if (e->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete e;
}

void Event::stamp(Stream* s, uint64_t seq) {
  const int64_t t = nowNs();
  std::lock_guard<std::mutex> lock(mu);
  if (stream == s && target == seq) {
    time_ns = t;
    has_time = true;
  }
}

void Event::setRecordLocked(Stream* s, uint64_t seq) {
  std::lock_guard<std::mutex> lock(mu);
  stream = s;
  target = seq;
  has_time = false;
  capture_stream = nullptr;
  capture_id = 0;
}

}  // namespace accelsim::detail

using namespace accelsim::detail;

extern "C" {

accelsimError_t accelsimEventCreate(accelsimEvent_t* event) {
  return accelsimEventCreateWithFlags(event, accelsimEventDefault);
}

accelsimError_t accelsimEventCreateWithFlags(accelsimEvent_t* event, unsigned flags) {
  if (event == nullptr) return fail(accelsimErrorInvalidValue, "accelsimEventCreate: event is NULL");
  if ((flags & ~static_cast<unsigned>(accelsimEventDisableTiming)) != 0)
    return fail(accelsimErrorInvalidValue, "accelsimEventCreateWithFlags: unknown flags 0x%x", flags);
  Runtime* rt = nullptr;
  if (accelsimError_t e = getRuntime(&rt); e != accelsimSuccess) return e;
  auto* e = new Event(flags);
  g_events().add(e);
  *event = reinterpret_cast<accelsimEvent_t>(e);
  return accelsimSuccess;
}

accelsimError_t accelsimEventDestroy(accelsimEvent_t event) {
  auto* e = reinterpret_cast<Event*>(event);
  if (event == nullptr || !g_events().remove(e))
    return fail(accelsimErrorInvalidHandle, "event %p is not a live event", static_cast<void*>(event));
  eventUnref(e);  // pending record operations and graphs keep their own references
  return accelsimSuccess;
}

accelsimError_t accelsimEventRecord(accelsimEvent_t event, accelsimStream_t stream) {
  EventRefHolder e;
  if (accelsimError_t err = e.acquire(event); err != accelsimSuccess) return err;
  Stream* s = nullptr;
  if (accelsimError_t err = resolveStream(stream, &s); err != accelsimSuccess) return err;
  bool wake = false;
  {
    std::lock_guard<std::mutex> lock(s->mu);
    if (s->destroyed) return fail(accelsimErrorInvalidHandle, "stream %p was destroyed", static_cast<void*>(s));
    if (s->capture != nullptr) {
      if (s->capture_invalidated)
        return fail(accelsimErrorStreamCaptureInvalidated, "the capture on this stream was invalidated");
      Op op;
      op.kind = OpKind::EventRecord;
      op.event = e.get();
      eventRef(e.get());
      s->capture->nodes.push_back(op);
      std::lock_guard<std::mutex> elock(e->mu);
      e->capture_stream = s;
      e->capture_id = s->capture_id.load(std::memory_order_relaxed);
      return accelsimSuccess;
    }
    if (e->timing()) {
      Op op;
      op.kind = OpKind::EventRecord;
      op.event = e.get();
      eventRef(e.get());
      wake = s->pushLocked(op);
    }
    e->setRecordLocked(s, s->tail);  // before the worker can pop the record op
  }
  if (wake) s->wake();
  return accelsimSuccess;
}

accelsimError_t accelsimEventQuery(accelsimEvent_t event) {
  EventRefHolder e;
  if (accelsimError_t err = e.acquire(event); err != accelsimSuccess) return err;
  const Snapshot snap = snapshot(e.get());
  if (snap.in_active_capture)
    return fail(accelsimErrorStreamCaptureUnsupported, "accelsimEventQuery on an event recorded in an active capture");
  if (snap.stream == nullptr || snap.stream->reached(snap.target)) return accelsimSuccess;
  snap.stream->urgeClaim();  // whoever asks is waiting
  return accelsimErrorNotReady;
}

accelsimError_t accelsimEventSynchronize(accelsimEvent_t event) {
  if (inRuntimeWork()) return fail(accelsimErrorNotPermitted, "accelsimEventSynchronize called from a kernel");
  EventRefHolder e;
  if (accelsimError_t err = e.acquire(event); err != accelsimSuccess) return err;
  const Snapshot snap = snapshot(e.get());
  if (snap.in_active_capture)
    return fail(accelsimErrorStreamCaptureUnsupported,
                "accelsimEventSynchronize on an event recorded in an active capture");
  if (snap.stream != nullptr) snap.stream->waitFor(snap.target);
  return accelsimSuccess;
}

accelsimError_t accelsimStreamWaitEvent(accelsimStream_t stream, accelsimEvent_t event) {
  EventRefHolder e;
  if (accelsimError_t err = e.acquire(event); err != accelsimSuccess) return err;
  Stream* s = nullptr;
  if (accelsimError_t err = resolveStream(stream, &s); err != accelsimSuccess) return err;
  Stream* cs = nullptr;
  uint64_t cid = 0;
  Snapshot snap;
  {
    std::lock_guard<std::mutex> lock(e->mu);
    snap.stream = e->stream;
    snap.target = e->target;
    cs = e->capture_stream;
    cid = e->capture_id;
  }
  bool wake = false;
  {
    std::lock_guard<std::mutex> lock(s->mu);
    if (s->destroyed) return fail(accelsimErrorInvalidHandle, "stream %p was destroyed", static_cast<void*>(s));
    const bool event_in_capture = cs != nullptr && cs->capture_id.load(std::memory_order_acquire) == cid;
    if (s->capture != nullptr) {
      if (s->capture_invalidated)
        return fail(accelsimErrorStreamCaptureInvalidated, "the capture on this stream was invalidated");
      // Same capture: the captured sequence is already ordered. Anything else would join foreign work into the
      // graph, which this runtime does not support (single-stream capture).
      if (event_in_capture && cs == s) return accelsimSuccess;
      s->capture_invalidated = true;
      return fail(accelsimErrorStreamCaptureUnsupported,
                  "accelsimStreamWaitEvent: a capturing stream may only wait on events recorded in its own capture "
                  "(the capture is invalidated)");
    }
    if (event_in_capture)
      return fail(accelsimErrorStreamCaptureUnsupported,
                  "accelsimStreamWaitEvent on an event recorded in another stream's active capture (multi-stream "
                  "capture is not supported)");
    if (snap.stream == nullptr || snap.stream == s || snap.stream->reached(snap.target)) return accelsimSuccess;
    Op op;
    op.kind = OpKind::WaitStream;
    op.wait_stream = snap.stream;
    op.wait_target = snap.target;
    wake = s->pushLocked(op);
  }
  if (wake) s->wake();
  return accelsimSuccess;
}

accelsimError_t accelsimEventElapsedTime(float* ms, accelsimEvent_t start, accelsimEvent_t end) {
  if (ms == nullptr) return fail(accelsimErrorInvalidValue, "accelsimEventElapsedTime: ms is NULL");
  EventRefHolder a, b;
  if (accelsimError_t err = a.acquire(start); err != accelsimSuccess) return err;
  if (accelsimError_t err = b.acquire(end); err != accelsimSuccess) return err;
  if (!a->timing() || !b->timing())
    return fail(accelsimErrorInvalidHandle, "accelsimEventElapsedTime: an event was created with DisableTiming");
  int64_t t[2] = {0, 0};
  Event* evs[2] = {a.get(), b.get()};
  for (int i = 0; i < 2; ++i) {
    Event* e = evs[i];
    std::lock_guard<std::mutex> lock(e->mu);
    if (e->stream == nullptr)
      return fail(accelsimErrorInvalidHandle, "accelsimEventElapsedTime: an event was never recorded");
    // Completion is observed under the event lock: the worker stamps (under the same lock) before completing.
    if (!e->stream->reached(e->target)) return accelsimErrorNotReady;
    if (!e->has_time)
      return fail(accelsimErrorInvalidHandle, "accelsimEventElapsedTime: the event's last record has no timestamp");
    t[i] = e->time_ns;
  }
  *ms = static_cast<float>(static_cast<double>(t[1] - t[0]) / 1e6);
  return accelsimSuccess;
}

}  // extern "C"
