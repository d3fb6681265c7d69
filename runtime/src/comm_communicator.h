// A communicator of one rank (accelsimComm_t): its mapping of the shared segment, the executor's state, and the
// failures of its operations (the communicator's async error, and the abort every rank sees).
#ifndef ACCELSIM_SRC_COMM_COMMUNICATOR_H_
#define ACCELSIM_SRC_COMM_COMMUNICATOR_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "accelsim/accelsim.h"
#include "comm_shared_memory.h"

namespace accelsim::detail {

constexpr int kDefaultTimeoutMs = 30000;

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

  ~Comm();
  RankCtl& rc(int r) { return ranks[r]; }
  ChanCtl& chan(int from, int to) { return chans[from * nranks + to]; }
  char* chanBuf(int from, int to) { return bufs + (static_cast<size_t>(from) * nranks + to) * chan_bytes; }
  char* slot(int r, uint32_t h) { return slots + static_cast<size_t>(r) * slot_bytes + h * (slot_bytes / 2); }

  // Tells every rank's waiters that this rank made a step (the shared futex word changes).
  void bump();
  // Publishes the communicator's failure to every rank (the first one wins).
  void abortAll(accelsimError_t code, const char* reason);
  void recordAsync(accelsimError_t code, const char* msg);
};

// Drops a reference: the handle holds one, and so does every enqueued operation.
void commUnref(Comm* c);

// The context of one executing operation: names it in messages.
struct OpCtx {
  Comm* c;
  const char* what;  // "all_reduce #12 (float32 sum, 1024 elements)"
};

// Fails the operation: records the message, makes it the communicator's async error and aborts every rank.
accelsimError_t opFail(const OpCtx& ctx, accelsimError_t code, const char* fmt, ...)
    __attribute__((format(printf, 3, 4)));

// The failure another rank published (or our own abort), if any.
bool aborted(Comm* c, accelsimError_t* code, std::string* reason);

// Fails the operation with the reason of an abort: records it as the communicator's async error (without aborting
// again).
accelsimError_t failFromAbort(const OpCtx& ctx, accelsimError_t code, const std::string& reason);

}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_COMM_COMMUNICATOR_H_
