// The stream work of a communicator call: its operations (items), and the task that executes them on the
// stream's worker, one task of the communicator at a time: the own blocks of an all-to-all and the point-to-point
// items first (all together), then each collective in turn.
#ifndef ACCELSIM_SRC_COMM_TASK_H_
#define ACCELSIM_SRC_COMM_TASK_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "accelsim/accelsim.h"
#include "comm_communicator.h"
#include "internal.h"

namespace accelsim::detail {

enum class Kind : int32_t { AllReduce, Broadcast, Reduce, AllGather, ReduceScatter, Send, Recv, LocalCopy };

// "all_reduce", "send": names an operation in messages.
const char* kindName(Kind k);

// One operation of a task: a collective, a send or receive, or the own block of an all-to-all.
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

// Enqueues the items on `s` as one task, which holds a reference to `c`. Fails (and invalidates the capture) on a
// capturing stream: collectives cannot be captured into a graph.
accelsimError_t submitTask(Comm* c, Stream* s, std::vector<Item> items);

// memcpy that accepts the null pointers of empty buffers (count 0 leaves buffers unresolved).
inline void mcopy(void* dst, const void* src, size_t n) {
  if (n != 0) std::memcpy(dst, src, n);
}

}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_COMM_TASK_H_
