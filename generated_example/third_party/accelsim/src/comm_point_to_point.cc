// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Point-to-point messages of a communicator through the byte rings of the shared segment.
#include "comm_point_to_point.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>

#include "comm_numeric.h"
#include "comm_wait.h"

namespace accelsim::detail {
namespace {

struct P2p {
  const Item* item;
  size_t bytes;
  size_t done = 0;
  bool header = false;  // the size header went through
  bool finished = false;
  uint64_t msg = 0;  // message number on its channel
  char what[160];
};

void ringWrite(char* buf, size_t cap, uint64_t pos, const char* src, size_t n) {
  const size_t off = pos % cap;
  const size_t first = std::min(n, cap - off);
  mcopy(buf + off, src, first);
  mcopy(buf, src + first, n - first);
}
void ringRead(const char* buf, size_t cap, uint64_t pos, char* dst, size_t n) {
  const size_t off = pos % cap;
  const size_t first = std::min(n, cap - off);
  mcopy(dst, buf + off, first);
  mcopy(dst + first, buf, n - first);
}

// One step of a send or receive: moves what the ring allows. Returns true if it moved anything; a size mismatch
// fails the operation (*error).
bool progress(Comm* c, P2p& p, accelsimError_t* error) {
  const int peer = p.item->root;
  const bool sending = p.item->kind == Kind::Send;
  ChanCtl& ch = sending ? c->chan(c->rank, peer) : c->chan(peer, c->rank);
  char* buf = sending ? c->chanBuf(c->rank, peer) : c->chanBuf(peer, c->rank);
  const size_t cap = c->chan_bytes;
  const uint64_t w = ch.written.load(std::memory_order_acquire);
  const uint64_t r = ch.read.load(std::memory_order_acquire);
  bool moved = false;
  if (sending) {
    uint64_t pos = w;
    size_t space = cap - (w - r);
    if (!p.header) {
      if (space < 8) return false;
      const uint64_t size = p.bytes;
      ringWrite(buf, cap, pos, reinterpret_cast<const char*>(&size), 8);
      pos += 8;
      space -= 8;
      p.header = true;
      moved = true;
    }
    const size_t n = std::min(space, p.bytes - p.done);
    if (n > 0) {
      ringWrite(buf, cap, pos, p.item->send + p.done, n);
      pos += n;
      p.done += n;
      moved = true;
    }
    if (moved) ch.written.store(pos, std::memory_order_release);
  } else {
    uint64_t pos = r;
    size_t avail = w - r;
    if (!p.header) {
      if (avail < 8) return false;
      uint64_t size = 0;
      ringRead(buf, cap, pos, reinterpret_cast<char*>(&size), 8);
      if (size != p.bytes) {
        const OpCtx ctx{c, p.what};
        *error = opFail(ctx, accelsimErrorCommMismatch, "rank %d sent %llu bytes for it, %zu bytes were expected",
                        peer, static_cast<unsigned long long>(size), p.bytes);
        return false;
      }
      pos += 8;
      avail -= 8;
      p.header = true;
      moved = true;
    }
    const size_t n = std::min(avail, p.bytes - p.done);
    if (n > 0) {
      ringRead(buf, cap, pos, p.item->recv + p.done, n);
      pos += n;
      p.done += n;
      moved = true;
    }
    if (moved) ch.read.store(pos, std::memory_order_release);
  }
  if (p.header && p.done == p.bytes) p.finished = true;
  return moved;
}

}  // namespace

accelsimError_t runP2p(Comm* c, const std::vector<const Item*>& items) {
  std::vector<P2p> ops;
  ops.reserve(items.size());
  for (const Item* it : items) {
    P2p p{};
    p.item = it;
    p.bytes = it->count * typeSize(it->dtype);
    std::vector<uint64_t>& counter = it->kind == Kind::Send ? c->sends : c->recvs;
    p.msg = ++counter[static_cast<size_t>(it->root)];
    std::snprintf(p.what, sizeof p.what, "%s%s%s #%llu %s rank %d (%s, %zu elements)", it->origin ? it->origin : "",
                  it->origin ? ": " : "", kindName(it->kind), static_cast<unsigned long long>(p.msg),
                  it->kind == Kind::Send ? "to" : "from", it->root, typeName(it->dtype), it->count);
    ops.push_back(p);
  }
  for (;;) {
    // Read before trying: a peer's step after this changes the word, so the wait below cannot miss it.
    const uint32_t seen = c->hdr->wake.load(std::memory_order_seq_cst);
    bool moved = false;
    bool all_done = true;
    const P2p* blocked = nullptr;
    for (size_t i = 0; i < ops.size(); ++i) {
      P2p& p = ops[i];
      if (p.finished) continue;
      all_done = false;
      // Messages on one channel go in order: only the first unfinished one per direction and peer moves.
      bool earlier = false;
      for (size_t j = 0; j < i && !earlier; ++j)
        earlier = !ops[j].finished && ops[j].item->kind == p.item->kind && ops[j].item->root == p.item->root;
      if (earlier) continue;
      accelsimError_t error = accelsimSuccess;
      if (progress(c, p, &error)) moved = true;
      if (error != accelsimSuccess) return error;
      if (!p.finished && blocked == nullptr) blocked = &p;
    }
    if (all_done) return accelsimSuccess;
    if (moved) {
      c->bump();
      continue;
    }
    // Nothing could move: wait until a peer moves something (the shared word changes).
    const OpCtx ctx{c, blocked->what};
    const int peer = blocked->item->root;
    bool changed = false;
    accelsimError_t e = waitUntil(
        ctx,
        [&] {
          if (c->hdr->wake.load(std::memory_order_acquire) != seen) changed = true;
          return changed;
        },
        [&](int r) { return r == peer; });
    if (e != accelsimSuccess) return e;
  }
}

}  // namespace accelsim::detail
