// The shared-memory segment of a communicator: one POSIX shared-memory object per communicator, named from its
// unique id and unlinked as soon as every rank has mapped it (so that nothing outlives the processes even when they
// are killed). It holds:
//   - a header: geometry, the join count, the futex word every waiter sleeps on, and the abort record (the first
//     failure of any rank, which makes every rank's operations fail);
//   - per rank: its pid, its barrier step counter and the descriptors of its last two collectives (for matching);
//   - per rank: a staging slot in two halves, through which collectives move data piece by piece (a bounded
//     segment whatever the message size; alternating halves let one rank fill the next piece while others still
//     read the last one);
//   - per ordered pair of ranks: a byte ring for point-to-point messages, each message preceded by its size.
#ifndef ACCELSIM_SRC_COMM_SHARED_MEMORY_H_
#define ACCELSIM_SRC_COMM_SHARED_MEMORY_H_

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "accelsim/accelsim.h"

namespace accelsim::detail {

constexpr uint64_t kSegMagic = 0x61636373696d5347ULL;  // "accsimSG"
constexpr size_t kDefaultSlotBytes = size_t{4} << 20;  // per rank: two halves of 2 MiB
constexpr size_t kMinSlotBytes = size_t{64} << 10;

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

struct Comm;

// Creates (rank 0) or opens (the other ranks, waiting for rank 0 until `deadline`, in nowNs()) the segment `name`
// and maps it into `c`: base, size, geometry and the pointers to its parts. Rank 0 lays it out for `slot_bytes` of
// staging per rank; the others take rank 0's geometry. `c` unmaps it when destroyed; on failure rank 0 has unlinked
// the name again.
accelsimError_t mapSegment(Comm* c, const char* name, size_t slot_bytes, int64_t deadline);

}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_COMM_SHARED_MEMORY_H_
