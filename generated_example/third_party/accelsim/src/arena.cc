// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
#include "arena.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iterator>
#include <utility>
#include <vector>

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
  virtual_base_ = (capacity_ + kGranularity - 1) / kGranularity * kGranularity;
  span_ = virtual_base_ + kVirtualSpan * virtual_base_;
  const size_t page = pageSize();
  mapped_ = (span_ + page - 1) / page * page;
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
  if (rounded > free_bytes_) {  // the address range may be free while handles use the memory (accelsimMemCreate)
    return fail(accelsimErrorMemoryAllocation,
                "out of memory on device %d: requested %zu bytes, %zu bytes free of %zu total", device_, size,
                free_bytes_, capacity_);
  }
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
  if (offset >= virtual_base_) return findMapped(offset, base, size);
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

// ---- Virtual memory ------------------------------------------------------------------------------------------------

bool Arena::virtualRange(const void* ptr, size_t size, size_t* offset) const {
  if (ptr == nullptr || !contains(ptr) || size == 0 || size % kGranularity != 0) return false;
  const auto at = static_cast<size_t>(static_cast<const char*>(ptr) - dev_);
  if (at < virtual_base_ || (at - virtual_base_) % kGranularity != 0 || size > span_ - at) return false;
  *offset = at;
  return true;
}

bool Arena::findMapped(size_t offset, void** base, size_t* size) {
  auto it = mapped_extents_.upper_bound(offset);
  if (it == mapped_extents_.begin()) return false;
  --it;
  if (offset >= it->first + it->second) return false;
  if (base != nullptr) *base = dev_ + it->first;
  if (size != nullptr) *size = it->second;
  return true;
}

accelsimError_t Arena::reserve(size_t size, void** ptr) {
  if (size == 0 || size % kGranularity != 0)
    return fail(accelsimErrorInvalidValue, "accelsimMemAddressReserve: size %zu is not a positive multiple of %zu",
                size, kGranularity);
  std::lock_guard<std::mutex> lock(mu_);
  size_t start = virtual_base_;  // first fit between the reservations
  for (const auto& [offset, length] : reservations_) {
    if (offset - start >= size) break;
    start = offset + length;
  }
  if (start > span_ || span_ - start < size)
    return fail(accelsimErrorMemoryAllocation,
                "accelsimMemAddressReserve: no free address range of %zu bytes on device %d (%zu bytes of address "
                "space in all)",
                size, device_, span_ - virtual_base_);
  reservations_.emplace(start, size);
  *ptr = dev_ + start;
  return accelsimSuccess;
}

accelsimError_t Arena::unreserve(void* ptr, size_t size) {
  std::lock_guard<std::mutex> lock(mu_);
  size_t offset = 0;
  const auto it = virtualRange(ptr, size, &offset) ? reservations_.find(offset) : reservations_.end();
  if (it == reservations_.end() || it->second != size)
    return fail(accelsimErrorInvalidValue, "accelsimMemAddressFree: %p (%zu bytes) is not a reservation of device %d",
                ptr, size, device_);
  const auto mapped = mappings_.lower_bound(offset);
  if (mapped != mappings_.end() && mapped->first < offset + size)
    return fail(accelsimErrorIllegalState, "accelsimMemAddressFree: %p still has memory mapped at %p (unmap it first)",
                ptr, static_cast<void*>(dev_ + mapped->first));
  reservations_.erase(it);
  return accelsimSuccess;
}

accelsimError_t Arena::create(size_t size, uint64_t* id) {
  if (size == 0 || size % kGranularity != 0)
    return fail(accelsimErrorInvalidValue, "accelsimMemCreate: size %zu is not a positive multiple of %zu", size,
                kGranularity);
  std::lock_guard<std::mutex> lock(mu_);
  if (size > free_bytes_)
    return fail(accelsimErrorMemoryAllocation,
                "out of memory on device %d: accelsimMemCreate of %zu bytes, %zu bytes free of %zu total", device_,
                size, free_bytes_, capacity_);
  free_bytes_ -= size;
  *id = next_handle_++;
  handles_.emplace(*id, Handle{size});
  return accelsimSuccess;
}

accelsimError_t Arena::releaseHandle(uint64_t id) {
  std::lock_guard<std::mutex> lock(mu_);
  const auto it = handles_.find(id);
  if (it == handles_.end() || it->second.released)
    return fail(accelsimErrorInvalidHandle, "accelsimMemRelease: not a live memory handle of device %d", device_);
  if (it->second.mapped_at != kUnmapped) {
    it->second.released = true;  // as CUDA's: the memory goes when its mapping does
    return accelsimSuccess;
  }
  free_bytes_ += it->second.size;
  handles_.erase(it);
  return accelsimSuccess;
}

accelsimError_t Arena::map(void* ptr, size_t size, uint64_t id) {
  std::lock_guard<std::mutex> lock(mu_);
  size_t offset = 0;
  if (!virtualRange(ptr, size, &offset))
    return fail(accelsimErrorInvalidValue, "accelsimMemMap: %p (%zu bytes) is not a granularity-aligned range of "
                "reserved addresses of device %d", ptr, size, device_);
  auto reservation = reservations_.upper_bound(offset);
  if (reservation == reservations_.begin() || (--reservation, offset + size > reservation->first + reservation->second))
    return fail(accelsimErrorInvalidValue, "accelsimMemMap: %p (%zu bytes) is not inside one reservation", ptr, size);
  const auto handle = handles_.find(id);
  if (handle == handles_.end() || handle->second.released)
    return fail(accelsimErrorInvalidHandle, "accelsimMemMap: not a live memory handle of device %d", device_);
  if (handle->second.mapped_at != kUnmapped)
    return fail(accelsimErrorIllegalState, "accelsimMemMap: the handle is mapped already");
  if (handle->second.size != size)
    return fail(accelsimErrorInvalidValue, "accelsimMemMap: size %zu is not the handle's size %zu", size,
                handle->second.size);
  auto next = mappings_.lower_bound(offset);
  const bool overlaps_next = next != mappings_.end() && next->first < offset + size;
  const bool overlaps_prev =
      next != mappings_.begin() && std::prev(next)->first + std::prev(next)->second.first > offset;
  if (overlaps_next || overlaps_prev)
    return fail(accelsimErrorIllegalState, "accelsimMemMap: %p (%zu bytes) overlaps a mapping", ptr, size);
  mappings_.emplace(offset, std::make_pair(size, id));
  handle->second.mapped_at = offset;
  // Merge into the extents, so that a copy may span adjacent mappings as it may on a real device.
  size_t start = offset;
  size_t length = size;
  auto after = mapped_extents_.lower_bound(offset);
  if (after != mapped_extents_.begin() && std::prev(after)->first + std::prev(after)->second == offset) {
    auto before = std::prev(after);
    start = before->first;
    length += before->second;
    mapped_extents_.erase(before);
  }
  if (after != mapped_extents_.end() && after->first == offset + size) {
    length += after->second;
    mapped_extents_.erase(after);
  }
  mapped_extents_.emplace(start, length);
  return accelsimSuccess;
}

accelsimError_t Arena::unmap(void* ptr, size_t size) {
  std::lock_guard<std::mutex> lock(mu_);
  size_t offset = 0;
  if (!virtualRange(ptr, size, &offset))
    return fail(accelsimErrorInvalidValue, "accelsimMemUnmap: %p (%zu bytes) is not a granularity-aligned range of "
                "device %d's reserved addresses", ptr, size, device_);
  // The range must consist of whole mappings.
  std::vector<std::map<size_t, std::pair<size_t, uint64_t>>::iterator> whole;
  size_t cursor = offset;
  for (auto it = mappings_.find(offset); it != mappings_.end() && cursor < offset + size; ++it) {
    if (it->first != cursor) break;
    whole.push_back(it);
    cursor += it->second.first;
  }
  if (cursor != offset + size)
    return fail(accelsimErrorInvalidValue, "accelsimMemUnmap: %p (%zu bytes) is not a run of whole mappings", ptr,
                size);
  for (auto it : whole) {
    Handle& handle = handles_.at(it->second.second);
    handle.mapped_at = kUnmapped;
    if (handle.released) {
      free_bytes_ += handle.size;
      handles_.erase(it->second.second);
    }
    mappings_.erase(it);
  }
  madvise(rw_ + offset, size, MADV_DONTNEED);  // offsets and sizes are multiples of the page size
  // Cut the range out of its extent.
  auto extent = std::prev(mapped_extents_.upper_bound(offset));
  const size_t start = extent->first;
  const size_t end = extent->first + extent->second;
  mapped_extents_.erase(extent);
  if (start < offset) mapped_extents_.emplace(start, offset - start);
  if (offset + size < end) mapped_extents_.emplace(offset + size, end - offset - size);
  return accelsimSuccess;
}

}  // namespace accelsim::detail
