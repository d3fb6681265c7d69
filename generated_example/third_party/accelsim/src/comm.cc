// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Communicators and collectives between processes on one machine, through one POSIX shared-memory segment per
// communicator, device memory to device memory (see accelsim_comm.h for the contract).
//
// The segment (named from the unique id, unlinked as soon as every rank has mapped it, so that nothing outlives
// the processes even when they are killed) holds:
//   - a header: geometry, the join count, the futex word every waiter sleeps on, and the abort record (the first
//     failure of any rank, which makes every rank's operations fail);
//   - per rank: its pid, its barrier step counter and the descriptors of its last two collectives (for matching);
//   - per rank: a staging slot in two halves, through which collectives move data piece by piece (a bounded
//     segment whatever the message size; alternating halves let one rank fill the next piece while others still
//     read the last one);
//   - per ordered pair of ranks: a byte ring for point-to-point messages, each message preceded by its size.
//
// Collectives are sequence-numbered per communicator and matched in order: the first barrier of each one also
// publishes its descriptor (kind, type, op, count, root), which every rank compares with its own. Every wait is a
// short spin then a futex sleep on the shared word, bounded by ACCELSIM_COMM_TIMEOUT_MS, and checks the abort
// record and whether the awaited peers' processes still exist: a dead or missing peer fails the operation and
// aborts the communicator, so nothing hangs.
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "handles.h"
#include "internal.h"

namespace accelsim::detail {
namespace {

constexpr uint64_t kIdMagic = 0x61636373696d4944ULL;   // "accsimID"
constexpr uint64_t kSegMagic = 0x61636373696d5347ULL;  // "accsimSG"
constexpr int kMaxRanks = 64;
constexpr size_t kDefaultSlotBytes = size_t{4} << 20;  // per rank: two halves of 2 MiB
constexpr size_t kMinSlotBytes = size_t{64} << 10;
constexpr int kDefaultTimeoutMs = 30000;
constexpr int64_t kSpinNs = 20'000;
constexpr int64_t kLivenessCheckNs = 50'000'000;

struct UniqueId {
  uint64_t magic;
  char name[64];
};
static_assert(sizeof(UniqueId) <= ACCELSIM_COMM_UNIQUE_ID_BYTES);

enum class Kind : int32_t { AllReduce, Broadcast, Reduce, AllGather, ReduceScatter, Send, Recv, LocalCopy };

const char* kindName(Kind k) {
  switch (k) {
    case Kind::AllReduce: return "all_reduce";
    case Kind::Broadcast: return "broadcast";
    case Kind::Reduce: return "reduce";
    case Kind::AllGather: return "all_gather";
    case Kind::ReduceScatter: return "reduce_scatter";
    case Kind::Send: return "send";
    case Kind::Recv: return "recv";
    case Kind::LocalCopy: return "all_to_all (own block)";
  }
  return "?";
}

const char* typeName(int t) {
  static const char* const names[] = {"int8",    "uint8",   "int32",   "uint32",   "int64", "uint64",
                                      "float16", "float32", "float64", "bfloat16", "bool"};
  return t >= 0 && t <= accelsimBool ? names[t] : "?";
}
const char* redName(int op) {
  static const char* const names[] = {"sum", "prod", "max", "min", "avg"};
  return op >= 0 && op <= accelsimAvg ? names[op] : "?";
}
size_t typeSize(int t) {
  switch (t) {
    case accelsimInt8: case accelsimUint8: case accelsimBool: return 1;
    case accelsimFloat16: case accelsimBfloat16: return 2;
    case accelsimInt32: case accelsimUint32: case accelsimFloat32: return 4;
    case accelsimInt64: case accelsimUint64: case accelsimFloat64: return 8;
  }
  return 0;
}
bool isFloating(int t) {
  return t == accelsimFloat16 || t == accelsimBfloat16 || t == accelsimFloat32 || t == accelsimFloat64;
}

// ---- shared segment layout --------------------------------------------------------------------------------------

struct Desc {  // a collective as one rank issued it
  uint64_t seq;
  int32_t kind, dtype, op, root;
  uint64_t count;
};

struct alignas(64) SegHeader {
  std::atomic<uint64_t> magic;  // kSegMagic once rank 0 initialized the rest
  int32_t nranks;
  uint32_t pad0;
  uint64_t slot_bytes;
  uint64_t chan_bytes;
  uint64_t total_bytes;
  std::atomic<int32_t> mapped;  // ranks that mapped the segment (the last one unlinks it)
  alignas(64) std::atomic<uint32_t> wake;  // futex word: bumped after every step any rank makes
  std::atomic<uint32_t> sleepers;
  alignas(64) std::atomic<int32_t> abort_state;  // 0 none, 1 being written, 2 published
  int32_t abort_code;
  int32_t abort_rank;
  char abort_reason[400];
};

struct alignas(64) RankCtl {
  std::atomic<int32_t> joined;
  int32_t pid;
  alignas(64) std::atomic<uint64_t> step;  // barrier arrivals
  Desc desc[2];                            // by collective sequence parity
};

struct alignas(64) ChanCtl {  // byte ring from one rank to another
  alignas(64) std::atomic<uint64_t> written;  // by the sender
  alignas(64) std::atomic<uint64_t> read;     // by the receiver
};

size_t alignUp(size_t v, size_t a) { return (v + a - 1) / a * a; }

struct Layout {
  size_t ranks_off, chans_off, slots_off, bufs_off, total;
};
Layout layoutFor(int n, size_t slot_bytes, size_t chan_bytes) {
  Layout l{};
  l.ranks_off = alignUp(sizeof(SegHeader), 4096);
  l.chans_off = alignUp(l.ranks_off + sizeof(RankCtl) * n, 4096);
  l.slots_off = alignUp(l.chans_off + sizeof(ChanCtl) * n * n, 4096);
  l.bufs_off = l.slots_off + slot_bytes * n;
  l.total = l.bufs_off + chan_bytes * n * n;
  return l;
}

int envInt(const char* name, long lo, long hi, long dflt) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return static_cast<int>(dflt);
  char* end = nullptr;
  const long x = std::strtol(v, &end, 10);
  if (end == nullptr || *end != '\0' || x < lo || x > hi) return static_cast<int>(dflt);
  return static_cast<int>(x);
}

long futexWait(std::atomic<uint32_t>* word, uint32_t expected, int64_t timeout_ns) {
  timespec ts{static_cast<time_t>(timeout_ns / 1'000'000'000), static_cast<long>(timeout_ns % 1'000'000'000)};
  return syscall(SYS_futex, reinterpret_cast<uint32_t*>(word), FUTEX_WAIT, expected, &ts, nullptr, 0);
}
void futexWakeAll(std::atomic<uint32_t>* word) {
  syscall(SYS_futex, reinterpret_cast<uint32_t*>(word), FUTEX_WAKE, 0x7fffffff, nullptr, nullptr, 0);
}

// A process that no longer exists, or a zombie (killed, not yet reaped by its parent).
bool processGone(int pid) {
  if (pid <= 0) return false;
  if (kill(pid, 0) != 0 && errno == ESRCH) return true;
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/stat", pid);
  FILE* f = std::fopen(path, "r");
  if (f == nullptr) return false;
  char buf[512];
  const size_t n = std::fread(buf, 1, sizeof buf - 1, f);
  std::fclose(f);
  buf[n] = '\0';
  const char* close = std::strrchr(buf, ')');
  return close != nullptr && close[1] == ' ' && (close[2] == 'Z' || close[2] == 'X');
}

// memcpy that accepts the null pointers of empty buffers (count 0 leaves buffers unresolved).
inline void mcopy(void* dst, const void* src, size_t n) {
  if (n != 0) std::memcpy(dst, src, n);
}

// ---- reductions ---------------------------------------------------------------------------------------------------

float halfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  uint32_t bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000 | (mant << 13);
  } else if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else {  // subnormal: normalize
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while ((mant & 0x400) == 0);
      bits = sign | static_cast<uint32_t>(127 - 15 - e) << 23 | (mant & 0x3ff) << 13;
    }
  } else {
    bits = sign | (exp + 127 - 15) << 23 | mant << 13;
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t floatToHalf(float f) {  // round to nearest even
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000);
  const uint32_t ax = x & 0x7fffffff;
  if (ax >= 0x7f800000) return sign | 0x7c00 | (ax > 0x7f800000 ? 0x200 : 0);  // inf, nan
  if (ax >= 0x477ff000) return sign | 0x7c00;                                     // overflows to inf
  if (ax < 0x38800000) {  // result is subnormal (or zero): let the FPU round through a magic add
    float a;
    std::memcpy(&a, &ax, 4);
    a += 0.5f;  // 2^-1: the mantissa's low bits now hold the half subnormal, correctly rounded
    uint32_t b;
    std::memcpy(&b, &a, 4);
    return sign | static_cast<uint16_t>(b - 0x3f000000);
  }
  const uint32_t odd = (ax >> 13) & 1;
  uint32_t r = ax + 0xc8000fff + odd;  // rebias exponent (-112 << 23) and round
  return sign | static_cast<uint16_t>(r >> 13);
}

float bf16ToFloat(uint16_t h) {
  const uint32_t bits = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}
uint16_t floatToBf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000) return static_cast<uint16_t>((x >> 16) | 0x40);  // quiet nan
  return static_cast<uint16_t>((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

template <class T>
inline T apply(int op, T a, T b) {
  switch (op) {
    case accelsimProd: return static_cast<T>(a * b);
    case accelsimMax: return a < b ? b : a;
    case accelsimMin: return b < a ? b : a;
    default: return static_cast<T>(a + b);  // sum, avg
  }
}

// out[i] = src[0][i] op src[1][i] op ... (rank order), for `n` elements. `out` may alias any source (all-reduce
// reduces its own slot in place): blocks are reduced into a local buffer first, one vectorizable pass per source.
template <class T>
void reduceNative(char* out, const char* const* src, int nsrc, size_t n, int op, int nranks) {
  constexpr size_t kBlock = 2048;
  T acc[kBlock];
  for (size_t base = 0; base < n; base += kBlock) {
    const size_t m = std::min(kBlock, n - base);
    std::memcpy(acc, src[0] + base * sizeof(T), m * sizeof(T));
    for (int s = 1; s < nsrc; ++s) {
      T c[kBlock];
      std::memcpy(c, src[s] + base * sizeof(T), m * sizeof(T));
      switch (op) {
        case accelsimProd: for (size_t i = 0; i < m; ++i) acc[i] = static_cast<T>(acc[i] * c[i]); break;
        case accelsimMax: for (size_t i = 0; i < m; ++i) acc[i] = acc[i] < c[i] ? c[i] : acc[i]; break;
        case accelsimMin: for (size_t i = 0; i < m; ++i) acc[i] = c[i] < acc[i] ? c[i] : acc[i]; break;
        default: for (size_t i = 0; i < m; ++i) acc[i] = static_cast<T>(acc[i] + c[i]); break;
      }
    }
    if constexpr (std::is_floating_point_v<T>) {
      if (op == accelsimAvg)
        for (size_t i = 0; i < m; ++i) acc[i] = acc[i] / static_cast<T>(nranks);
    }
    std::memcpy(out + base * sizeof(T), acc, m * sizeof(T));
  }
}

// 16-bit floats: accumulate in float in rank order, round once.
template <float (*Load)(uint16_t), uint16_t (*Store)(float)>
void reduceHalf(char* out, const char* const* src, int nsrc, size_t n, int op, int nranks) {
  uint16_t* o = reinterpret_cast<uint16_t*>(out);
  for (size_t i = 0; i < n; ++i) {
    float acc = Load(reinterpret_cast<const uint16_t*>(src[0])[i]);
    for (int s = 1; s < nsrc; ++s) acc = apply(op, acc, Load(reinterpret_cast<const uint16_t*>(src[s])[i]));
    if (op == accelsimAvg) acc = acc / static_cast<float>(nranks);
    o[i] = Store(acc);
  }
}

void reduce(int dtype, char* out, const char* const* src, int nsrc, size_t n, int op, int nranks) {
  if (n == 0) return;
  switch (dtype) {
    case accelsimInt8: reduceNative<int8_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimUint8: reduceNative<uint8_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimBool:  // 0/1 bytes: sum and max are "or", prod and min are "and"
      reduceNative<uint8_t>(out, src, nsrc, n,
                            op == accelsimSum || op == accelsimMax ? accelsimMax : accelsimMin, nranks);
      break;
    case accelsimInt32: reduceNative<int32_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimUint32: reduceNative<uint32_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimInt64: reduceNative<int64_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimUint64: reduceNative<uint64_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimFloat32: reduceNative<float>(out, src, nsrc, n, op, nranks); break;
    case accelsimFloat64: reduceNative<double>(out, src, nsrc, n, op, nranks); break;
    case accelsimFloat16: reduceHalf<halfToFloat, floatToHalf>(out, src, nsrc, n, op, nranks); break;
    case accelsimBfloat16: reduceHalf<bf16ToFloat, floatToBf16>(out, src, nsrc, n, op, nranks); break;
  }
}

// ---- communicator -------------------------------------------------------------------------------------------------

struct Item {
  Kind kind = Kind::AllReduce;
  int dtype = 0;
  int op = 0;
  int root = 0;  // root, or peer for send/recv
  size_t count = 0;
  const char* send = nullptr;  // runtime-view addresses
  char* recv = nullptr;
  const char* origin = nullptr;  // "all_to_all" for the parts of one, else null
};

struct Comm {
  std::atomic<int> refs{1};
  int rank = 0;
  int nranks = 0;
  int device = 0;
  int timeout_ms = kDefaultTimeoutMs;
  char name[64] = {0};  // the segment name, for messages
  void* base = nullptr;
  size_t size = 0;
  SegHeader* hdr = nullptr;
  RankCtl* ranks = nullptr;
  ChanCtl* chans = nullptr;
  char* slots = nullptr;
  char* bufs = nullptr;
  size_t slot_bytes = 0;
  size_t chan_bytes = 0;

  // Executor state: one operation of the communicator executes at a time (exec_mu).
  std::mutex exec_mu;
  uint64_t step = 0;
  uint64_t coll_seq = 0;
  uint32_t half = 0;
  std::vector<uint64_t> sends, recvs;  // messages so far, per peer

  std::mutex err_mu;
  std::atomic<bool> failed{false};
  accelsimError_t async_code = accelsimSuccess;
  char async_msg[1024] = {0};

  ~Comm() {
    if (base != nullptr) munmap(base, size);
  }
  RankCtl& rc(int r) { return ranks[r]; }
  ChanCtl& chan(int from, int to) { return chans[from * nranks + to]; }
  char* chanBuf(int from, int to) { return bufs + (static_cast<size_t>(from) * nranks + to) * chan_bytes; }
  char* slot(int r, uint32_t h) { return slots + static_cast<size_t>(r) * slot_bytes + h * (slot_bytes / 2); }

  void bump() {
    hdr->wake.fetch_add(1, std::memory_order_seq_cst);
    if (hdr->sleepers.load(std::memory_order_seq_cst) > 0) futexWakeAll(&hdr->wake);
  }
  // Publishes the communicator's failure to every rank (the first one wins).
  void abortAll(accelsimError_t code, const char* reason) {
    int32_t expected = 0;
    if (hdr->abort_state.compare_exchange_strong(expected, 1, std::memory_order_acq_rel)) {
      hdr->abort_code = code;
      hdr->abort_rank = rank;
      std::snprintf(hdr->abort_reason, sizeof hdr->abort_reason, "%s", reason);
      hdr->abort_state.store(2, std::memory_order_release);
    }
    bump();
    futexWakeAll(&hdr->wake);
  }
  void recordAsync(accelsimError_t code, const char* msg) {
    std::lock_guard<std::mutex> lock(err_mu);
    if (async_code == accelsimSuccess) {
      async_code = code;
      std::snprintf(async_msg, sizeof async_msg, "%s", msg);
      failed.store(true, std::memory_order_release);
    }
  }
};

void commUnref(Comm* c) {
  if (c->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete c;
}

Registry<Comm>& g_comms() {
  static auto* registry = new Registry<Comm>();
  return *registry;
}

accelsimError_t resolveComm(accelsimComm_t handle, Comm** out) {
  auto* c = reinterpret_cast<Comm*>(handle);
  if (c == nullptr || !g_comms().contains(c))
    return fail(accelsimErrorInvalidHandle, "communicator %p is not a live communicator", static_cast<void*>(handle));
  *out = c;
  return accelsimSuccess;
}

// The context of one executing operation: names it in messages.
struct OpCtx {
  Comm* c;
  const char* what;  // "all_reduce #12 (float32 sum, 1024 elements)"
};

// Fails the operation: records the message, makes it the communicator's async error and aborts every rank.
accelsimError_t opFail(const OpCtx& ctx, accelsimError_t code, const char* fmt, ...)
    __attribute__((format(printf, 3, 4)));
accelsimError_t opFail(const OpCtx& ctx, accelsimError_t code, const char* fmt, ...) {
  char detail[256];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  char msg[1024];
  std::snprintf(msg, sizeof msg, "communicator %s rank %d of %d (device %d): %s failed: %s", ctx.c->name, ctx.c->rank,
                ctx.c->nranks, ctx.c->device, ctx.what, detail);
  ctx.c->recordAsync(code, msg);
  char reason[400];
  std::snprintf(reason, sizeof reason, "%.120s on rank %d: %.250s", ctx.what, ctx.c->rank, detail);
  ctx.c->abortAll(code, reason);
  return fail(code, "%s", msg);
}

// The failure another rank published (or our own abort), if any.
bool aborted(Comm* c, accelsimError_t* code, std::string* reason) {
  if (c->hdr->abort_state.load(std::memory_order_acquire) == 0) return false;
  for (int i = 0; i < 1000 && c->hdr->abort_state.load(std::memory_order_acquire) != 2; ++i) cpuRelax();
  if (c->hdr->abort_state.load(std::memory_order_acquire) == 2) {
    *code = static_cast<accelsimError_t>(c->hdr->abort_code);
    *reason = c->hdr->abort_reason;
  } else {
    *code = accelsimErrorCommAborted;
    *reason = "the communicator was aborted";
  }
  return true;
}

accelsimError_t failFromAbort(const OpCtx& ctx, accelsimError_t code, const std::string& reason) {
  char msg[1024];
  std::snprintf(msg, sizeof msg, "communicator %s rank %d of %d (device %d): %s failed: %s", ctx.c->name,
                ctx.c->rank, ctx.c->nranks, ctx.c->device, ctx.what, reason.c_str());
  ctx.c->recordAsync(code, msg);
  return fail(code, "%s", msg);
}

// Waits until ready(), failing on abort, on a peer process that is gone, or after the timeout. `peers(r)` says
// whether rank r is one the wait depends on (named in messages); `pending(r)` whether it is still missing.
template <class Ready, class Pending>
accelsimError_t waitUntil(const OpCtx& ctx, Ready ready, Pending pending) {
  Comm* c = ctx.c;
  if (ready()) return accelsimSuccess;
  if (spinFor(ready, kSpinNs)) return accelsimSuccess;
  const int64_t start = nowNs();
  const int64_t deadline = start + static_cast<int64_t>(c->timeout_ms) * 1'000'000;
  int64_t next_liveness = start + kLivenessCheckNs / 10;
  for (;;) {
    c->hdr->sleepers.fetch_add(1, std::memory_order_seq_cst);
    const uint32_t v = c->hdr->wake.load(std::memory_order_seq_cst);
    if (ready()) {
      c->hdr->sleepers.fetch_sub(1, std::memory_order_seq_cst);
      return accelsimSuccess;
    }
    accelsimError_t code;
    std::string reason;
    if (aborted(c, &code, &reason)) {
      c->hdr->sleepers.fetch_sub(1, std::memory_order_seq_cst);
      return failFromAbort(ctx, code, reason);
    }
    const int64_t now = nowNs();
    if (now >= next_liveness || now >= deadline) {
      next_liveness = now + kLivenessCheckNs;
      std::string missing;
      for (int r = 0; r < c->nranks; ++r) {
        if (r == c->rank || !pending(r)) continue;
        if (processGone(c->rc(r).pid)) {
          c->hdr->sleepers.fetch_sub(1, std::memory_order_seq_cst);
          return opFail(ctx, accelsimErrorCommTimeout, "rank %d (pid %d) exited", r, c->rc(r).pid);
        }
        missing += (missing.empty() ? "" : ", ") + std::to_string(r);
      }
      if (now >= deadline) {
        c->hdr->sleepers.fetch_sub(1, std::memory_order_seq_cst);
        return opFail(ctx, accelsimErrorCommTimeout,
                      "rank(s) %s did not arrive within %d ms (ACCELSIM_COMM_TIMEOUT_MS)",
                      missing.empty() ? "?" : missing.c_str(), c->timeout_ms);
      }
    }
    const int64_t left = std::min<int64_t>(deadline - now, 10'000'000);
    futexWait(&c->hdr->wake, v, std::max<int64_t>(left, 1000));
    c->hdr->sleepers.fetch_sub(1, std::memory_order_seq_cst);
  }
}

// Arrives at the next barrier and waits for every rank.
accelsimError_t barrier(const OpCtx& ctx) {
  Comm* c = ctx.c;
  const uint64_t k = ++c->step;
  c->rc(c->rank).step.store(k, std::memory_order_release);
  c->bump();
  return waitUntil(
      ctx,
      [&] {
        for (int r = 0; r < c->nranks; ++r)
          if (c->rc(r).step.load(std::memory_order_acquire) < k) return false;
        return true;
      },
      [&](int r) { return c->rc(r).step.load(std::memory_order_acquire) < k; });
}

void describe(const Desc& d, char* out, size_t size) {
  const auto kind = static_cast<Kind>(d.kind);
  int n = std::snprintf(out, size, "%s #%llu (%s", kindName(kind), static_cast<unsigned long long>(d.seq),
                        typeName(d.dtype));
  if (kind == Kind::AllReduce || kind == Kind::Reduce || kind == Kind::ReduceScatter)
    n += std::snprintf(out + n, size - n, " %s", redName(d.op));
  if (kind == Kind::Broadcast || kind == Kind::Reduce) n += std::snprintf(out + n, size - n, ", root %d", d.root);
  std::snprintf(out + n, size - n, ", %llu elements)", static_cast<unsigned long long>(d.count));
}

// The first barrier of a collective: publishes its descriptor before arriving, then compares every rank's.
accelsimError_t firstBarrier(const OpCtx& ctx, const Desc& mine) {
  Comm* c = ctx.c;
  if (accelsimError_t e = barrier(ctx); e != accelsimSuccess) return e;
  for (int r = 0; r < c->nranks; ++r) {
    const Desc& d = c->rc(r).desc[mine.seq & 1];
    if (d.seq != mine.seq || d.kind != mine.kind || d.dtype != mine.dtype || d.op != mine.op || d.root != mine.root ||
        d.count != mine.count) {
      char theirs[160];
      describe(d, theirs, sizeof theirs);
      return opFail(ctx, accelsimErrorCommMismatch, "rank %d issued %s at the same point", r, theirs);
    }
  }
  return accelsimSuccess;
}

accelsimError_t runCollective(Comm* c, const Item& it) {
  const uint64_t seq = ++c->coll_seq;
  Desc mine{seq, static_cast<int32_t>(it.kind), it.dtype, it.op, it.root, it.count};
  char what[160];
  describe(mine, what, sizeof what);
  const OpCtx ctx{c, what};
  c->rc(c->rank).desc[seq & 1] = mine;
  const int n = c->nranks;
  const int me = c->rank;
  const size_t es = typeSize(it.dtype);
  const size_t half_bytes = c->slot_bytes / 2;
  std::vector<const char*> srcs(n);
  bool first = true;
  auto sync = [&]() -> accelsimError_t {
    if (first) {
      first = false;
      return firstBarrier(ctx, mine);
    }
    return barrier(ctx);
  };
  auto nextHalf = [&] {
    const uint32_t h = c->half;
    c->half ^= 1;
    return h;
  };

  switch (it.kind) {
    case Kind::AllReduce:
    case Kind::Reduce: {
      const size_t per = half_bytes / es;
      size_t done = 0;
      do {
        const size_t len = std::min(per, it.count - done);
        const uint32_t h = nextHalf();
        mcopy(c->slot(me, h), it.send + done * es, len * es);
        if (accelsimError_t e = sync(); e != accelsimSuccess) return e;
        const size_t lo = len * me / n, hi = len * (me + 1) / n;
        for (int r = 0; r < n; ++r) srcs[r] = c->slot(r, h) + lo * es;
        reduce(it.dtype, c->slot(me, h) + lo * es, srcs.data(), n, hi - lo, it.op, n);
        if (accelsimError_t e = barrier(ctx); e != accelsimSuccess) return e;
        if (it.kind == Kind::AllReduce || me == it.root) {
          for (int r = 0; r < n; ++r) {
            const size_t rlo = len * r / n, rhi = len * (r + 1) / n;
            mcopy(it.recv + (done + rlo) * es, c->slot(r, h) + rlo * es, (rhi - rlo) * es);
          }
        }
        done += len;
      } while (done < it.count);
      break;
    }
    case Kind::Broadcast: {
      const size_t per = half_bytes / es;
      size_t done = 0;
      do {
        const size_t len = std::min(per, it.count - done);
        const uint32_t h = nextHalf();
        if (me == it.root) mcopy(c->slot(me, h), it.send + done * es, len * es);
        if (accelsimError_t e = sync(); e != accelsimSuccess) return e;
        if (me != it.root || it.recv != it.send)
          mcopy(it.recv + done * es, c->slot(it.root, h), len * es);
        done += len;
      } while (done < it.count);
      break;
    }
    case Kind::AllGather: {
      const size_t per = half_bytes / es;
      size_t done = 0;
      do {
        const size_t len = std::min(per, it.count - done);
        const uint32_t h = nextHalf();
        mcopy(c->slot(me, h), it.send + done * es, len * es);
        if (accelsimError_t e = sync(); e != accelsimSuccess) return e;
        for (int r = 0; r < n; ++r) mcopy(it.recv + (r * it.count + done) * es, c->slot(r, h), len * es);
        done += len;
      } while (done < it.count);
      break;
    }
    case Kind::ReduceScatter: {
      const size_t per = half_bytes / es / n;
      size_t done = 0;
      do {
        const size_t len = std::min(per, it.count - done);
        const uint32_t h = nextHalf();
        for (int r = 0; r < n; ++r)
          mcopy(c->slot(me, h) + r * len * es, it.send + (r * it.count + done) * es, len * es);
        if (accelsimError_t e = sync(); e != accelsimSuccess) return e;
        for (int r = 0; r < n; ++r) srcs[r] = c->slot(r, h) + me * len * es;
        reduce(it.dtype, it.recv + done * es, srcs.data(), n, len, it.op, n);
        done += len;
      } while (done < it.count);
      break;
    }
    default: break;
  }
  return accelsimSuccess;
}

// ---- point to point -----------------------------------------------------------------------------------------------

struct P2p {
  const Item* item;
  size_t bytes;
  size_t done = 0;
  bool header = false;  // the size header went through
  bool finished = false;
  uint64_t msg = 0;  // message number on its channel
  char what[160];
};

void ringWrite(char* buf, size_t cap, uint64_t pos, const char* src, size_t n) {
  const size_t off = pos % cap;
  const size_t first = std::min(n, cap - off);
  mcopy(buf + off, src, first);
  mcopy(buf, src + first, n - first);
}
void ringRead(const char* buf, size_t cap, uint64_t pos, char* dst, size_t n) {
  const size_t off = pos % cap;
  const size_t first = std::min(n, cap - off);
  mcopy(dst, buf + off, first);
  mcopy(dst + first, buf, n - first);
}

// One step of a send or receive: moves what the ring allows. Returns true if it moved anything; a size mismatch
// fails the operation (*error).
bool progress(Comm* c, P2p& p, accelsimError_t* error) {
  const int peer = p.item->root;
  const bool sending = p.item->kind == Kind::Send;
  ChanCtl& ch = sending ? c->chan(c->rank, peer) : c->chan(peer, c->rank);
  char* buf = sending ? c->chanBuf(c->rank, peer) : c->chanBuf(peer, c->rank);
  const size_t cap = c->chan_bytes;
  const uint64_t w = ch.written.load(std::memory_order_acquire);
  const uint64_t r = ch.read.load(std::memory_order_acquire);
  bool moved = false;
  if (sending) {
    uint64_t pos = w;
    size_t space = cap - (w - r);
    if (!p.header) {
      if (space < 8) return false;
      const uint64_t size = p.bytes;
      ringWrite(buf, cap, pos, reinterpret_cast<const char*>(&size), 8);
      pos += 8;
      space -= 8;
      p.header = true;
      moved = true;
    }
    const size_t n = std::min(space, p.bytes - p.done);
    if (n > 0) {
      ringWrite(buf, cap, pos, p.item->send + p.done, n);
      pos += n;
      p.done += n;
      moved = true;
    }
    if (moved) ch.written.store(pos, std::memory_order_release);
  } else {
    uint64_t pos = r;
    size_t avail = w - r;
    if (!p.header) {
      if (avail < 8) return false;
      uint64_t size = 0;
      ringRead(buf, cap, pos, reinterpret_cast<char*>(&size), 8);
      if (size != p.bytes) {
        const OpCtx ctx{c, p.what};
        *error = opFail(ctx, accelsimErrorCommMismatch, "rank %d sent %llu bytes for it, %zu bytes were expected",
                        peer, static_cast<unsigned long long>(size), p.bytes);
        return false;
      }
      pos += 8;
      avail -= 8;
      p.header = true;
      moved = true;
    }
    const size_t n = std::min(avail, p.bytes - p.done);
    if (n > 0) {
      ringRead(buf, cap, pos, p.item->recv + p.done, n);
      pos += n;
      p.done += n;
      moved = true;
    }
    if (moved) ch.read.store(pos, std::memory_order_release);
  }
  if (p.header && p.done == p.bytes) p.finished = true;
  return moved;
}

accelsimError_t runP2p(Comm* c, const std::vector<const Item*>& items) {
  std::vector<P2p> ops;
  ops.reserve(items.size());
  for (const Item* it : items) {
    P2p p{};
    p.item = it;
    p.bytes = it->count * typeSize(it->dtype);
    std::vector<uint64_t>& counter = it->kind == Kind::Send ? c->sends : c->recvs;
    p.msg = ++counter[static_cast<size_t>(it->root)];
    std::snprintf(p.what, sizeof p.what, "%s%s%s #%llu %s rank %d (%s, %zu elements)", it->origin ? it->origin : "",
                  it->origin ? ": " : "", kindName(it->kind), static_cast<unsigned long long>(p.msg),
                  it->kind == Kind::Send ? "to" : "from", it->root, typeName(it->dtype), it->count);
    ops.push_back(p);
  }
  for (;;) {
    // Read before trying: a peer's step after this changes the word, so the wait below cannot miss it.
    const uint32_t seen = c->hdr->wake.load(std::memory_order_seq_cst);
    bool moved = false;
    bool all_done = true;
    const P2p* blocked = nullptr;
    for (size_t i = 0; i < ops.size(); ++i) {
      P2p& p = ops[i];
      if (p.finished) continue;
      all_done = false;
      // Messages on one channel go in order: only the first unfinished one per direction and peer moves.
      bool earlier = false;
      for (size_t j = 0; j < i && !earlier; ++j)
        earlier = !ops[j].finished && ops[j].item->kind == p.item->kind && ops[j].item->root == p.item->root;
      if (earlier) continue;
      accelsimError_t error = accelsimSuccess;
      if (progress(c, p, &error)) moved = true;
      if (error != accelsimSuccess) return error;
      if (!p.finished && blocked == nullptr) blocked = &p;
    }
    if (all_done) return accelsimSuccess;
    if (moved) {
      c->bump();
      continue;
    }
    // Nothing could move: wait until a peer moves something (the shared word changes).
    const OpCtx ctx{c, blocked->what};
    const int peer = blocked->item->root;
    bool changed = false;
    accelsimError_t e = waitUntil(
        ctx,
        [&] {
          if (c->hdr->wake.load(std::memory_order_acquire) != seen) changed = true;
          return changed;
        },
        [&](int r) { return r == peer; });
    if (e != accelsimSuccess) return e;
  }
}

// ---- tasks: what one stream operation executes ----------------------------------------------------------------------

struct Task {
  Comm* comm;
  std::vector<Item> items;
};

int runTask(void* args) {
  auto* task = static_cast<Task*>(args);
  Comm* c = task->comm;
  std::lock_guard<std::mutex> lock(c->exec_mu);
  const Item& head = task->items.front();
  char what[160];
  std::snprintf(what, sizeof what, "%s", head.origin ? head.origin : kindName(head.kind));
  const OpCtx ctx{c, what};
  accelsimError_t code;
  std::string reason;
  if (aborted(c, &code, &reason)) return failFromAbort(ctx, code, reason);
  std::vector<const Item*> p2p;
  for (const Item& it : task->items) {
    if (it.kind == Kind::Send || it.kind == Kind::Recv) p2p.push_back(&it);
    if (it.kind == Kind::LocalCopy) mcopy(it.recv, it.send, it.count * typeSize(it.dtype));
  }
  if (!p2p.empty())
    if (accelsimError_t e = runP2p(c, p2p); e != accelsimSuccess) return e;
  for (const Item& it : task->items) {
    if (it.kind == Kind::Send || it.kind == Kind::Recv || it.kind == Kind::LocalCopy) continue;
    if (accelsimError_t e = runCollective(c, it); e != accelsimSuccess) return e;
  }
  return accelsimSuccess;
}

void destroyTask(void* args) {
  auto* task = static_cast<Task*>(args);
  commUnref(task->comm);
  delete task;
}

// ---- enqueueing -------------------------------------------------------------------------------------------------

struct Pending {
  Comm* comm;  // holds a reference
  Stream* stream;
  Item item;
};
thread_local int t_group_depth = 0;
thread_local std::vector<Pending>* t_group = nullptr;

accelsimError_t submitTask(Comm* c, Stream* s, std::vector<Item> items) {
  if (s->capturing()) {
    s->invalidateCapture();
    return fail(accelsimErrorStreamCaptureUnsupported,
                "collectives cannot be captured into a graph (the capture is invalidated)");
  }
  auto* task = new Task{c, std::move(items)};
  c->refs.fetch_add(1, std::memory_order_relaxed);
  Op op;
  op.kind = OpKind::Comm;
  op.fn = runTask;
  op.args = task;
  op.destroy = destroyTask;
  if (accelsimError_t e = s->submit(op); e != accelsimSuccess) {
    destroyTask(task);
    return e;
  }
  return accelsimSuccess;
}

// Resolves a device buffer of the communicator's device to its runtime-view address.
accelsimError_t deviceRange(Comm* c, const void* p, size_t bytes, const char* role, const char* fn, char** out) {
  if (bytes == 0) {
    *out = nullptr;
    return accelsimSuccess;
  }
  if (p == nullptr) return fail(accelsimErrorInvalidValue, "%s: %s is NULL", fn, role);
  Device* d = deviceOwning(p);
  if (d == nullptr)
    return fail(accelsimErrorInvalidDevicePointer, "%s: %s %p is not device memory", fn, role, p);
  if (d->index != c->device)
    return fail(accelsimErrorInvalidDevicePointer, "%s: %s %p is memory of device %d, the communicator's is device %d",
                fn, role, p, d->index, c->device);
  void* base = nullptr;
  size_t alloc = 0;
  if (!d->arena.find(p, &base, &alloc))
    return fail(accelsimErrorInvalidDevicePointer, "%s: %s %p is not inside a live allocation of device %d", fn, role,
                p, d->index);
  const size_t offset = static_cast<size_t>(static_cast<const char*>(p) - static_cast<char*>(base));
  if (offset > alloc || bytes > alloc - offset)
    return fail(accelsimErrorInvalidValue, "%s: %s range [%p, +%zu) overruns its allocation [%p, +%zu)", fn, role, p,
                bytes, base, alloc);
  *out = static_cast<char*>(d->arena.access(p));
  return accelsimSuccess;
}

// Validates the communicator and stream, then enqueues the items (or adds them to the thread's open group).
accelsimError_t enqueue(accelsimComm_t handle, accelsimStream_t stream, const char* fn, Comm** comm_out,
                        Stream** stream_out) {
  if (accelsimError_t e = resolveComm(handle, comm_out); e != accelsimSuccess) return e;
  if (accelsimError_t e = resolveStream(stream, stream_out); e != accelsimSuccess) return e;
  if ((*stream_out)->device->index != (*comm_out)->device)
    return fail(accelsimErrorInvalidValue, "%s: the stream belongs to device %d, the communicator to device %d", fn,
                (*stream_out)->device->index, (*comm_out)->device);
  return accelsimSuccess;
}

accelsimError_t issue(Comm* c, Stream* s, std::vector<Item> items) {
  if (t_group_depth > 0) {
    for (Item& it : items) {
      c->refs.fetch_add(1, std::memory_order_relaxed);
      t_group->push_back(Pending{c, s, it});
    }
    return accelsimSuccess;
  }
  return submitTask(c, s, std::move(items));
}

accelsimError_t checkType(int dtype, const char* fn) {
  if (dtype < accelsimInt8 || dtype > accelsimBool)
    return fail(accelsimErrorInvalidValue, "%s: unknown datatype %d", fn, dtype);
  return accelsimSuccess;
}
accelsimError_t checkOp(int dtype, int op, const char* fn) {
  if (op < accelsimSum || op > accelsimAvg) return fail(accelsimErrorInvalidValue, "%s: unknown reduction %d", fn, op);
  if (op == accelsimAvg && !isFloating(dtype))
    return fail(accelsimErrorInvalidValue, "%s: avg needs a floating-point datatype, not %s", fn, typeName(dtype));
  return accelsimSuccess;
}
accelsimError_t checkRank(Comm* c, int r, const char* role, const char* fn) {
  if (r < 0 || r >= c->nranks)
    return fail(accelsimErrorInvalidValue, "%s: %s %d is outside [0, %d)", fn, role, r, c->nranks);
  return accelsimSuccess;
}

accelsimError_t reduction(Kind kind, const void* sendbuff, void* recvbuff, size_t count, accelsimDataType_t datatype,
                          accelsimRedOp_t op, int root, accelsimComm_t comm, accelsimStream_t stream, const char* fn) {
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = enqueue(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkOp(datatype, op, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkRank(c, root, "root", fn); e != accelsimSuccess) return e;
  const size_t bytes = count * typeSize(datatype);
  Item it;
  it.kind = kind;
  it.dtype = datatype;
  it.op = op;
  it.root = root;
  it.count = count;
  char* send = nullptr;
  if (accelsimError_t e = deviceRange(c, sendbuff, bytes, "sendbuff", fn, &send); e != accelsimSuccess) return e;
  it.send = send;
  if (kind == Kind::AllReduce || c->rank == root)
    if (accelsimError_t e = deviceRange(c, recvbuff, bytes, "recvbuff", fn, &it.recv); e != accelsimSuccess) return e;
  return issue(c, s, {it});
}

}  // namespace
}  // namespace accelsim::detail

using namespace accelsim::detail;

extern "C" {

accelsimError_t accelsimCommGetUniqueId(accelsimCommUniqueId* unique_id) {
  if (unique_id == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommGetUniqueId: unique_id is NULL");
  static std::atomic<uint64_t> counter{0};
  std::random_device rd;
  const uint64_t r = (static_cast<uint64_t>(rd()) << 32 ^ rd()) ^ static_cast<uint64_t>(nowNs()) ^
                     (counter.fetch_add(1) * 0x9e3779b97f4a7c15ULL);
  UniqueId id{};
  id.magic = kIdMagic;
  std::snprintf(id.name, sizeof id.name, "/accelsim-comm-%d-%016llx", static_cast<int>(getpid()),
                static_cast<unsigned long long>(r));
  std::memset(unique_id, 0, sizeof *unique_id);
  std::memcpy(unique_id->internal, &id, sizeof id);
  return accelsimSuccess;
}

accelsimError_t accelsimCommInitRank(accelsimComm_t* comm, int nranks, accelsimCommUniqueId unique_id, int rank) {
  if (comm == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: comm is NULL");
  *comm = nullptr;
  if (nranks < 1 || nranks > kMaxRanks)
    return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: nranks %d is outside [1, %d]", nranks, kMaxRanks);
  if (rank < 0 || rank >= nranks)
    return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: rank %d is outside [0, %d)", rank, nranks);
  UniqueId id;
  std::memcpy(&id, unique_id.internal, sizeof id);
  id.name[sizeof id.name - 1] = '\0';
  if (id.magic != kIdMagic || id.name[0] != '/')
    return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: not a unique id from accelsimCommGetUniqueId");
  Device* dev = nullptr;
  if (accelsimError_t e = getCurrentDevice(&dev); e != accelsimSuccess) return e;

  auto c = std::make_unique<Comm>();
  c->rank = rank;
  c->nranks = nranks;
  c->device = dev->index;
  c->timeout_ms = envInt("ACCELSIM_COMM_TIMEOUT_MS", 1, 24L * 3600 * 1000, kDefaultTimeoutMs);
  std::snprintf(c->name, sizeof c->name, "%s", id.name + 1);
  const int64_t deadline = nowNs() + static_cast<int64_t>(c->timeout_ms) * 1'000'000;

  int fd = -1;
  if (rank == 0) {
    size_t slot = static_cast<size_t>(envInt("ACCELSIM_COMM_BUFFER_BYTES", kMinSlotBytes, 1L << 30,
                                             static_cast<long>(kDefaultSlotBytes)));
    slot = alignUp(slot, 4096 * 2);
    const size_t chan = std::max<size_t>(slot / 4, 4096);
    const Layout l = layoutFor(nranks, slot, chan);
    fd = shm_open(id.name, O_CREAT | O_EXCL | O_RDWR, 0600);
    if (fd < 0)
      return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: cannot create shared memory %s: %s", id.name,
                  std::strerror(errno));
    if (ftruncate(fd, static_cast<off_t>(l.total)) != 0) {
      const int err = errno;
      close(fd);
      shm_unlink(id.name);
      return fail(accelsimErrorMemoryAllocation, "accelsimCommInitRank: cannot size shared memory %s to %zu bytes: %s",
                  id.name, l.total, std::strerror(err));
    }
    c->size = l.total;
  } else {
    for (;;) {
      fd = shm_open(id.name, O_RDWR, 0600);
      if (fd >= 0) {
        struct stat st{};
        if (fstat(fd, &st) == 0 && st.st_size > 0) {
          c->size = static_cast<size_t>(st.st_size);
          break;
        }
        close(fd);
        fd = -1;
      }
      if (nowNs() > deadline)
        return fail(accelsimErrorCommTimeout,
                    "accelsimCommInitRank: rank %d of %d: rank 0 did not create communicator %s within %d ms "
                    "(ACCELSIM_COMM_TIMEOUT_MS)",
                    rank, nranks, c->name, c->timeout_ms);
      usleep(1000);
    }
  }
  c->base = mmap(nullptr, c->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (c->base == MAP_FAILED) {
    c->base = nullptr;
    if (rank == 0) shm_unlink(id.name);
    return fail(accelsimErrorMemoryAllocation, "accelsimCommInitRank: cannot map shared memory %s: %s", id.name,
                std::strerror(errno));
  }
  c->hdr = static_cast<SegHeader*>(c->base);
  if (rank == 0) {
    const size_t slot = static_cast<size_t>(envInt("ACCELSIM_COMM_BUFFER_BYTES", kMinSlotBytes, 1L << 30,
                                                   static_cast<long>(kDefaultSlotBytes)));
    c->hdr->nranks = nranks;
    c->hdr->slot_bytes = alignUp(slot, 4096 * 2);
    c->hdr->chan_bytes = std::max<size_t>(c->hdr->slot_bytes / 4, 4096);
    c->hdr->total_bytes = c->size;
    c->hdr->magic.store(kSegMagic, std::memory_order_release);
  } else {
    while (c->hdr->magic.load(std::memory_order_acquire) != kSegMagic) {
      if (nowNs() > deadline)
        return fail(accelsimErrorCommTimeout, "accelsimCommInitRank: communicator %s was never initialized by rank 0",
                    c->name);
      usleep(200);
    }
    if (c->hdr->nranks != nranks)
      return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: rank %d was given nranks %d, rank 0 nranks %d",
                  rank, nranks, c->hdr->nranks);
  }
  c->slot_bytes = c->hdr->slot_bytes;
  c->chan_bytes = c->hdr->chan_bytes;
  const Layout l = layoutFor(nranks, c->slot_bytes, c->chan_bytes);
  if (l.total != c->size)
    return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: communicator %s has an unexpected size", c->name);
  char* base = static_cast<char*>(c->base);
  c->ranks = reinterpret_cast<RankCtl*>(base + l.ranks_off);
  c->chans = reinterpret_cast<ChanCtl*>(base + l.chans_off);
  c->slots = base + l.slots_off;
  c->bufs = base + l.bufs_off;
  c->sends.assign(static_cast<size_t>(nranks), 0);
  c->recvs.assign(static_cast<size_t>(nranks), 0);

  int32_t expected = 0;
  c->rc(rank).pid = static_cast<int32_t>(getpid());
  if (!c->rc(rank).joined.compare_exchange_strong(expected, 1))
    return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: rank %d of communicator %s joined twice", rank,
                c->name);
  // The last rank to map the segment unlinks it: from then on it lives only as long as the mappings.
  if (c->hdr->mapped.fetch_add(1, std::memory_order_acq_rel) + 1 == nranks) shm_unlink(id.name);
  c->bump();
  char what[64];
  std::snprintf(what, sizeof what, "accelsimCommInitRank");
  const OpCtx ctx{c.get(), what};
  if (accelsimError_t e = waitUntil(
          ctx, [&] { return c->hdr->mapped.load(std::memory_order_acquire) == nranks; },
          [&](int r) { return c->rc(r).joined.load(std::memory_order_acquire) == 0; });
      e != accelsimSuccess) {
    shm_unlink(id.name);  // whoever gives up removes the name, so that nothing stays in /dev/shm
    return e;
  }
  Comm* raw = c.release();
  g_comms().add(raw);
  *comm = reinterpret_cast<accelsimComm_t>(raw);
  return accelsimSuccess;
}

accelsimError_t accelsimCommDestroy(accelsimComm_t comm) {
  Comm* c = reinterpret_cast<Comm*>(comm);
  if (c == nullptr || !g_comms().remove(c))
    return fail(accelsimErrorInvalidHandle, "communicator %p is not a live communicator", static_cast<void*>(comm));
  commUnref(c);
  return accelsimSuccess;
}

accelsimError_t accelsimCommAbort(accelsimComm_t comm) {
  Comm* c = reinterpret_cast<Comm*>(comm);
  if (c == nullptr || !g_comms().remove(c))
    return fail(accelsimErrorInvalidHandle, "communicator %p is not a live communicator", static_cast<void*>(comm));
  char reason[128];
  std::snprintf(reason, sizeof reason, "rank %d called accelsimCommAbort", c->rank);
  c->abortAll(accelsimErrorCommAborted, reason);
  commUnref(c);
  return accelsimSuccess;
}

accelsimError_t accelsimCommCount(accelsimComm_t comm, int* count) {
  if (count == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommCount: count is NULL");
  Comm* c = nullptr;
  if (accelsimError_t e = resolveComm(comm, &c); e != accelsimSuccess) return e;
  *count = c->nranks;
  return accelsimSuccess;
}

accelsimError_t accelsimCommUserRank(accelsimComm_t comm, int* rank) {
  if (rank == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommUserRank: rank is NULL");
  Comm* c = nullptr;
  if (accelsimError_t e = resolveComm(comm, &c); e != accelsimSuccess) return e;
  *rank = c->rank;
  return accelsimSuccess;
}

accelsimError_t accelsimCommDevice(accelsimComm_t comm, int* device) {
  if (device == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommDevice: device is NULL");
  Comm* c = nullptr;
  if (accelsimError_t e = resolveComm(comm, &c); e != accelsimSuccess) return e;
  *device = c->device;
  return accelsimSuccess;
}

accelsimError_t accelsimCommGetAsyncError(accelsimComm_t comm, accelsimError_t* async_error, char* message,
                                          size_t message_size) {
  if (async_error == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommGetAsyncError: async_error is NULL");
  Comm* c = nullptr;
  if (accelsimError_t e = resolveComm(comm, &c); e != accelsimSuccess) return e;
  std::string text;
  accelsimError_t code = accelsimSuccess;
  {
    std::lock_guard<std::mutex> lock(c->err_mu);
    code = c->async_code;
    text = c->async_msg;
  }
  std::string reason;
  if (code == accelsimSuccess && aborted(c, &code, &reason)) {
    char msg[1024];
    std::snprintf(msg, sizeof msg, "communicator %s rank %d of %d (device %d): %s", c->name, c->rank, c->nranks,
                  c->device, reason.c_str());
    text = msg;
  }
  *async_error = code;
  if (message != nullptr && message_size > 0) std::snprintf(message, message_size, "%s", text.c_str());
  return accelsimSuccess;
}

accelsimError_t accelsimAllReduce(const void* sendbuff, void* recvbuff, size_t count, accelsimDataType_t datatype,
                                  accelsimRedOp_t op, accelsimComm_t comm, accelsimStream_t stream) {
  return reduction(Kind::AllReduce, sendbuff, recvbuff, count, datatype, op, 0, comm, stream, "accelsimAllReduce");
}

accelsimError_t accelsimReduce(const void* sendbuff, void* recvbuff, size_t count, accelsimDataType_t datatype,
                               accelsimRedOp_t op, int root, accelsimComm_t comm, accelsimStream_t stream) {
  return reduction(Kind::Reduce, sendbuff, recvbuff, count, datatype, op, root, comm, stream, "accelsimReduce");
}

accelsimError_t accelsimBroadcast(const void* sendbuff, void* recvbuff, size_t count, accelsimDataType_t datatype,
                                  int root, accelsimComm_t comm, accelsimStream_t stream) {
  const char* fn = "accelsimBroadcast";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = enqueue(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkRank(c, root, "root", fn); e != accelsimSuccess) return e;
  const size_t bytes = count * typeSize(datatype);
  Item it;
  it.kind = Kind::Broadcast;
  it.dtype = datatype;
  it.root = root;
  it.count = count;
  char* send = nullptr;
  if (c->rank == root)
    if (accelsimError_t e = deviceRange(c, sendbuff, bytes, "sendbuff", fn, &send); e != accelsimSuccess) return e;
  it.send = send;
  if (accelsimError_t e = deviceRange(c, recvbuff, bytes, "recvbuff", fn, &it.recv); e != accelsimSuccess) return e;
  return issue(c, s, {it});
}

accelsimError_t accelsimAllGather(const void* sendbuff, void* recvbuff, size_t sendcount, accelsimDataType_t datatype,
                                  accelsimComm_t comm, accelsimStream_t stream) {
  const char* fn = "accelsimAllGather";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = enqueue(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  const size_t bytes = sendcount * typeSize(datatype);
  Item it;
  it.kind = Kind::AllGather;
  it.dtype = datatype;
  it.count = sendcount;
  char* send = nullptr;
  if (accelsimError_t e = deviceRange(c, sendbuff, bytes, "sendbuff", fn, &send); e != accelsimSuccess) return e;
  it.send = send;
  if (accelsimError_t e = deviceRange(c, recvbuff, bytes * c->nranks, "recvbuff", fn, &it.recv); e != accelsimSuccess)
    return e;
  return issue(c, s, {it});
}

accelsimError_t accelsimReduceScatter(const void* sendbuff, void* recvbuff, size_t recvcount,
                                      accelsimDataType_t datatype, accelsimRedOp_t op, accelsimComm_t comm,
                                      accelsimStream_t stream) {
  const char* fn = "accelsimReduceScatter";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = enqueue(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkOp(datatype, op, fn); e != accelsimSuccess) return e;
  const size_t bytes = recvcount * typeSize(datatype);
  Item it;
  it.kind = Kind::ReduceScatter;
  it.dtype = datatype;
  it.op = op;
  it.count = recvcount;
  char* send = nullptr;
  if (accelsimError_t e = deviceRange(c, sendbuff, bytes * c->nranks, "sendbuff", fn, &send); e != accelsimSuccess)
    return e;
  it.send = send;
  if (accelsimError_t e = deviceRange(c, recvbuff, bytes, "recvbuff", fn, &it.recv); e != accelsimSuccess) return e;
  return issue(c, s, {it});
}

accelsimError_t accelsimAllToAllv(const void* sendbuff, const size_t* sendcounts, const size_t* sdispls,
                                  void* recvbuff, const size_t* recvcounts, const size_t* rdispls,
                                  accelsimDataType_t datatype, accelsimComm_t comm, accelsimStream_t stream) {
  const char* fn = "accelsimAllToAllv";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = enqueue(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (sendcounts == nullptr || sdispls == nullptr || recvcounts == nullptr || rdispls == nullptr)
    return fail(accelsimErrorInvalidValue, "%s: a count or displacement array is NULL", fn);
  const size_t es = typeSize(datatype);
  std::vector<Item> items;
  for (int p = 0; p < c->nranks; ++p) {
    const size_t sc = sendcounts[p], rc = recvcounts[p];
    char* send = nullptr;
    char* recv = nullptr;
    if (accelsimError_t e = deviceRange(c, static_cast<const char*>(sendbuff) + sdispls[p] * es, sc * es,
                                        "sendbuff block", fn, &send);
        e != accelsimSuccess)
      return e;
    if (accelsimError_t e = deviceRange(c, static_cast<char*>(recvbuff) + rdispls[p] * es, rc * es, "recvbuff block",
                                        fn, &recv);
        e != accelsimSuccess)
      return e;
    Item it;
    it.dtype = datatype;
    it.root = p;
    it.origin = "all_to_all";
    if (p == c->rank) {
      if (sc != rc)
        return fail(accelsimErrorInvalidValue, "%s: rank %d sends %zu elements to itself but receives %zu", fn, p, sc,
                    rc);
      it.kind = Kind::LocalCopy;
      it.count = sc;
      it.send = send;
      it.recv = recv;
      if (sc > 0) items.push_back(it);
      continue;
    }
    it.kind = Kind::Send;
    it.count = sc;
    it.send = send;
    items.push_back(it);
    it.kind = Kind::Recv;
    it.count = rc;
    it.send = nullptr;
    it.recv = recv;
    items.push_back(it);
  }
  if (items.empty()) return accelsimSuccess;
  return issue(c, s, std::move(items));
}

accelsimError_t accelsimSend(const void* sendbuff, size_t count, accelsimDataType_t datatype, int peer,
                             accelsimComm_t comm, accelsimStream_t stream) {
  const char* fn = "accelsimSend";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = enqueue(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkRank(c, peer, "peer", fn); e != accelsimSuccess) return e;
  if (peer == c->rank) return fail(accelsimErrorInvalidValue, "%s: rank %d cannot send to itself", fn, peer);
  Item it;
  it.kind = Kind::Send;
  it.dtype = datatype;
  it.root = peer;
  it.count = count;
  char* send = nullptr;
  if (accelsimError_t e = deviceRange(c, sendbuff, count * typeSize(datatype), "sendbuff", fn, &send);
      e != accelsimSuccess)
    return e;
  it.send = send;
  return issue(c, s, {it});
}

accelsimError_t accelsimRecv(void* recvbuff, size_t count, accelsimDataType_t datatype, int peer, accelsimComm_t comm,
                             accelsimStream_t stream) {
  const char* fn = "accelsimRecv";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = enqueue(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkRank(c, peer, "peer", fn); e != accelsimSuccess) return e;
  if (peer == c->rank) return fail(accelsimErrorInvalidValue, "%s: rank %d cannot receive from itself", fn, peer);
  Item it;
  it.kind = Kind::Recv;
  it.dtype = datatype;
  it.root = peer;
  it.count = count;
  if (accelsimError_t e = deviceRange(c, recvbuff, count * typeSize(datatype), "recvbuff", fn, &it.recv);
      e != accelsimSuccess)
    return e;
  return issue(c, s, {it});
}

accelsimError_t accelsimGroupStart(void) {
  if (t_group_depth++ == 0) t_group = new std::vector<Pending>();
  return accelsimSuccess;
}

accelsimError_t accelsimGroupEnd(void) {
  if (t_group_depth == 0) return fail(accelsimErrorIllegalState, "accelsimGroupEnd without accelsimGroupStart");
  if (--t_group_depth > 0) return accelsimSuccess;
  std::unique_ptr<std::vector<Pending>> pending(t_group);
  t_group = nullptr;
  // One task per communicator, in the order the communicators first appear.
  std::vector<Comm*> order;
  for (const Pending& p : *pending)
    if (std::find(order.begin(), order.end(), p.comm) == order.end()) order.push_back(p.comm);
  accelsimError_t result = accelsimSuccess;
  for (Comm* c : order) {
    Stream* stream = nullptr;
    std::vector<Item> items;
    bool mixed = false;
    for (const Pending& p : *pending) {
      if (p.comm != c) continue;
      if (stream == nullptr) stream = p.stream;
      mixed = mixed || p.stream != stream;
      items.push_back(p.item);
    }
    if (result != accelsimSuccess) continue;
    if (mixed) {
      result = fail(accelsimErrorInvalidValue,
                    "accelsimGroupEnd: the operations of communicator %s in one group use different streams", c->name);
      continue;
    }
    result = submitTask(c, stream, std::move(items));
  }
  for (const Pending& p : *pending) commUnref(p.comm);
  return result;
}

}  // extern "C"
