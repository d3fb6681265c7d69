// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// A communicator of one rank: releasing its mapping, waking and aborting the other ranks, and recording the
// failures of its operations.
#include "comm_communicator.h"

#include <sys/mman.h>

#include <cstdarg>
#include <cstdio>

#include "comm_wait.h"
#include "internal.h"

namespace accelsim::detail {
namespace {

// Makes "communicator NAME rank R of N (device D): WHAT failed: DETAIL" the communicator's async error (the first
// one holds) and the calling thread's last error.
accelsimError_t recordFailure(const OpCtx& ctx, accelsimError_t code, const char* detail) {
  char msg[1024];
  std::snprintf(msg, sizeof msg, "communicator %s rank %d of %d (device %d): %s failed: %s", ctx.c->name, ctx.c->rank,
                ctx.c->nranks, ctx.c->device, ctx.what, detail);
  ctx.c->recordAsync(code, msg);
  return fail(code, "%s", msg);
}

}  // namespace

Comm::~Comm() {
  if (base != nullptr) munmap(base, size);
}

void Comm::bump() {
  hdr->wake.fetch_add(1, std::memory_order_seq_cst);
  if (hdr->sleepers.load(std::memory_order_seq_cst) > 0) futexWakeAll(&hdr->wake);
}

void Comm::abortAll(accelsimError_t code, const char* reason) {
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

void Comm::recordAsync(accelsimError_t code, const char* msg) {
  std::lock_guard<std::mutex> lock(err_mu);
  if (async_code == accelsimSuccess) {
    async_code = code;
    std::snprintf(async_msg, sizeof async_msg, "%s", msg);
    failed.store(true, std::memory_order_release);
  }
}

void commUnref(Comm* c) {
  if (c->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete c;
}

accelsimError_t opFail(const OpCtx& ctx, accelsimError_t code, const char* fmt, ...) {
  char detail[256];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  const accelsimError_t result = recordFailure(ctx, code, detail);
  char reason[400];
  std::snprintf(reason, sizeof reason, "%.120s on rank %d: %.250s", ctx.what, ctx.c->rank, detail);
  ctx.c->abortAll(code, reason);
  return result;
}

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
  return recordFailure(ctx, code, reason.c_str());
}

}  // namespace accelsim::detail
