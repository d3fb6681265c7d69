// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// How a communicator's operations wait for their peers: a short spin, then a futex sleep on the segment's shared
// word, bounded by ACCELSIM_COMM_TIMEOUT_MS, checking the abort record and whether the awaited peers' processes
// still exist: a dead or missing peer fails the operation and aborts the communicator, so nothing hangs.
#ifndef ACCELSIM_SRC_COMM_WAIT_H_
#define ACCELSIM_SRC_COMM_WAIT_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <string>

#include "accelsim/accelsim.h"
#include "comm_communicator.h"
#include "internal.h"

namespace accelsim::detail {

constexpr int64_t kSpinNs = 20'000;
constexpr int64_t kLivenessCheckNs = 50'000'000;

// FUTEX_WAIT on `word` while it holds `expected`, at most `timeout_ns`; FUTEX_WAKE of every waiter. The word is
// shared between processes (no FUTEX_PRIVATE_FLAG).
long futexWait(std::atomic<uint32_t>* word, uint32_t expected, int64_t timeout_ns);
void futexWakeAll(std::atomic<uint32_t>* word);

// A process that no longer exists, or a zombie (killed, not yet reaped by its parent).
bool processGone(int pid);

// Waits until ready(), failing on abort, on a peer process that is gone, or after the timeout. `pending(r)` says
// whether rank r is one the wait still waits for (checked for liveness, named in messages).
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

}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_COMM_WAIT_H_
