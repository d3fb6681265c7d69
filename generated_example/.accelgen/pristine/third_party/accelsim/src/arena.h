// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Device memory arena: the simulated device memory of one device.
//
// Two reservations of the same size: `device view` (PROT_NONE, its addresses are the device pointers handed
// to users, so a host dereference faults) and `runtime view` (read-write, private, used only by runtime
// workers for copies and by kernels through accelsimKernelAccess). Translation is address arithmetic. Both
// are MAP_NORESERVE anonymous mappings: nothing is committed until a worker touches a page, and large freed
// blocks are returned to the OS (MADV_DONTNEED).
#ifndef ACCELSIM_SRC_ARENA_H_
#define ACCELSIM_SRC_ARENA_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>

#include "accelsim/accelsim.h"

namespace accelsim::detail {

class Arena {
 public:
  static constexpr size_t kAlignment = 256;

  Arena() = default;
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  accelsimError_t init(int device, size_t capacity);
  // Best-fit allocation with coalescing; OOM records a message naming requested/free bytes.
  accelsimError_t allocate(size_t size, void** dev_ptr);
  accelsimError_t release(void* dev_ptr);
  // Finds the live allocation containing `p` (interior pointers included).
  bool find(const void* p, void** base, size_t* size);

  bool contains(const void* p) const {
    auto a = reinterpret_cast<uintptr_t>(p);
    return a >= reinterpret_cast<uintptr_t>(dev_) && a < reinterpret_cast<uintptr_t>(dev_) + capacity_;
  }
  // Runtime-view address of a device address (no checks).
  void* access(const void* p) const {
    return rw_ + (reinterpret_cast<uintptr_t>(p) - reinterpret_cast<uintptr_t>(dev_));
  }
  size_t capacity() const { return capacity_; }
  size_t freeBytes();

 private:
  void insertFree(size_t offset, size_t size);
  void eraseFree(std::map<size_t, size_t>::iterator it);

  int device_ = 0;
  char* dev_ = nullptr;
  char* rw_ = nullptr;
  size_t mapped_ = 0;
  size_t capacity_ = 0;

  std::mutex mu_;
  std::map<size_t, size_t> free_by_offset_;        // offset -> size
  std::multimap<size_t, size_t> free_by_size_;     // size -> offset
  std::map<size_t, size_t> allocations_;           // offset -> requested size
  size_t free_bytes_ = 0;
};

}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_ARENA_H_
