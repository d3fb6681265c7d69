// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Device memory arena: the simulated device memory of one device.
//
// Two reservations of the same size: `device view` (PROT_NONE, its addresses are the device pointers handed
// to users, so a host dereference faults) and `runtime view` (read-write, private, used only by runtime
// workers for copies and by kernels through accelsimKernelAccess). Translation is address arithmetic. Both
// are MAP_NORESERVE anonymous mappings: nothing is committed until a worker touches a page, and large freed
// blocks are returned to the OS (MADV_DONTNEED).
//
// The address space has two parts. The first `capacity` bytes serve accelsimMalloc. Behind them lies the
// virtual-memory part (kVirtualSpan times the capacity), from which accelsimMemAddressReserve hands out address
// ranges; physical memory (accelsimMemCreate) is only accounted, against the same capacity as accelsimMalloc, and
// a mapping makes its range of the runtime view usable. Unmapping gives the pages back to the OS, so the contents
// of a handle do not survive an unmap (a real driver keeps them; the caching allocator never relies on it).
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
    return a >= reinterpret_cast<uintptr_t>(dev_) && a < reinterpret_cast<uintptr_t>(dev_) + span_;
  }
  // Runtime-view address of a device address (no checks).
  void* access(const void* p) const {
    return rw_ + (reinterpret_cast<uintptr_t>(p) - reinterpret_cast<uintptr_t>(dev_));
  }
  size_t capacity() const { return capacity_; }
  size_t freeBytes();

  // Virtual memory (accelsimMem*): see accelsim.h. Sizes and addresses are multiples of kGranularity.
  static constexpr size_t kGranularity = size_t{2} << 20;
  static constexpr size_t kVirtualSpan = 4;  // the virtual-memory part is this many times the capacity
  accelsimError_t reserve(size_t size, void** ptr);
  accelsimError_t unreserve(void* ptr, size_t size);
  accelsimError_t create(size_t size, uint64_t* id);
  accelsimError_t releaseHandle(uint64_t id);
  accelsimError_t map(void* ptr, size_t size, uint64_t id);
  accelsimError_t unmap(void* ptr, size_t size);

 private:
  void insertFree(size_t offset, size_t size);
  void eraseFree(std::map<size_t, size_t>::iterator it);
  // With mu_ held: whether [offset, offset + size) is a granularity-aligned range of the virtual-memory part.
  bool virtualRange(const void* ptr, size_t size, size_t* offset) const;
  bool findMapped(size_t offset, void** base, size_t* size);

  int device_ = 0;
  char* dev_ = nullptr;
  char* rw_ = nullptr;
  size_t mapped_ = 0;
  size_t capacity_ = 0;

  std::mutex mu_;
  std::map<size_t, size_t> free_by_offset_;        // offset -> size
  std::multimap<size_t, size_t> free_by_size_;     // size -> offset
  std::map<size_t, size_t> allocations_;           // offset -> requested size
  size_t free_bytes_ = 0;  // physical memory not used by allocations or handles

  // The virtual-memory part: offsets [virtual_base_, span_); virtual_base_ is capacity_ rounded up to kGranularity.
  struct Handle {
    size_t size = 0;
    size_t mapped_at = kUnmapped;  // offset of its mapping
    bool released = false;         // accelsimMemRelease called while mapped: freed at unmap
  };
  static constexpr size_t kUnmapped = ~size_t{0};
  size_t virtual_base_ = 0;
  size_t span_ = 0;  // both parts
  std::map<size_t, size_t> reservations_;              // offset -> size
  std::map<uint64_t, Handle> handles_;                 // id -> physical memory
  std::map<size_t, std::pair<size_t, uint64_t>> mappings_;  // offset -> (size, handle id)
  std::map<size_t, size_t> mapped_extents_;            // adjacent mappings merged: what copies may span
  uint64_t next_handle_ = 1;
};

}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_ARENA_H_
