// The shared-memory segment of a communicator: its layout, and creating or opening and mapping it.
#include "comm_shared_memory.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

#include "comm_communicator.h"
#include "internal.h"

namespace accelsim::detail {
namespace {

size_t alignUp(size_t v, size_t a) { return (v + a - 1) / a * a; }

struct Layout {
  size_t ranks_off, chans_off, slots_off, bufs_off, total;
};
Layout layoutFor(int n, size_t slot_bytes, size_t chan_bytes) {
  Layout l{};
  l.ranks_off = alignUp(sizeof(SegHeader), 4096);
  l.chans_off = alignUp(l.ranks_off + sizeof(RankCtl) * n, 4096);
  l.slots_off = alignUp(l.chans_off + sizeof(ChanCtl) * n * n, 4096);
  l.bufs_off = l.slots_off + slot_bytes * n;
  l.total = l.bufs_off + chan_bytes * n * n;
  return l;
}

}  // namespace

accelsimError_t mapSegment(Comm* c, const char* name, size_t slot_bytes, int64_t deadline) {
  const int rank = c->rank;
  const int nranks = c->nranks;
  // Rank 0's geometry: both halves of a slot page-aligned, a quarter of a slot per point-to-point ring.
  const size_t slot = alignUp(slot_bytes, 4096 * 2);
  const size_t chan = std::max<size_t>(slot / 4, 4096);
  int fd = -1;
  if (rank == 0) {
    const Layout l = layoutFor(nranks, slot, chan);
    fd = shm_open(name, O_CREAT | O_EXCL | O_RDWR, 0600);
    if (fd < 0)
      return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: cannot create shared memory %s: %s", name,
                  std::strerror(errno));
    if (ftruncate(fd, static_cast<off_t>(l.total)) != 0) {
      const int err = errno;
      close(fd);
      shm_unlink(name);
      return fail(accelsimErrorMemoryAllocation, "accelsimCommInitRank: cannot size shared memory %s to %zu bytes: %s",
                  name, l.total, std::strerror(err));
    }
    c->size = l.total;
  } else {
    for (;;) {
      fd = shm_open(name, O_RDWR, 0600);
      if (fd >= 0) {
        struct stat st{};
        if (fstat(fd, &st) == 0 && st.st_size > 0) {
          c->size = static_cast<size_t>(st.st_size);
          break;
        }
        close(fd);
        fd = -1;
      }
      if (nowNs() > deadline)
        return fail(accelsimErrorCommTimeout,
                    "accelsimCommInitRank: rank %d of %d: rank 0 did not create communicator %s within %d ms "
                    "(ACCELSIM_COMM_TIMEOUT_MS)",
                    rank, nranks, c->name, c->timeout_ms);
      usleep(1000);
    }
  }
  c->base = mmap(nullptr, c->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (c->base == MAP_FAILED) {
    c->base = nullptr;
    if (rank == 0) shm_unlink(name);
    return fail(accelsimErrorMemoryAllocation, "accelsimCommInitRank: cannot map shared memory %s: %s", name,
                std::strerror(errno));
  }
  c->hdr = static_cast<SegHeader*>(c->base);
  if (rank == 0) {
    c->hdr->nranks = nranks;
    c->hdr->slot_bytes = slot;
    c->hdr->chan_bytes = chan;
    c->hdr->total_bytes = c->size;
    c->hdr->magic.store(kSegMagic, std::memory_order_release);
  } else {
    while (c->hdr->magic.load(std::memory_order_acquire) != kSegMagic) {
      if (nowNs() > deadline)
        return fail(accelsimErrorCommTimeout, "accelsimCommInitRank: communicator %s was never initialized by rank 0",
                    c->name);
      usleep(200);
    }
    if (c->hdr->nranks != nranks)
      return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: rank %d was given nranks %d, rank 0 nranks %d",
                  rank, nranks, c->hdr->nranks);
  }
  c->slot_bytes = c->hdr->slot_bytes;
  c->chan_bytes = c->hdr->chan_bytes;
  const Layout l = layoutFor(nranks, c->slot_bytes, c->chan_bytes);
  if (l.total != c->size)
    return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: communicator %s has an unexpected size", c->name);
  char* base = static_cast<char*>(c->base);
  c->ranks = reinterpret_cast<RankCtl*>(base + l.ranks_off);
  c->chans = reinterpret_cast<ChanCtl*>(base + l.chans_off);
  c->slots = base + l.slots_off;
  c->bufs = base + l.bufs_off;
  return accelsimSuccess;
}

}  // namespace accelsim::detail
