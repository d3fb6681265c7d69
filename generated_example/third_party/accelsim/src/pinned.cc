// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Pinned host memory: page-aligned anonymous mappings registered so that they can be told from pageable memory.
// (The simulation does not mlock them: the point is the bookkeeping and the API contract, not the page lock.)
#include "pinned.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>

#include "internal.h"

namespace accelsim::detail {

namespace {
std::mutex g_pinned_mu;
std::map<uintptr_t, size_t>& pinned() {
  static auto* m = new std::map<uintptr_t, size_t>();  // leaked: usable during static destruction
  return *m;
}
}  // namespace

bool pinnedFind(const void* p, void** base, size_t* size) {
  const auto a = reinterpret_cast<uintptr_t>(p);
  std::lock_guard<std::mutex> lock(g_pinned_mu);
  auto& m = pinned();
  auto it = m.upper_bound(a);
  if (it == m.begin()) return false;
  --it;
  if (a >= it->first + it->second) return false;
  if (base != nullptr) *base = reinterpret_cast<void*>(it->first);
  if (size != nullptr) *size = it->second;
  return true;
}

}  // namespace accelsim::detail

using namespace accelsim::detail;

extern "C" {

accelsimError_t accelsimHostAlloc(void** host_ptr, size_t size) {
  if (host_ptr == nullptr) return fail(accelsimErrorInvalidValue, "accelsimHostAlloc: host_ptr is NULL");
  *host_ptr = nullptr;
  if (size == 0) return accelsimSuccess;
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  if (size > SIZE_MAX - page) return fail(accelsimErrorMemoryAllocation, "accelsimHostAlloc: %zu bytes", size);
  const size_t mapped = (size + page - 1) / page * page;
  void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return fail(accelsimErrorMemoryAllocation, "out of pinned host memory: requested %zu bytes: %s", size,
                strerror(errno));
  {
    std::lock_guard<std::mutex> lock(g_pinned_mu);
    pinned().emplace(reinterpret_cast<uintptr_t>(p), size);
  }
  *host_ptr = p;
  return accelsimSuccess;
}

accelsimError_t accelsimFreeHost(void* host_ptr) {
  if (host_ptr == nullptr) return accelsimSuccess;
  size_t size = 0;
  {
    std::lock_guard<std::mutex> lock(g_pinned_mu);
    auto& m = pinned();
    auto it = m.find(reinterpret_cast<uintptr_t>(host_ptr));
    if (it == m.end())
      return fail(accelsimErrorInvalidValue, "%p is not the start of a pinned host allocation", host_ptr);
    size = it->second;
    m.erase(it);
  }
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  munmap(host_ptr, (size + page - 1) / page * page);
  return accelsimSuccess;
}

}  // extern "C"
