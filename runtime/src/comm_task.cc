// The task of a communicator call: what one stream operation of kind OpKind::Comm executes.
#include "comm_task.h"

#include <cstdio>
#include <mutex>
#include <string>
#include <utility>

#include "comm_collectives.h"
#include "comm_numeric.h"
#include "comm_point_to_point.h"

namespace accelsim::detail {
namespace {

struct Task {
  Comm* comm;
  std::vector<Item> items;
};

int runTask(void* args) {
  auto* task = static_cast<Task*>(args);
  Comm* c = task->comm;
  std::lock_guard<std::mutex> lock(c->exec_mu);
  const Item& head = task->items.front();
  char what[160];
  std::snprintf(what, sizeof what, "%s", head.origin ? head.origin : kindName(head.kind));
  const OpCtx ctx{c, what};
  accelsimError_t code;
  std::string reason;
  if (aborted(c, &code, &reason)) return failFromAbort(ctx, code, reason);
  std::vector<const Item*> p2p;
  for (const Item& it : task->items) {
    if (it.kind == Kind::Send || it.kind == Kind::Recv) p2p.push_back(&it);
    if (it.kind == Kind::LocalCopy) mcopy(it.recv, it.send, it.count * typeSize(it.dtype));
  }
  if (!p2p.empty())
    if (accelsimError_t e = runP2p(c, p2p); e != accelsimSuccess) return e;
  for (const Item& it : task->items) {
    if (it.kind == Kind::Send || it.kind == Kind::Recv || it.kind == Kind::LocalCopy) continue;
    if (accelsimError_t e = runCollective(c, it); e != accelsimSuccess) return e;
  }
  return accelsimSuccess;
}

void destroyTask(void* args) {
  auto* task = static_cast<Task*>(args);
  commUnref(task->comm);
  delete task;
}

}  // namespace

const char* kindName(Kind k) {
  switch (k) {
    case Kind::AllReduce: return "all_reduce";
    case Kind::Broadcast: return "broadcast";
    case Kind::Reduce: return "reduce";
    case Kind::AllGather: return "all_gather";
    case Kind::ReduceScatter: return "reduce_scatter";
    case Kind::Send: return "send";
    case Kind::Recv: return "recv";
    case Kind::LocalCopy: return "all_to_all (own block)";
  }
  return "?";
}

accelsimError_t submitTask(Comm* c, Stream* s, std::vector<Item> items) {
  if (s->capturing()) {
    s->invalidateCapture();
    return fail(accelsimErrorStreamCaptureUnsupported,
                "collectives cannot be captured into a graph (the capture is invalidated)");
  }
  auto* task = new Task{c, std::move(items)};
  c->refs.fetch_add(1, std::memory_order_relaxed);
  Op op;
  op.kind = OpKind::Comm;
  op.fn = runTask;
  op.args = task;
  op.destroy = destroyTask;
  if (accelsimError_t e = s->submit(op); e != accelsimSuccess) {
    destroyTask(task);
    return e;
  }
  return accelsimSuccess;
}

}  // namespace accelsim::detail
