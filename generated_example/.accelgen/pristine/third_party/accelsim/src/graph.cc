// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Graph capture and replay. While a stream captures, kernels, copies, memsets and event records submitted to it
// are appended to a graph instead of executing. A graph is immutable once captured; instantiation shares it.
// Replay enqueues a single operation that runs every node in order on the stream's worker.
#include "handles.h"
#include "internal.h"

namespace accelsim::detail {

namespace {
std::atomic<uint64_t> g_next_capture_id{1};

struct GraphHandle {
  GraphData* data;
};
struct ExecHandle {
  GraphData* data;
};
// Never destroyed: workers and late callers may still consult it during static destruction.
Registry<GraphHandle>& g_graphs() {
  static auto* registry = new Registry<GraphHandle>();  // function-local: safe during static initialization too
  return *registry;
}
// Never destroyed: workers and late callers may still consult it during static destruction.
Registry<ExecHandle>& g_execs() {
  static auto* registry = new Registry<ExecHandle>();  // function-local: safe during static initialization too
  return *registry;
}
}  // namespace

uint64_t nextCaptureId() { return g_next_capture_id.fetch_add(1, std::memory_order_relaxed); }

GraphData::~GraphData() {
  for (Op& node : nodes) {
    if (node.kind == OpKind::Kernel && node.destroy != nullptr) node.destroy(node.args);
    if (node.kind == OpKind::EventRecord) eventUnref(node.event);
  }
}

void graphUnref(GraphData* g) {
  if (g->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete g;
}

}  // namespace accelsim::detail

using namespace accelsim::detail;

extern "C" {

accelsimError_t accelsimStreamBeginCapture(accelsimStream_t stream) {
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  std::lock_guard<std::mutex> lock(s->mu);
  if (s->destroyed) return fail(accelsimErrorInvalidHandle, "stream was destroyed");
  if (s->capture != nullptr) return fail(accelsimErrorIllegalState, "the stream is already capturing");
  s->capture = new GraphData();
  s->capture_invalidated = false;
  s->capture_id.store(nextCaptureId(), std::memory_order_release);
  s->device->captures.fetch_add(1, std::memory_order_acq_rel);
  return accelsimSuccess;
}

accelsimError_t accelsimStreamEndCapture(accelsimStream_t stream, accelsimGraph_t* graph) {
  if (graph == nullptr) return fail(accelsimErrorInvalidValue, "accelsimStreamEndCapture: graph is NULL");
  *graph = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  GraphData* data = nullptr;
  bool invalidated = false;
  {
    std::lock_guard<std::mutex> lock(s->mu);
    if (s->capture == nullptr) return fail(accelsimErrorIllegalState, "the stream is not capturing");
    data = s->capture;
    invalidated = s->capture_invalidated;
    s->capture = nullptr;
    s->capture_invalidated = false;
    s->capture_id.store(0, std::memory_order_release);
    s->device->captures.fetch_sub(1, std::memory_order_acq_rel);
  }
  if (invalidated) {
    graphUnref(data);
    return fail(accelsimErrorStreamCaptureInvalidated,
                "the capture was invalidated by an illegal call made while capturing; no graph was produced");
  }
  auto* h = new GraphHandle{data};
  g_graphs().add(h);
  *graph = reinterpret_cast<accelsimGraph_t>(h);
  return accelsimSuccess;
}

accelsimError_t accelsimStreamIsCapturing(accelsimStream_t stream, int* capturing) {
  if (capturing == nullptr) return fail(accelsimErrorInvalidValue, "accelsimStreamIsCapturing: NULL argument");
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  *capturing = s->capturing() ? 1 : 0;
  return accelsimSuccess;
}

accelsimError_t accelsimGraphInstantiate(accelsimGraphExec_t* exec, accelsimGraph_t graph) {
  if (exec == nullptr) return fail(accelsimErrorInvalidValue, "accelsimGraphInstantiate: exec is NULL");
  auto* g = reinterpret_cast<GraphHandle*>(graph);
  GraphData* data = nullptr;
  if (graph == nullptr || !g_graphs().withLive(g, [&](GraphHandle* live) {
        data = live->data;
        data->refs.fetch_add(1, std::memory_order_relaxed);
      }))
    return fail(accelsimErrorInvalidHandle, "graph %p is not a live graph", static_cast<void*>(graph));
  auto* x = new ExecHandle{data};
  g_execs().add(x);
  *exec = reinterpret_cast<accelsimGraphExec_t>(x);
  return accelsimSuccess;
}

accelsimError_t accelsimGraphLaunch(accelsimGraphExec_t exec, accelsimStream_t stream) {
  Stream* s = nullptr;
  if (accelsimError_t e = resolveStream(stream, &s); e != accelsimSuccess) return e;
  auto* x = reinterpret_cast<ExecHandle*>(exec);
  GraphData* data = nullptr;
  if (exec == nullptr || !g_execs().withLive(x, [&](ExecHandle* live) {
        data = live->data;
        data->refs.fetch_add(1, std::memory_order_relaxed);
      }))
    return fail(accelsimErrorInvalidHandle, "graph exec %p is not a live executable graph", static_cast<void*>(exec));
  bool wake = false;
  {
    std::unique_lock<std::mutex> lock(s->mu);
    accelsimError_t err = accelsimSuccess;
    if (s->destroyed) {
      err = fail(accelsimErrorInvalidHandle, "stream was destroyed");
    } else if (s->capture != nullptr) {
      s->capture_invalidated = true;
      err = fail(accelsimErrorStreamCaptureUnsupported,
                 "accelsimGraphLaunch into a capturing stream is not supported (the capture is invalidated)");
    }
    if (err != accelsimSuccess) {
      lock.unlock();
      graphUnref(data);
      return err;
    }
    Op op;
    op.kind = OpKind::GraphReplay;
    op.graph = data;  // the reference taken above, released by the worker
    wake = s->pushLocked(op);
    // Event records inside the graph become the events' current records: complete when the replay is.
    for (Op& node : data->nodes)
      if (node.kind == OpKind::EventRecord) node.event->setRecordLocked(s, s->tail);
  }
  if (wake) s->wake();
  return accelsimSuccess;
}

accelsimError_t accelsimGraphGetNodeCount(accelsimGraph_t graph, size_t* count) {
  if (count == nullptr) return fail(accelsimErrorInvalidValue, "accelsimGraphGetNodeCount: count is NULL");
  auto* g = reinterpret_cast<GraphHandle*>(graph);
  if (graph == nullptr || !g_graphs().withLive(g, [&](GraphHandle* live) { *count = live->data->nodes.size(); }))
    return fail(accelsimErrorInvalidHandle, "graph %p is not a live graph", static_cast<void*>(graph));
  return accelsimSuccess;
}

accelsimError_t accelsimGraphExecDestroy(accelsimGraphExec_t exec) {
  auto* x = reinterpret_cast<ExecHandle*>(exec);
  if (exec == nullptr || !g_execs().remove(x))
    return fail(accelsimErrorInvalidHandle, "graph exec %p is not a live executable graph", static_cast<void*>(exec));
  graphUnref(x->data);  // pending replays hold their own references
  delete x;
  return accelsimSuccess;
}

accelsimError_t accelsimGraphDestroy(accelsimGraph_t graph) {
  auto* g = reinterpret_cast<GraphHandle*>(graph);
  if (graph == nullptr || !g_graphs().remove(g))
    return fail(accelsimErrorInvalidHandle, "graph %p is not a live graph", static_cast<void*>(graph));
  graphUnref(g->data);  // executables instantiated from it keep the nodes alive
  delete g;
  return accelsimSuccess;
}

}  // extern "C"
