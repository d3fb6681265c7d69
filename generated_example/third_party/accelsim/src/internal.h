// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Internal declarations shared by the accelsim runtime sources. Not installed, not part of the API.
#ifndef ACCELSIM_SRC_INTERNAL_H_
#define ACCELSIM_SRC_INTERNAL_H_

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "accelsim/accelsim.h"
#include "arena.h"

namespace accelsim::detail {

// ---- errors.cc --------------------------------------------------------------------------------------------
// Records `code` with a printf-style message as the calling thread's last error and returns `code`.
accelsimError_t fail(accelsimError_t code, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
// Keeps the calling thread's last error through device work it executes for a stream (the errors of that
// work belong to the stream, not to the host thread's next call).
class LastErrorKeeper {
 public:
  LastErrorKeeper();
  ~LastErrorKeeper();
  LastErrorKeeper(const LastErrorKeeper&) = delete;
  LastErrorKeeper& operator=(const LastErrorKeeper&) = delete;

 private:
  accelsimError_t code_;
  char message_[512];
};

// ---- thread state (platform.cc) ---------------------------------------------------------------------------
// True on runtime worker threads: the only threads that may touch device memory (through the arena's view).
bool inRuntimeWork();
void enterRuntimeWork(int device);
// A host thread executing device work (Stream::waitFor): a worker of `device` until the scope ends.
class RuntimeWorkScope {
 public:
  explicit RuntimeWorkScope(int device);
  ~RuntimeWorkScope();
  RuntimeWorkScope(const RuntimeWorkScope&) = delete;
  RuntimeWorkScope& operator=(const RuntimeWorkScope&) = delete;

 private:
  bool was_runtime_work_;
  int device_;
  LastErrorKeeper last_error_;
};

// ---- environment (platform.cc) ---------------------------------------------------------------------------
// The integer value of environment variable `name`, or `fallback` when it is unset, empty, not a whole decimal
// integer, or outside [lo, hi].
long envInteger(const char* name, long lo, long hi, long fallback);

// ---- sleeping (platform.cc) -------------------------------------------------------------------------------
// A futex of this process: sleepWhile sleeps while `*word` holds `expected`, at most `timeout_ns` (or until
// wakeSleepers(word)); it may return early.
void sleepWhile(std::atomic<uint32_t>* word, uint32_t expected, int64_t timeout_ns);
void wakeSleepers(std::atomic<uint32_t>* word);
// Makes the calling thread's timed sleeps end within about a microsecond of their deadline (Linux's default timer
// slack lets them end up to 50 us late).
void preciseSleeps();

// ---- operations queued on streams (stream.cc) -------------------------------------------------------------
struct Stream;
struct Event;
struct GraphData;

// Comm: a communicator operation (comm_task.cc), the runtime's own device work: `fn` returns an accelsimError_t and
// records its message with fail(); a failure becomes the stream's sticky error with that code and message.
enum class OpKind : uint8_t { Kernel, Copy, Memset, EventRecord, WaitStream, GraphReplay, Comm };

// One unit of stream work. Plain data so that queues are rings of values: no allocation per launch.
struct Op {
  OpKind kind = OpKind::Kernel;
  int value = 0;                            // Memset byte
  accelsimKernelFn fn = nullptr;            // Kernel
  void* args = nullptr;                     // Kernel
  accelsimArgsDestroyFn destroy = nullptr;  // Kernel: called after execution (not for graph nodes)
  void* dst = nullptr;                      // Copy/Memset: accessible (runtime view) addresses
  const void* src = nullptr;                // Copy
  size_t size = 0;                          // Copy/Memset
  Stream* wait_stream = nullptr;            // WaitStream: wait until wait_stream->completed >= wait_target
  uint64_t wait_target = 0;
  Event* event = nullptr;                   // EventRecord: holds a reference
  GraphData* graph = nullptr;               // GraphReplay: holds a reference
};

struct Device;

// An in-order queue executed by its own worker thread (started on first use). Sequence numbers: the n-th op
// pushed has sequence n (1-based); `completed` is the sequence of the last executed op.
//
// A host thread that waits for a stream executes the stream's pending ops itself (waitFor), as a device shares
// its work with an idle host: the ops still run one at a time and in order (`executing`), but on a thread that
// would otherwise sleep, and on the CPUs that thread's own parallel regions already use. The worker takes no op
// while a host thread helps (`helpers`).
struct Stream {
  Stream(Device* device, int priority, uint64_t id, bool is_default);
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  // Enqueue (or record into the active capture). Locks `mu`.
  accelsimError_t submit(const Op& op, uint64_t* seq = nullptr);
  // With `mu` held: append to the ring. Returns true if the worker must be woken (call wake() after unlock).
  bool pushLocked(const Op& op);
  void wake() { cv.notify_one(); }
  // Blocks the calling thread until completed >= target. A host thread executes pending ops itself meanwhile;
  // a worker (waiting for another stream) spins briefly, then sleeps.
  void waitFor(uint64_t target);
  bool reached(uint64_t target) const { return completed.load(std::memory_order_acquire) >= target; }
  // Sticky kernel failure: returns and clears it (Success if none), recording the last error.
  accelsimError_t takeError();
  // Marks the active capture (if any) invalidated. Locks `mu`.
  void invalidateCapture();
  bool capturing() const { return capture_id.load(std::memory_order_acquire) != 0; }
  // Destroy: no new work, the worker drains the queue and exits.
  void retire();
  void releaseRing();  // after the detached worker exited: release the ring

  Device* const device;
  const int priority;
  const uint64_t id;
  const bool is_default;

  std::mutex mu;  // guards everything below up to `destroyed`
  std::condition_variable cv;
  std::vector<Op> ring;
  uint64_t head = 0;  // ops popped (by the worker or a helping host thread)
  uint64_t tail = 0;  // ops pushed
  bool sleeping = false;
  bool executing = false;  // an op is being executed (by the worker or a helper): nobody else may pop one
  bool stop = false;
  bool started = false;
  bool destroyed = false;
  GraphData* capture = nullptr;  // graph being captured
  bool capture_invalidated = false;
  std::atomic<uint64_t> capture_id{0};  // 0: not capturing

  std::atomic<uint64_t> submitted{0};  // mirror of tail, for lock-free reads
  // Written by whoever executes the ops: a cache line of their own, away from `submitted`, which the launching
  // host thread writes (sharing one would make every launch and every executed op contend for it).
  alignas(64) std::atomic<uint64_t> popped{0};  // mirror of head, for lock-free reads
  std::atomic<uint64_t> completed{0};
  alignas(64) std::atomic<int> helpers{0};  // host threads executing this stream's ops in waitFor
  // Raised by a thread that waits for this stream without running its ops (a worker waiting for another
  // stream's event) or asks whether it is done (accelsimStreamQuery, accelsimEventQuery), and by a launch that
  // makes a backlog of several batches: the worker claims at once, without letting launches accumulate (see the
  // device's batch_interval_ns), every op up to claim_upto (the ops launched when it was raised). So an urge is
  // spent exactly when the ops it saw are claimed, and never hurries later launches. A worker asleep in its interval
  // (claim_sleeping) is woken through claim_wake. Written only then, so a burst of launches nobody waits for
  // never touches these lines.
  std::atomic<uint64_t> claim_upto{0};
  std::atomic<uint32_t> claim_wake{0};
  std::atomic<uint32_t> claim_sleeping{0};
  void urgeClaim() {
    const uint64_t launched = submitted.load(std::memory_order_acquire);
    uint64_t upto = claim_upto.load(std::memory_order_relaxed);
    while (upto < launched) {
      if (claim_upto.compare_exchange_weak(upto, launched, std::memory_order_seq_cst)) {
        if (claim_sleeping.load(std::memory_order_seq_cst) != 0) {
          claim_wake.fetch_add(1, std::memory_order_seq_cst);
          wakeSleepers(&claim_wake);
        }
        return;
      }
    }
  }
  std::atomic<bool> exited{false};
  std::thread worker;

  std::mutex done_mu;  // sleeping waiters of completion
  std::condition_variable done_cv;
  std::atomic<int> waiters{0};

  // Spinning must not starve the thread being waited for. On a machine with few CPUs the scheduler often
  // places a woken thread on the CPU of the thread that woke it ("wake affine"); a spinner then holds the very
  // CPU its partner needs until the spin budget runs out (measured: +50 us per wait at the host, +100 us at the
  // worker, which made 1-4 MiB copies 2-5x slower than memcpy). Two cheap signals prevent that:
  //   worker_cpu      - the CPU the worker last ran on; a host waiter on the same CPU sleeps at once instead of
  //                     spinning (its spin could only delay the worker it waits for);
  //   wake_unclaimed  - set by the worker when it wakes sleeping waiters, cleared by a waiter once it runs; while
  //                     it stays set the woken waiter is probably queued behind the worker's own spin, so the
  //                     worker stops spinning after a short grace period and sleeps.
  //   kernel_started_ns - when the worker started the kernel it is running (0: none). A kernel that runs long is
  //                     almost always a multi-threaded one (ATen's CPU kernels split work over every CPU above
  //                     about 32K elements); a host waiter that kept spinning would hold one of those CPUs for the
  //                     whole kernel, so it stops spinning and sleeps once a kernel has run for kLongKernelNs.
  std::atomic<int> worker_cpu{-1};
  std::atomic<bool> wake_unclaimed{false};
  std::atomic<int64_t> kernel_started_ns{0};

  std::mutex err_mu;
  std::atomic<bool> has_error{false};
  accelsimError_t error = accelsimSuccess;
  char error_message[512] = {0};

 private:
  void workerMain();
  // waitFor's two halves: execute pending ops on the calling host thread / wait for the executor to get there.
  void helpUntil(uint64_t target);
  void awaitCompletion(uint64_t target);
  // Pops the next op (with `mu` held, nothing executing, queue not empty) and marks it executing. After it ran,
  // finish() publishes its completion (without `mu`); the executor then clears `executing` under `mu`.
  Op popLocked(uint64_t* seq);
  void finish(uint64_t seq);
  void execute(Op& op, uint64_t seq);
  void runKernel(accelsimKernelFn fn, void* args);
  void runComm(accelsimKernelFn fn, void* args);
};

// ---- devices (platform.cc) --------------------------------------------------------------------------------
// What the device spent its time on (monitor.cc): nanoseconds of ops, summed over its streams.
struct DeviceActivity {
  std::atomic<int64_t> compute_ns{0};  // kernels, device functions, collectives, graph replays
  std::atomic<int64_t> memory_ns{0};   // those, plus copies and memsets
  std::mutex mu;                       // guards the sample below
  int64_t sample_start_ns = 0;         // when the current sample period began (the device's creation at first)
  int64_t sample_compute_ns = 0;       // the counters then
  int64_t sample_memory_ns = 0;
  unsigned compute_percent = 0;        // the last sample
  unsigned memory_percent = 0;
  bool sampled = false;
};

// ACCELSIM_BATCH_INTERVAL_US's default: how long, at most, launches nobody waits for accumulate before a stream's
// worker claims them (stream.cc, before kMaxBatch, says why they accumulate).
constexpr long kDefaultBatchIntervalUs = 200;

struct Device {
  int index = 0;
  accelsimDeviceProp prop{};
  bool host_access = true;  // false with ACCELSIM_HOST_ACCESS=0: kernels are refused
  bool virtual_memory = true;  // false with ACCELSIM_VIRTUAL_MEMORY=0: accelsimMem* are refused
  int64_t batch_interval_ns = kDefaultBatchIntervalUs * 1'000;  // ACCELSIM_BATCH_INTERVAL_US (stream.cc)
  Arena arena;
  Stream* default_stream = nullptr;
  std::atomic<int> captures{0};  // streams of this device that are capturing
  DeviceActivity activity;

  std::mutex mu;  // guards the lists
  std::vector<std::unique_ptr<Stream>> owned;  // every stream ever created here (never freed before exit)
  std::vector<Stream*> live;                   // default + created, not destroyed
  std::vector<Stream*> retired;                // destroyed, worker maybe still draining

  // Invalidates every active capture on the device (an illegal call was made while capturing).
  void invalidateCaptures();
  void reap();
};

struct Runtime {
  accelsimPlatformConfig config{};
  std::vector<std::unique_ptr<Device>> devices;
};

// Lazily initializes the runtime (thread-safe). On failure records the last error and returns it.
accelsimError_t getRuntime(Runtime** rt);
accelsimError_t getDevice(int index, Device** device);
accelsimError_t getCurrentDevice(Device** device);
// The device whose arena contains `p`, or null. Never initializes.
Device* deviceOwning(const void* p);

// ---- handles (handles.cc) ---------------------------------------------------------------------------------
// NULL resolves to the current device's default stream.
accelsimError_t resolveStream(accelsimStream_t handle, Stream** stream);
void registerStream(Stream* s);
bool unregisterStream(Stream* s);  // false if `s` was not live

// ---- events (event.cc) ------------------------------------------------------------------------------------
struct Event {
  explicit Event(unsigned f) : flags(f) {}
  std::atomic<int> refs{1};
  const unsigned flags;
  bool timing() const { return (flags & accelsimEventDisableTiming) == 0; }

  std::mutex mu;  // guards the fields below
  Stream* stream = nullptr;  // last (host-visible) record; null if never recorded
  uint64_t target = 0;
  bool has_time = false;
  int64_t time_ns = 0;
  Stream* capture_stream = nullptr;  // recorded into a capture (not host-visible) ...
  uint64_t capture_id = 0;           // ... whose id is this, if still active

  // Worker side: timestamp the record (stream, seq) if it is still the current one.
  void stamp(Stream* s, uint64_t seq);
  // With the recording stream's `mu` held: make (s, seq) the current record.
  void setRecordLocked(Stream* s, uint64_t seq);
};
void eventRef(Event* e);
void eventUnref(Event* e);

// ---- graphs (graph.cc) ------------------------------------------------------------------------------------
struct GraphData {
  std::atomic<int> refs{1};
  std::vector<Op> nodes;  // Kernel, Copy, Memset, EventRecord
  ~GraphData();
};
void graphUnref(GraphData* g);
uint64_t nextCaptureId();

// ---- spinning ---------------------------------------------------------------------------------------------
inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield" ::: "memory");
#else
  std::this_thread::yield();
#endif
}
int64_t nowNs();
// Asks for the cache lines of [p, p + size) in a writable state ahead of a write. A launch writes lines that the
// worker last read or wrote on its own CPU (a ring slot, the kernel's argument block); the write itself would
// wait for their transfer, and so would the locked instruction of the next mutex operation. Prefetched one
// launch ahead, the transfer overlaps the host's own work: 2-3% of a one-element add's launch, measured on a
// 2-vCPU VM against the same process without it.
inline void prefetchForWrite(const void* p, size_t size) {
  const auto* bytes = static_cast<const char*>(p);
  for (size_t offset = 0; offset < size; offset += 64) __builtin_prefetch(bytes + offset, 1);
  __builtin_prefetch(bytes + size - 1, 1);
}
// Spins (pause, no yield) until pred() or `budget_ns` elapsed. Returns pred(). Yielding was measured to be much
// worse on a loaded machine: the scheduler hands the CPU to other processes for a whole time slice.
template <class Pred>
bool spinFor(Pred pred, int64_t budget_ns) {
  if (pred()) return true;
  const int64_t deadline = nowNs() + budget_ns;
  for (unsigned i = 1;; ++i) {
    cpuRelax();
    if (pred()) return true;
    if ((i & 31) == 0 && nowNs() > deadline) return pred();
  }
}

}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_INTERNAL_H_
