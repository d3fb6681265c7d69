// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Registry of pinned host allocations (accelsimHostAlloc).
#ifndef ACCELSIM_SRC_PINNED_H_
#define ACCELSIM_SRC_PINNED_H_

#include <cstddef>

namespace accelsim::detail {
// Finds the pinned allocation containing `p` (interior pointers included).
bool pinnedFind(const void* p, void** base, size_t* size);
}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_PINNED_H_
