// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
#include "copy_engine.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <system_error>
#include <thread>
#include <vector>

#include "internal.h"

namespace accelsim::detail {

namespace {

// Below this a copy runs on the calling thread: starting a thread costs tens of microseconds, what a few hundred
// kilobytes take to copy.
constexpr size_t kSplitBytes = size_t{8} << 20;
constexpr size_t kLaneAlignment = 4096;  // chunk boundaries fall on pages
constexpr unsigned kMaxLanes = 8;

// How many threads share a large copy: ACCELSIM_COPY_LANES when set (1 turns splitting off), else one per CPU
// the process may run on, at most kMaxLanes.
unsigned lanes() {
  static const unsigned count = [] {
    const unsigned per_cpu = std::clamp(std::thread::hardware_concurrency(), 1u, kMaxLanes);
    const long asked = envInteger("ACCELSIM_COPY_LANES", 1, LONG_MAX, per_cpu);
    return static_cast<unsigned>(std::min<long>(asked, kMaxLanes));
  }();
  return count;
}

// Runs part(offset, length) over [0, size) in `lanes()` page-aligned chunks, the first on this thread.
template <typename Part>
void split(size_t size, Part part) {
  const unsigned n = size < kSplitBytes ? 1u : lanes();
  if (n <= 1) {
    part(0, size);
    return;
  }
  const size_t chunk = (size / n + kLaneAlignment - 1) / kLaneAlignment * kLaneAlignment;
  std::vector<std::thread> helpers;
  helpers.reserve(n - 1);
  size_t offset = chunk;
  for (; offset < size; offset += chunk) {
    try {
      helpers.emplace_back(part, offset, std::min(chunk, size - offset));
    } catch (const std::system_error&) {
      break;  // no thread to be had: this thread copies the rest itself
    }
  }
  part(0, std::min(chunk, size));
  if (offset < size) part(offset, size - offset);
  for (std::thread& helper : helpers) helper.join();
}

}  // namespace

void copyBytes(void* dst, const void* src, size_t size) {
  auto* to = static_cast<unsigned char*>(dst);
  const auto* from = static_cast<const unsigned char*>(src);
  split(size, [to, from](size_t offset, size_t length) { std::memcpy(to + offset, from + offset, length); });
}

void fillBytes(void* dst, int value, size_t size) {
  auto* to = static_cast<unsigned char*>(dst);
  split(size, [to, value](size_t offset, size_t length) { std::memset(to + offset, value, length); });
}

}  // namespace accelsim::detail
