// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Collectives of a communicator (all-reduce, reduce, broadcast, all-gather, reduce-scatter): sequence-numbered per
// communicator and matched in order (the first barrier of each one compares every rank's descriptor: kind, type,
// op, count, root), moving data piece by piece through the ranks' staging slots in the shared segment.
#ifndef ACCELSIM_SRC_COMM_COLLECTIVES_H_
#define ACCELSIM_SRC_COMM_COLLECTIVES_H_

#include "accelsim/accelsim.h"
#include "comm_communicator.h"
#include "comm_task.h"

namespace accelsim::detail {

// Executes the collective `it` of communicator `c` (on the stream's worker, with the executor's lock held).
accelsimError_t runCollective(Comm* c, const Item& it);

}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_COMM_COLLECTIVES_H_
