// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
#include "arena.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "internal.h"

namespace accelsim::detail {

namespace {
constexpr size_t kReleaseThreshold = 64 * 1024;  // freed blocks this large give their pages back

size_t pageSize() {
  static const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return page;
}
}  // namespace

Arena::~Arena() {
  if (dev_ != nullptr) munmap(dev_, mapped_);
  if (rw_ != nullptr) munmap(rw_, mapped_);
}

accelsimError_t Arena::init(int device, size_t capacity) {
  device_ = device;
  capacity_ = capacity / kAlignment * kAlignment;
  if (capacity_ == 0) {
    return fail(accelsimErrorInvalidValue, "device %d: total_memory %zu is too small", device, capacity);
  }
  const size_t page = pageSize();
  mapped_ = (capacity_ + page - 1) / page * page;
  void* dev = mmap(nullptr, mapped_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (dev == MAP_FAILED) {
    return fail(accelsimErrorMemoryAllocation, "device %d: cannot reserve %zu bytes of address space: %s", device,
                mapped_, strerror(errno));
  }
  void* rw = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (rw == MAP_FAILED) {
    munmap(dev, mapped_);
    return fail(accelsimErrorMemoryAllocation, "device %d: cannot reserve %zu bytes of backing memory: %s", device,
                mapped_, strerror(errno));
  }
  dev_ = static_cast<char*>(dev);
  rw_ = static_cast<char*>(rw);
  insertFree(0, capacity_);
  free_bytes_ = capacity_;
  return accelsimSuccess;
}

void Arena::insertFree(size_t offset, size_t size) {
  free_by_offset_.emplace(offset, size);
  free_by_size_.emplace(size, offset);
}

void Arena::eraseFree(std::map<size_t, size_t>::iterator it) {
  auto [first, last] = free_by_size_.equal_range(it->second);
  for (auto s = first; s != last; ++s) {
    if (s->second == it->first) {
      free_by_size_.erase(s);
      break;
    }
  }
  free_by_offset_.erase(it);
}

accelsimError_t Arena::allocate(size_t size, void** dev_ptr) {
  if (size > capacity_) {
    std::lock_guard<std::mutex> lock(mu_);
    return fail(accelsimErrorMemoryAllocation,
                "out of memory on device %d: requested %zu bytes, %zu bytes free of %zu total", device_, size,
                free_bytes_, capacity_);
  }
  const size_t rounded = (size + kAlignment - 1) / kAlignment * kAlignment;
  std::lock_guard<std::mutex> lock(mu_);
  auto fit = free_by_size_.lower_bound(rounded);
  if (fit == free_by_size_.end()) {
    const size_t largest = free_by_size_.empty() ? 0 : free_by_size_.rbegin()->first;
    return fail(accelsimErrorMemoryAllocation,
                "out of memory on device %d: requested %zu bytes, %zu bytes free of %zu total (largest free block "
                "%zu bytes)",
                device_, size, free_bytes_, capacity_, largest);
  }
  const size_t offset = fit->second;
  const size_t block = fit->first;
  free_by_size_.erase(fit);
  free_by_offset_.erase(offset);
  if (block > rounded) insertFree(offset + rounded, block - rounded);
  allocations_.emplace(offset, size);  // the requested size: copies are bounds-checked against it
  free_bytes_ -= rounded;
  *dev_ptr = dev_ + offset;
  return accelsimSuccess;
}

accelsimError_t Arena::release(void* dev_ptr) {
  const size_t offset = static_cast<size_t>(static_cast<char*>(dev_ptr) - dev_);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = allocations_.find(offset);
  if (it == allocations_.end()) {
    return fail(accelsimErrorInvalidDevicePointer,
                "%p is not the start of a live allocation on device %d (double free or interior pointer?)", dev_ptr,
                device_);
  }
  size_t start = offset;
  size_t size = (it->second + kAlignment - 1) / kAlignment * kAlignment;
  allocations_.erase(it);
  free_bytes_ += size;
  if (size >= kReleaseThreshold) {
    // Give the pages fully inside the block back to the OS; they read as zeros when touched again.
    const size_t page = pageSize();
    const size_t lo = (start + page - 1) / page * page;
    const size_t hi = (start + size) / page * page;
    if (hi > lo) madvise(rw_ + lo, hi - lo, MADV_DONTNEED);
  }
  // Coalesce with the neighbours.
  auto next = free_by_offset_.lower_bound(start);
  if (next != free_by_offset_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == start) {
      start = prev->first;
      size += prev->second;
      eraseFree(prev);
    }
  }
  next = free_by_offset_.lower_bound(start + size);
  if (next != free_by_offset_.end() && next->first == start + size) {
    size += next->second;
    eraseFree(next);
  }
  insertFree(start, size);
  return accelsimSuccess;
}

bool Arena::find(const void* p, void** base, size_t* size) {
  if (!contains(p)) return false;
  const size_t offset = static_cast<size_t>(static_cast<const char*>(p) - dev_);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = allocations_.upper_bound(offset);
  if (it == allocations_.begin()) return false;
  --it;
  const size_t extent = (it->second + kAlignment - 1) / kAlignment * kAlignment;
  if (offset >= it->first + extent) return false;
  if (base != nullptr) *base = dev_ + it->first;
  if (size != nullptr) *size = it->second;
  return true;
}

size_t Arena::freeBytes() {
  std::lock_guard<std::mutex> lock(mu_);
  return free_bytes_;
}

}  // namespace accelsim::detail
