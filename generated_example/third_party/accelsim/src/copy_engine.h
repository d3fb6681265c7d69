// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// The device's copy engine: how a stream's worker moves and fills bytes. A large copy or fill is split across
// several threads, as a discrete device's copy engines and a CPU's parallel copy_ both spread one over the memory
// system's channels: a single thread reaches only a part of the memory's bandwidth.
#pragma once

#include <cstddef>

namespace accelsim::detail {

// memcpy / memset semantics (the ranges do not overlap); returns when every byte is written.
void copyBytes(void* dst, const void* src, size_t size);
void fillBytes(void* dst, int value, size_t size);

}  // namespace accelsim::detail
