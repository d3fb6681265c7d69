// Streams: in-order queues, each executed by its own worker thread (started on first use).
//
// The launch path is a mutex-protected push into a ring of plain Op values (no allocation once the ring has
// grown). The worker claims ops in batches (see kMaxBatch; it sleeps between them) and spins briefly after running
// out of work before sleeping on a condition variable, so back-to-back launches do not pay a thread wake-up. A
// host thread that waits executes the pending ops itself (Stream::helpUntil); while the worker is in the middle of
// an op it spins briefly, then sleeps.
#include <sched.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>

#include "copy_engine.h"
#include "handles.h"
#include "internal.h"

namespace accelsim::detail {

namespace {
constexpr int64_t kWorkerSpinNs = 100'000;  // worker: spin this long for new work before sleeping
// Worker: claim queued small ops in batches of up to kMaxBatch, at most one batch per interval (the device's
// batch_interval_ns: ACCELSIM_BATCH_INTERVAL_US, 200 us by default) unless a full batch is queued when it looks,
// or kUrgentBacklog ops are queued while it sleeps. Every claim moves cache lines between the launching CPU and
// the worker's (the stream's lock, the ring slots, the counters, the kernel's arguments): claimed one by one, as
// soon as each was launched, that cost about half again the host's own cost of launching a small op (measured on
// a 2-vCPU VM). Claimed in batches, a burst of small launches pays it once per batch; long ops lose nothing (a
// batch that ran longer than the interval is followed by the next claim at once); and a host that synchronizes
// runs the pending ops itself meanwhile (helpUntil). Waiting costs latency, so it ends as soon as a thread that
// does not run the ops itself waits for the stream or queries it (Stream::urgeClaim): a launch whose completion
// somebody waits for starts within a microsecond. Only a host that polls memory a kernel writes, without asking
// the runtime, sees the interval as latency.
// The interval: 200 us made a burst of one-element adds 4-8% cheaper for the launching thread than 50 us (a claim
// every ~180 launches instead of every ~45; measured in one process, alternating the two, on a 2-vCPU VM); longer
// intervals gained nothing more. The backlog that ends it early must stay out of reach of a burst within one
// interval: waking the worker is a system call for the launching thread (and an inter-processor interrupt in a
// VM), and at 128 it fired in every interval of 200 us and ate the gain.
constexpr size_t kMaxBatch = 32;
constexpr size_t kUrgentBacklog = 32 * kMaxBatch;  // queued ops that end the batch interval (Stream::pushLocked)
// Waiter: spin this long for completion before sleeping. A futex wake-up costs tens of microseconds, which is
// most of a 4 MiB copy (about 65 us): spinning through it keeps synchronize at memcpy speed. A waiter that shares
// the worker's CPU sleeps at once instead (see Stream::waitFor), so the longer spin never starves the worker.
constexpr int64_t kWaitSpinNs = 250'000;
constexpr int64_t kUnclaimedWakeNs = 5'000;  // worker: a woken waiter not running after this shares our CPU
constexpr int64_t kLongKernelNs = 20'000;    // waiter: a kernel running this long needs our CPU (kernel_started_ns)

int currentCpu() {
  const int cpu = sched_getcpu();  // vDSO/rseq: tens of nanoseconds
  return cpu;                      // -1 if unsupported: never equal to a real CPU, so spinning is unaffected
}
constexpr size_t kInitialRing = 64;

// Never destroyed: workers and late callers may still consult it during static destruction.
Registry<Stream>& g_streams() {
  static auto* registry = new Registry<Stream>();  // function-local: safe during static initialization too
  return *registry;
}
std::atomic<uint64_t> g_next_stream_id{1};

// Every launch validates its stream handle. A thread remembers the last handle it found live; the answer holds
// until some stream is destroyed, which bumps g_streams_destroyed. This keeps the registry's read lock (a locked
// instruction pair per launch) off the launch path. A stream destroyed concurrently with a launch that used a
// remembered answer is still caught: its memory is never freed, and submit() refuses a destroyed stream.
std::atomic<uint64_t> g_streams_destroyed{0};
thread_local const Stream* t_live_stream = nullptr;
thread_local uint64_t t_live_stream_epoch = 0;
}  // namespace

void registerStream(Stream* s) { g_streams().add(s); }
bool unregisterStream(Stream* s) {
  if (!g_streams().remove(s)) return false;
  g_streams_destroyed.fetch_add(1, std::memory_order_release);
  return true;
}

accelsimError_t resolveStream(accelsimStream_t handle, Stream** stream) {
  if (handle == nullptr) {
    Device* d = nullptr;
    if (accelsimError_t e = getCurrentDevice(&d); e != accelsimSuccess) return e;
    *stream = d->default_stream;
    return accelsimSuccess;
  }
  auto* s = reinterpret_cast<Stream*>(handle);
  const uint64_t epoch = g_streams_destroyed.load(std::memory_order_acquire);
  if (s != t_live_stream || epoch != t_live_stream_epoch) {
    if (!g_streams().contains(s)) return fail(accelsimErrorInvalidHandle, "stream %p is not a live stream", handle);
    t_live_stream = s;
    t_live_stream_epoch = epoch;
  }
  *stream = s;
  return accelsimSuccess;
}

Stream::Stream(Device* d, int prio, uint64_t stream_id, bool dflt)
    : device(d), priority(prio), id(stream_id), is_default(dflt), ring(kInitialRing) {}

Stream::~Stream() {
  {
    std::lock_guard<std::mutex> lock(mu);
    stop = true;
  }
  cv.notify_one();
  if (worker.joinable()) worker.join();
}

bool Stream::pushLocked(const Op& op) {
  if (tail - head == ring.size()) {
    std::vector<Op> bigger(ring.size() * 2);
    const uint64_t old_mask = ring.size() - 1;
    const uint64_t new_mask = bigger.size() - 1;
    for (uint64_t i = head; i != tail; ++i) bigger[i & new_mask] = ring[i & old_mask];
    ring.swap(bigger);
  }
  ring[tail & (ring.size() - 1)] = op;
  ++tail;
  submitted.store(tail, std::memory_order_release);
  prefetchForWrite(&ring[tail & (ring.size() - 1)], sizeof(Op));  // the next launch's slot (see prefetchForWrite)
  // A backlog of many batches: the worker, asleep in its batch interval, claims at once. Not at one full batch:
  // launches come that fast only in bursts of small ops, and waking the worker costs the launching thread a
  // system call (every 32 launches, it made a one-element add 5-10% dearer); the interval ends soon anyway.
  if (tail - head == kUrgentBacklog) urgeClaim();
  if (!started) {
    started = true;
    worker = std::thread([this] { workerMain(); });
    return false;
  }
  return sleeping;
}

accelsimError_t Stream::submit(const Op& op, uint64_t* seq) {
  bool wake_worker = false;
  {
    std::lock_guard<std::mutex> lock(mu);
    if (destroyed) return fail(accelsimErrorInvalidHandle, "stream %p was destroyed", static_cast<void*>(this));
    if (capture != nullptr) {
      if (capture_invalidated)
        return fail(accelsimErrorStreamCaptureInvalidated,
                    "the capture on stream %p was invalidated by an earlier illegal call", static_cast<void*>(this));
      capture->nodes.push_back(op);
      if (seq != nullptr) *seq = 0;
      return accelsimSuccess;
    }
    wake_worker = pushLocked(op);
    if (seq != nullptr) *seq = tail;
  }
  if (wake_worker) wake();
  return accelsimSuccess;
}

void Stream::waitFor(uint64_t target) {
  if (reached(target)) return;
  if (inRuntimeWork()) {
    urgeClaim();  // a worker waiting for another stream's event does not help: that stream's worker must claim now
  } else {
    // A host thread executes the pending ops instead of idling. It does not urge: a worker woken now would claim
    // a batch that this thread runs faster, with its own parallel regions. A worker asleep in its batch interval
    // stays asleep (helpers != 0 keeps it off the queue afterwards too).
    helpUntil(target);
  }
  awaitCompletion(target);
}

void Stream::helpUntil(uint64_t target) {
  helpers.fetch_add(1, std::memory_order_seq_cst);  // the worker takes no new op from now on
  std::unique_lock<std::mutex> lock(mu);
  while (!reached(target)) {
    if (head == tail && !executing) break;  // nothing left to run (a target beyond what was submitted)
    if (executing) {
      // The worker is in the middle of an op (or a helper on another thread is): wait for that op only.
      const uint64_t in_flight = head;
      lock.unlock();
      awaitCompletion(std::min(in_flight, target));
      lock.lock();
      continue;
    }
    uint64_t seq = 0;
    Op op = popLocked(&seq);
    lock.unlock();
    {
      RuntimeWorkScope as_worker(device->index);
      execute(op, seq);
    }
    finish(seq);
    lock.lock();
    executing = false;
  }
  // Under `mu`, so that the worker, which decides to sleep under `mu`, cannot miss the end of the help.
  const bool wake_worker = helpers.fetch_sub(1, std::memory_order_seq_cst) == 1 && head != tail && sleeping;
  lock.unlock();
  if (wake_worker) wake();
}

void Stream::awaitCompletion(uint64_t target) {
  if (reached(target)) return;
  // Spin only while the worker runs on another CPU: sharing its CPU, the spin would just keep it from running
  // (see worker_cpu), and only while the worker is not deep in a long kernel that wants every CPU (see
  // kernel_started_ns). Both checks are repeated every 64 polls because threads migrate and kernels start.
  bool stop_spinning = false;
  unsigned polls = 0;
  const bool done = spinFor(
      [&] {
        if (reached(target)) return true;
        if ((++polls & 63) == 1) {
          const int cpu = currentCpu();
          const int64_t kernel_start = kernel_started_ns.load(std::memory_order_relaxed);
          stop_spinning = (cpu >= 0 && cpu == worker_cpu.load(std::memory_order_relaxed)) ||
                          (kernel_start != 0 && nowNs() - kernel_start > kLongKernelNs);
        }
        return stop_spinning;
      },
      kWaitSpinNs);
  if (done && reached(target)) return;
  waiters.fetch_add(1, std::memory_order_seq_cst);
  {
    std::unique_lock<std::mutex> lock(done_mu);
    done_cv.wait(lock, [&] { return completed.load(std::memory_order_seq_cst) >= target; });
  }
  waiters.fetch_sub(1, std::memory_order_relaxed);
  wake_unclaimed.store(false, std::memory_order_relaxed);  // running again: the worker may spin for our next op
}

accelsimError_t Stream::takeError() {
  if (!has_error.load(std::memory_order_acquire)) return accelsimSuccess;
  std::lock_guard<std::mutex> lock(err_mu);
  const accelsimError_t e = error;
  if (e == accelsimSuccess) return e;
  error = accelsimSuccess;
  has_error.store(false, std::memory_order_release);
  return fail(e, "%s", error_message);
}

void Stream::invalidateCapture() {
  std::lock_guard<std::mutex> lock(mu);
  if (capture != nullptr) capture_invalidated = true;
}

void Stream::retire() {
  {
    std::lock_guard<std::mutex> lock(mu);
    destroyed = true;
    stop = true;
    if (!started) exited.store(true, std::memory_order_release);
    // The worker drains the queue and exits on its own; nothing joins it (the Stream object is never freed, so
    // the detached thread never outlives what it touches).
    if (worker.joinable()) worker.detach();
  }
  cv.notify_one();
}

void Stream::releaseRing() {
  std::lock_guard<std::mutex> lock(mu);
  std::vector<Op>().swap(ring);
}

void Stream::runKernel(accelsimKernelFn fn, void* args) {
  kernel_started_ns.store(nowNs(), std::memory_order_relaxed);
  const int rc = fn(args);
  kernel_started_ns.store(0, std::memory_order_relaxed);
  if (rc != 0) {
    std::lock_guard<std::mutex> lock(err_mu);
    if (error == accelsimSuccess) {
      error = accelsimErrorKernelFailed;
      std::snprintf(error_message, sizeof error_message,
                    "kernel %p on stream %llu of device %d returned %d", reinterpret_cast<void*>(fn),
                    static_cast<unsigned long long>(id), device->index, rc);
    }
    has_error.store(true, std::memory_order_release);
  }
}

void Stream::runComm(accelsimKernelFn fn, void* args) {
  kernel_started_ns.store(nowNs(), std::memory_order_relaxed);
  const int rc = fn(args);
  kernel_started_ns.store(0, std::memory_order_relaxed);
  if (rc != 0) {
    std::lock_guard<std::mutex> lock(err_mu);
    if (error == accelsimSuccess) {
      error = static_cast<accelsimError_t>(rc);
      std::snprintf(error_message, sizeof error_message, "%s", accelsimGetLastErrorMessage());
    }
    has_error.store(true, std::memory_order_release);
  }
}

void Stream::execute(Op& op, uint64_t seq) {
  // The device's activity counters (monitor.cc): what this op kept the device busy with.
  const bool timed = op.kind != OpKind::EventRecord && op.kind != OpKind::WaitStream;
  const int64_t start = timed ? nowNs() : 0;
  switch (op.kind) {
    case OpKind::Kernel:
      runKernel(op.fn, op.args);
      if (op.destroy != nullptr) op.destroy(op.args);
      break;
    case OpKind::Comm:
      runComm(op.fn, op.args);
      if (op.destroy != nullptr) op.destroy(op.args);
      break;
    case OpKind::Copy:
      copyBytes(op.dst, op.src, op.size);
      break;
    case OpKind::Memset:
      fillBytes(op.dst, op.value, op.size);
      break;
    case OpKind::EventRecord:
      op.event->stamp(this, seq);
      eventUnref(op.event);
      break;
    case OpKind::WaitStream:
      op.wait_stream->waitFor(op.wait_target);
      break;
    case OpKind::GraphReplay:
      for (Op& node : op.graph->nodes) {
        switch (node.kind) {
          case OpKind::Kernel: runKernel(node.fn, node.args); break;
          case OpKind::Copy: copyBytes(node.dst, node.src, node.size); break;
          case OpKind::Memset: fillBytes(node.dst, node.value, node.size); break;
          case OpKind::EventRecord: node.event->stamp(this, seq); break;
          case OpKind::WaitStream:
          case OpKind::GraphReplay:
          case OpKind::Comm: break;  // never captured
        }
      }
      graphUnref(op.graph);
      break;
  }
  if (timed) {
    const int64_t spent = nowNs() - start;
    if (op.kind != OpKind::Copy && op.kind != OpKind::Memset) {
      device->activity.compute_ns.fetch_add(spent, std::memory_order_relaxed);
    }
    device->activity.memory_ns.fetch_add(spent, std::memory_order_relaxed);
  }
}

Op Stream::popLocked(uint64_t* seq) {
  Op op = ring[head & (ring.size() - 1)];
  ++head;
  popped.store(head, std::memory_order_release);
  executing = true;
  *seq = head;
  return op;
}

void Stream::finish(uint64_t seq) {
  completed.store(seq, std::memory_order_seq_cst);
  if (waiters.load(std::memory_order_seq_cst) > 0) {
    wake_unclaimed.store(true, std::memory_order_relaxed);
    { std::lock_guard<std::mutex> done_lock(done_mu); }
    done_cv.notify_all();
  }
}

void Stream::workerMain() {
  enterRuntimeWork(device->index);
  preciseSleeps();  // the claim interval below is tens of microseconds
  // Work this worker may take: ops are queued and no host thread is executing them for it (helpUntil).
  const auto has_work = [this] { return head != tail && helpers.load(std::memory_order_seq_cst) == 0; };
  std::array<Op, kMaxBatch> batch;
  int64_t last_claim_ns = nowNs() - device->batch_interval_ns;  // the first launch is claimed at once
  bool small_ops = true;  // the ops of the last batch ran shorter than kLongKernelNs on average
  std::unique_lock<std::mutex> lock(mu);
  for (;;) {
    if (!has_work() || executing) {
      if (stop && head == tail) break;
      lock.unlock();
      worker_cpu.store(currentCpu(), std::memory_order_relaxed);
      // Spin for new work, unless a waiter we woke has not run for a while: it is then most likely queued on
      // this CPU behind the spin (see wake_unclaimed), and sleeping now lets it run and submit the next op.
      // While a host thread executes our ops, sleep at once: it needs every CPU.
      const int64_t spin_start = nowNs();
      if (helpers.load(std::memory_order_seq_cst) == 0) {
        spinFor(
            [&] {
              if (helpers.load(std::memory_order_relaxed) != 0) return true;
              if (submitted.load(std::memory_order_acquire) != popped.load(std::memory_order_acquire)) return true;
              return wake_unclaimed.load(std::memory_order_relaxed) && nowNs() - spin_start > kUnclaimedWakeNs;
            },
            kWorkerSpinNs);
      }
      wake_unclaimed.store(false, std::memory_order_relaxed);
      lock.lock();
      if ((!has_work() || executing) && !(stop && head == tail)) {
        sleeping = true;
        cv.wait(lock, [&] { return (has_work() && !executing) || (stop && head == tail); });
        sleeping = false;
      }
      continue;
    }
    // Too soon after the last claim for less than a full batch of small ops, and nobody waiting: let launches
    // accumulate (batch_interval_ns), touching nothing the launching thread writes.
    // Asleep, not spinning: a thread spinning on the other CPU slows the launching thread down (the two vCPUs of
    // a VM may be hyperthreads of one core): on a 2-vCPU VM a 1-element add cost the host 1.3x as much, in runs
    // that came and went with the VM's placement, while the worker spun through this interval.
    if (small_ops && tail - head < kMaxBatch && claim_upto.load(std::memory_order_seq_cst) <= head) {
      const int64_t claim_at = last_claim_ns + device->batch_interval_ns;
      if (const int64_t now = nowNs(); now < claim_at) {
        const uint64_t claimed = head;
        const uint32_t wake_seen = claim_wake.load(std::memory_order_seq_cst);
        lock.unlock();
        claim_sleeping.store(1, std::memory_order_seq_cst);
        if (claim_upto.load(std::memory_order_seq_cst) <= claimed) sleepWhile(&claim_wake, wake_seen, claim_at - now);
        claim_sleeping.store(0, std::memory_order_relaxed);
        lock.lock();
        continue;
      }
    }
    last_claim_ns = nowNs();
    // Claim what is queued, in order, up to kMaxBatch ops: one lock and one pass over the ring per batch. Ops
    // that run long are claimed one at a time, as before batching: a host thread that starts waiting can then
    // take over the rest at once, running them with its own parallel regions (a worker runs kernels on one
    // OpenMP thread, see the backend's host_task_thread.h), and a claim costs nothing next to such an op.
    const size_t limit = small_ops ? kMaxBatch : 1;
    uint64_t first = 0;
    size_t claimed = 0;
    batch[claimed++] = popLocked(&first);
    while (claimed < limit && head != tail) {
      batch[claimed++] = ring[head & (ring.size() - 1)];
      ++head;
    }
    popped.store(head, std::memory_order_release);
    lock.unlock();
    worker_cpu.store(currentCpu(), std::memory_order_relaxed);
    const int64_t batch_start = nowNs();
    for (size_t i = 0; i < claimed; ++i) {
      execute(batch[i], first + i);
      finish(first + i);
    }
    small_ops = (nowNs() - batch_start) / static_cast<int64_t>(claimed) < kLongKernelNs;
    lock.lock();
    executing = false;
  }
  lock.unlock();
  exited.store(true, std::memory_order_release);
}

}  // namespace accelsim::detail

using namespace accelsim::detail;

namespace {

accelsimError_t createStream(accelsimStream_t* out, int priority) {
  if (out == nullptr) return fail(accelsimErrorInvalidValue, "stream output pointer is NULL");
  Device* d = nullptr;
  if (accelsimError_t e = getCurrentDevice(&d); e != accelsimSuccess) return e;
  d->reap();
  // Clamp into [most urgent, least urgent] as driver runtimes do.
  if (priority < d->prop.stream_priority_high) priority = d->prop.stream_priority_high;
  if (priority > d->prop.stream_priority_low) priority = d->prop.stream_priority_low;
  auto s = std::make_unique<Stream>(d, priority, g_next_stream_id.fetch_add(1), /*is_default=*/false);
  Stream* raw = s.get();
  {
    std::lock_guard<std::mutex> lock(d->mu);
    d->owned.push_back(std::move(s));
    d->live.push_back(raw);
  }
  registerStream(raw);
  *out = reinterpret_cast<accelsimStream_t>(raw);
  return accelsimSuccess;
}

}  // namespace

extern "C" {

accelsimError_t accelsimStreamCreate(accelsimStream_t* stream) { return createStream(stream, 0); }

accelsimError_t accelsimStreamCreateWithPriority(accelsimStream_t* stream, int priority) {
  return createStream(stream, priority);
}

accelsimError_t accelsimStreamDestroy(accelsimStream_t stream) {
  if (stream == nullptr) return fail(accelsimErrorInvalidHandle, "the default stream cannot be destroyed");
  auto* s = reinterpret_cast<Stream*>(stream);
  if (s != nullptr && g_streams().contains(s) && s->is_default)
    return fail(accelsimErrorInvalidHandle, "the default stream cannot be destroyed");
  if (!unregisterStream(s)) return fail(accelsimErrorInvalidHandle, "stream %p is not a live stream", stream);
  Device* d = s->device;
  {
    // A capture in progress is abandoned.
    std::lock_guard<std::mutex> lock(s->mu);
    if (s->capture != nullptr) {
      graphUnref(s->capture);
      s->capture = nullptr;
      s->capture_id.store(0, std::memory_order_release);
      d->captures.fetch_sub(1, std::memory_order_acq_rel);
    }
  }
  {
    std::lock_guard<std::mutex> lock(d->mu);
    for (auto it = d->live.begin(); it != d->live.end(); ++it) {
      if (*it == s) {
        d->live.erase(it);
        break;
      }
    }
    d->retired.push_back(s);
  }
  s->retire();
  d->reap();
  return accelsimSuccess;
}

accelsimError_t accelsimStreamGetDefault(int device, accelsimStream_t* stream) {
  if (stream == nullptr) return fail(accelsimErrorInvalidValue, "stream output pointer is NULL");
  Device* d = nullptr;
  if (accelsimError_t e = getDevice(device, &d); e != accelsimSuccess) return e;
  *stream = reinterpret_cast<accelsimStream_t>(d->default_stream);
  return accelsimSuccess;
}

accelsimError_t accelsimStreamGetDevice(accelsimStream_t stream, int* device) {
  if (device == nullptr) return fail(accelsimErrorInvalidValue, "device output pointer is NULL");
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  *device = s->device->index;
  return accelsimSuccess;
}

accelsimError_t accelsimStreamGetPriority(accelsimStream_t stream, int* priority) {
  if (priority == nullptr) return fail(accelsimErrorInvalidValue, "priority output pointer is NULL");
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  *priority = s->priority;
  return accelsimSuccess;
}

accelsimError_t accelsimStreamGetId(accelsimStream_t stream, uint64_t* id) {
  if (id == nullptr) return fail(accelsimErrorInvalidValue, "id output pointer is NULL");
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  *id = s->id;
  return accelsimSuccess;
}

accelsimError_t accelsimStreamQuery(accelsimStream_t stream) {
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  if (s->capturing()) {
    s->invalidateCapture();
    return fail(accelsimErrorStreamCaptureUnsupported,
                "accelsimStreamQuery on a capturing stream (the capture is invalidated)");
  }
  // NotReady is a status, not a failure: it does not become the last error. Whoever asks is waiting (urgeClaim).
  if (s->reached(s->submitted.load(std::memory_order_acquire))) return accelsimSuccess;
  s->urgeClaim();
  return accelsimErrorNotReady;
}

accelsimError_t accelsimStreamSynchronize(accelsimStream_t stream) {
  if (inRuntimeWork()) return fail(accelsimErrorNotPermitted, "accelsimStreamSynchronize called from a kernel");
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  if (s->capturing()) {
    s->invalidateCapture();
    return fail(accelsimErrorStreamCaptureUnsupported,
                "accelsimStreamSynchronize on a capturing stream (the capture is invalidated)");
  }
  s->waitFor(s->submitted.load(std::memory_order_acquire));
  return s->takeError();
}

accelsimError_t accelsimLaunchKernel(accelsimStream_t stream, accelsimKernelFn fn, void* args,
                                     accelsimArgsDestroyFn args_destroy) {
  if (fn == nullptr) return fail(accelsimErrorInvalidValue, "accelsimLaunchKernel: fn is NULL");
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  if (!s->device->host_access)
    return fail(accelsimErrorNotSupported,
                "accelsimLaunchKernel: device %d runs no host code over its memory (ACCELSIM_HOST_ACCESS=0, as a "
                "discrete device whose memory the host cannot address); nothing was launched",
                s->device->index);
  Op op;
  op.kind = OpKind::Kernel;
  op.fn = fn;
  op.args = args;
  op.destroy = args_destroy;
  return s->submit(op);
}

int accelsimInKernel(void) { return inRuntimeWork() ? 1 : 0; }

}  // extern "C"
