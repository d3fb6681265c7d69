// Point-to-point messages of a communicator (send, receive, and all-to-all's blocks to and from peers): each
// through the byte ring of its ordered pair of ranks in the shared segment, preceded by its size.
#ifndef ACCELSIM_SRC_COMM_POINT_TO_POINT_H_
#define ACCELSIM_SRC_COMM_POINT_TO_POINT_H_

#include <vector>

#include "accelsim/accelsim.h"
#include "comm_communicator.h"
#include "comm_task.h"

namespace accelsim::detail {

// Executes the sends and receives of one task together: each moves what its ring allows, so that the sends and
// receives of a group cannot deadlock one another, and when nothing can move it waits for a peer. Messages on one
// channel go in order; a size that differs from the one the receiver expects fails the operation.
accelsimError_t runP2p(Comm* c, const std::vector<const Item*>& items);

}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_COMM_POINT_TO_POINT_H_
