// Collectives of a communicator: barriers, descriptor matching, and the staged data movement of each kind.
#include "comm_collectives.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "comm_numeric.h"
#include "comm_wait.h"

namespace accelsim::detail {
namespace {

// Arrives at the next barrier and waits for every rank.
accelsimError_t barrier(const OpCtx& ctx) {
  Comm* c = ctx.c;
  const uint64_t k = ++c->step;
  c->rc(c->rank).step.store(k, std::memory_order_release);
  c->bump();
  return waitUntil(
      ctx,
      [&] {
        for (int r = 0; r < c->nranks; ++r)
          if (c->rc(r).step.load(std::memory_order_acquire) < k) return false;
        return true;
      },
      [&](int r) { return c->rc(r).step.load(std::memory_order_acquire) < k; });
}

void describe(const Desc& d, char* out, size_t size) {
  const auto kind = static_cast<Kind>(d.kind);
  int n = std::snprintf(out, size, "%s #%llu (%s", kindName(kind), static_cast<unsigned long long>(d.seq),
                        typeName(d.dtype));
  if (kind == Kind::AllReduce || kind == Kind::Reduce || kind == Kind::ReduceScatter)
    n += std::snprintf(out + n, size - n, " %s", redName(d.op));
  if (kind == Kind::Broadcast || kind == Kind::Reduce) n += std::snprintf(out + n, size - n, ", root %d", d.root);
  std::snprintf(out + n, size - n, ", %llu elements)", static_cast<unsigned long long>(d.count));
}

// The first barrier of a collective: publishes its descriptor before arriving, then compares every rank's.
accelsimError_t firstBarrier(const OpCtx& ctx, const Desc& mine) {
  Comm* c = ctx.c;
  if (accelsimError_t e = barrier(ctx); e != accelsimSuccess) return e;
  for (int r = 0; r < c->nranks; ++r) {
    const Desc& d = c->rc(r).desc[mine.seq & 1];
    if (d.seq != mine.seq || d.kind != mine.kind || d.dtype != mine.dtype || d.op != mine.op || d.root != mine.root ||
        d.count != mine.count) {
      char theirs[160];
      describe(d, theirs, sizeof theirs);
      return opFail(ctx, accelsimErrorCommMismatch, "rank %d issued %s at the same point", r, theirs);
    }
  }
  return accelsimSuccess;
}

// Moves a collective of `count` elements through the staging slots, at most `per` elements a piece, alternating
// the slots' halves: for each piece, stage(done, len, half) fills this rank's half, every rank arrives at a barrier
// (the collective's first also matches the descriptors), then collect(done, len, half) reads the ranks' halves. A
// collective of no elements still makes one (empty) piece, so that the ranks match it.
template <class Stage, class Collect>
accelsimError_t movePieces(const OpCtx& ctx, const Desc& mine, size_t count, size_t per, Stage stage,
                           Collect collect) {
  Comm* c = ctx.c;
  bool first = true;
  size_t done = 0;
  do {
    const size_t len = std::min(per, count - done);
    const uint32_t h = c->half;
    c->half ^= 1;
    stage(done, len, h);
    const accelsimError_t arrived = first ? firstBarrier(ctx, mine) : barrier(ctx);
    if (arrived != accelsimSuccess) return arrived;
    first = false;
    if (accelsimError_t e = collect(done, len, h); e != accelsimSuccess) return e;
    done += len;
  } while (done < count);
  return accelsimSuccess;
}

}  // namespace

accelsimError_t runCollective(Comm* c, const Item& it) {
  const uint64_t seq = ++c->coll_seq;
  Desc mine{seq, static_cast<int32_t>(it.kind), it.dtype, it.op, it.root, it.count};
  char what[160];
  describe(mine, what, sizeof what);
  const OpCtx ctx{c, what};
  c->rc(c->rank).desc[seq & 1] = mine;
  const int n = c->nranks;
  const int me = c->rank;
  const size_t es = typeSize(it.dtype);
  const size_t half_bytes = c->slot_bytes / 2;
  std::vector<const char*> srcs(n);

  switch (it.kind) {
    case Kind::AllReduce:
    case Kind::Reduce:
      // Each rank reduces its share of the piece in place in its own slot; after a second barrier, the shares go
      // to the result (every rank's, or the root's).
      return movePieces(
          ctx, mine, it.count, half_bytes / es,
          [&](size_t done, size_t len, uint32_t h) { mcopy(c->slot(me, h), it.send + done * es, len * es); },
          [&](size_t done, size_t len, uint32_t h) -> accelsimError_t {
            const size_t lo = len * me / n, hi = len * (me + 1) / n;
            for (int r = 0; r < n; ++r) srcs[r] = c->slot(r, h) + lo * es;
            reduce(it.dtype, c->slot(me, h) + lo * es, srcs.data(), n, hi - lo, it.op, n);
            if (accelsimError_t e = barrier(ctx); e != accelsimSuccess) return e;
            if (it.kind == Kind::AllReduce || me == it.root) {
              for (int r = 0; r < n; ++r) {
                const size_t rlo = len * r / n, rhi = len * (r + 1) / n;
                mcopy(it.recv + (done + rlo) * es, c->slot(r, h) + rlo * es, (rhi - rlo) * es);
              }
            }
            return accelsimSuccess;
          });
    case Kind::Broadcast:
      return movePieces(
          ctx, mine, it.count, half_bytes / es,
          [&](size_t done, size_t len, uint32_t h) {
            if (me == it.root) mcopy(c->slot(me, h), it.send + done * es, len * es);
          },
          [&](size_t done, size_t len, uint32_t h) {
            if (me != it.root || it.recv != it.send) mcopy(it.recv + done * es, c->slot(it.root, h), len * es);
            return accelsimSuccess;
          });
    case Kind::AllGather:
      return movePieces(
          ctx, mine, it.count, half_bytes / es,
          [&](size_t done, size_t len, uint32_t h) { mcopy(c->slot(me, h), it.send + done * es, len * es); },
          [&](size_t done, size_t len, uint32_t h) {
            for (int r = 0; r < n; ++r) mcopy(it.recv + (r * it.count + done) * es, c->slot(r, h), len * es);
            return accelsimSuccess;
          });
    case Kind::ReduceScatter:
      // A piece holds `len` elements of each rank's block: this rank reduces the ranks' copies of its own block.
      return movePieces(
          ctx, mine, it.count, half_bytes / es / n,
          [&](size_t done, size_t len, uint32_t h) {
            for (int r = 0; r < n; ++r)
              mcopy(c->slot(me, h) + r * len * es, it.send + (r * it.count + done) * es, len * es);
          },
          [&](size_t done, size_t len, uint32_t h) {
            for (int r = 0; r < n; ++r) srcs[r] = c->slot(r, h) + me * len * es;
            reduce(it.dtype, it.recv + done * es, srcs.data(), n, len, it.op, n);
            return accelsimSuccess;
          });
    default: return accelsimSuccess;
  }
}

}  // namespace accelsim::detail
