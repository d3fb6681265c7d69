// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Communicators and collectives between processes on one machine, through one POSIX shared-memory segment per
// communicator, device memory to device memory (see accelsim_comm.h for the contract): the C API's entry points,
// which check their arguments and turn each call into stream work (at once, or at the end of the thread's group).
//
// The parts, one job per file:
//   comm_shared_memory  the segment: its layout, creating or opening and mapping it;
//   comm_communicator   a rank's communicator: its state, and the failures of its operations;
//   comm_wait           waiting for peers: futex sleeps on the segment's shared word, peer liveness, timeouts;
//   comm_task           the stream work of a call: its items, and the task that executes them;
//   comm_collectives    all-reduce, reduce, broadcast, all-gather, reduce-scatter, through the staging slots;
//   comm_point_to_point send, receive and all-to-all's blocks, through the byte rings;
//   comm_numeric        datatype sizes and names, half and bfloat16 conversion, reductions.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "comm_communicator.h"
#include "comm_numeric.h"
#include "comm_shared_memory.h"
#include "comm_task.h"
#include "comm_wait.h"
#include "handles.h"
#include "internal.h"

namespace accelsim::detail {
namespace {

constexpr uint64_t kIdMagic = 0x61636373696d4944ULL;  // "accsimID"
constexpr int kMaxRanks = 64;

struct UniqueId {
  uint64_t magic;
  char name[64];
};
static_assert(sizeof(UniqueId) <= ACCELSIM_COMM_UNIQUE_ID_BYTES);

Registry<Comm>& g_comms() {
  static auto* registry = new Registry<Comm>();
  return *registry;
}

accelsimError_t resolveComm(accelsimComm_t handle, Comm** out) {
  auto* c = reinterpret_cast<Comm*>(handle);
  if (c == nullptr || !g_comms().contains(c))
    return fail(accelsimErrorInvalidHandle, "communicator %p is not a live communicator", static_cast<void*>(handle));
  *out = c;
  return accelsimSuccess;
}

// ---- enqueueing -------------------------------------------------------------------------------------------------

struct Pending {
  Comm* comm;  // holds a reference
  Stream* stream;
  Item item;
};
thread_local int t_group_depth = 0;
thread_local std::vector<Pending>* t_group = nullptr;

// Resolves a device buffer of the communicator's device to its runtime-view address.
accelsimError_t deviceRange(Comm* c, const void* p, size_t bytes, const char* role, const char* fn, char** out) {
  if (bytes == 0) {
    *out = nullptr;
    return accelsimSuccess;
  }
  if (p == nullptr) return fail(accelsimErrorInvalidValue, "%s: %s is NULL", fn, role);
  Device* d = deviceOwning(p);
  if (d == nullptr)
    return fail(accelsimErrorInvalidDevicePointer, "%s: %s %p is not device memory", fn, role, p);
  if (d->index != c->device)
    return fail(accelsimErrorInvalidDevicePointer, "%s: %s %p is memory of device %d, the communicator's is device %d",
                fn, role, p, d->index, c->device);
  void* base = nullptr;
  size_t alloc = 0;
  if (!d->arena.find(p, &base, &alloc))
    return fail(accelsimErrorInvalidDevicePointer, "%s: %s %p is not inside a live allocation of device %d", fn, role,
                p, d->index);
  const size_t offset = static_cast<size_t>(static_cast<const char*>(p) - static_cast<char*>(base));
  if (offset > alloc || bytes > alloc - offset)
    return fail(accelsimErrorInvalidValue, "%s: %s range [%p, +%zu) overruns its allocation [%p, +%zu)", fn, role, p,
                bytes, base, alloc);
  *out = static_cast<char*>(d->arena.access(p));
  return accelsimSuccess;
}

// Resolves the communicator and the stream of call `fn`, which must belong to the communicator's device.
accelsimError_t resolveCommAndStream(accelsimComm_t handle, accelsimStream_t stream, const char* fn, Comm** comm_out,
                                     Stream** stream_out) {
  if (accelsimError_t e = resolveComm(handle, comm_out); e != accelsimSuccess) return e;
  if (accelsimError_t e = resolveStream(stream, stream_out); e != accelsimSuccess) return e;
  if ((*stream_out)->device->index != (*comm_out)->device)
    return fail(accelsimErrorInvalidValue, "%s: the stream belongs to device %d, the communicator to device %d", fn,
                (*stream_out)->device->index, (*comm_out)->device);
  return accelsimSuccess;
}

// Enqueues the items of a call on `s` as one task, or adds them to the thread's open group.
accelsimError_t issue(Comm* c, Stream* s, std::vector<Item> items) {
  if (t_group_depth > 0) {
    for (Item& it : items) {
      c->refs.fetch_add(1, std::memory_order_relaxed);
      t_group->push_back(Pending{c, s, it});
    }
    return accelsimSuccess;
  }
  return submitTask(c, s, std::move(items));
}

accelsimError_t checkType(int dtype, const char* fn) {
  if (dtype < accelsimInt8 || dtype > accelsimBool)
    return fail(accelsimErrorInvalidValue, "%s: unknown datatype %d", fn, dtype);
  return accelsimSuccess;
}
accelsimError_t checkOp(int dtype, int op, const char* fn) {
  if (op < accelsimSum || op > accelsimAvg) return fail(accelsimErrorInvalidValue, "%s: unknown reduction %d", fn, op);
  if (op == accelsimAvg && !isFloating(dtype))
    return fail(accelsimErrorInvalidValue, "%s: avg needs a floating-point datatype, not %s", fn, typeName(dtype));
  return accelsimSuccess;
}
accelsimError_t checkRank(Comm* c, int r, const char* role, const char* fn) {
  if (r < 0 || r >= c->nranks)
    return fail(accelsimErrorInvalidValue, "%s: %s %d is outside [0, %d)", fn, role, r, c->nranks);
  return accelsimSuccess;
}

accelsimError_t reduction(Kind kind, const void* sendbuff, void* recvbuff, size_t count, accelsimDataType_t datatype,
                          accelsimRedOp_t op, int root, accelsimComm_t comm, accelsimStream_t stream, const char* fn) {
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = resolveCommAndStream(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkOp(datatype, op, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkRank(c, root, "root", fn); e != accelsimSuccess) return e;
  const size_t bytes = count * typeSize(datatype);
  Item it;
  it.kind = kind;
  it.dtype = datatype;
  it.op = op;
  it.root = root;
  it.count = count;
  char* send = nullptr;
  if (accelsimError_t e = deviceRange(c, sendbuff, bytes, "sendbuff", fn, &send); e != accelsimSuccess) return e;
  it.send = send;
  if (kind == Kind::AllReduce || c->rank == root)
    if (accelsimError_t e = deviceRange(c, recvbuff, bytes, "recvbuff", fn, &it.recv); e != accelsimSuccess) return e;
  return issue(c, s, {it});
}

}  // namespace
}  // namespace accelsim::detail

using namespace accelsim::detail;

extern "C" {

accelsimError_t accelsimCommGetUniqueId(accelsimCommUniqueId* unique_id) {
  if (unique_id == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommGetUniqueId: unique_id is NULL");
  static std::atomic<uint64_t> counter{0};
  std::random_device rd;
  const uint64_t r = (static_cast<uint64_t>(rd()) << 32 ^ rd()) ^ static_cast<uint64_t>(nowNs()) ^
                     (counter.fetch_add(1) * 0x9e3779b97f4a7c15ULL);
  UniqueId id{};
  id.magic = kIdMagic;
  std::snprintf(id.name, sizeof id.name, "/accelsim-comm-%d-%016llx", static_cast<int>(getpid()),
                static_cast<unsigned long long>(r));
  std::memset(unique_id, 0, sizeof *unique_id);
  std::memcpy(unique_id->internal, &id, sizeof id);
  return accelsimSuccess;
}

accelsimError_t accelsimCommInitRank(accelsimComm_t* comm, int nranks, accelsimCommUniqueId unique_id, int rank) {
  if (comm == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: comm is NULL");
  *comm = nullptr;
  if (nranks < 1 || nranks > kMaxRanks)
    return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: nranks %d is outside [1, %d]", nranks, kMaxRanks);
  if (rank < 0 || rank >= nranks)
    return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: rank %d is outside [0, %d)", rank, nranks);
  UniqueId id;
  std::memcpy(&id, unique_id.internal, sizeof id);
  id.name[sizeof id.name - 1] = '\0';
  if (id.magic != kIdMagic || id.name[0] != '/')
    return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: not a unique id from accelsimCommGetUniqueId");
  Device* dev = nullptr;
  if (accelsimError_t e = getCurrentDevice(&dev); e != accelsimSuccess) return e;

  auto c = std::make_unique<Comm>();
  c->rank = rank;
  c->nranks = nranks;
  c->device = dev->index;
  c->timeout_ms = static_cast<int>(envInteger("ACCELSIM_COMM_TIMEOUT_MS", 1, 24L * 3600 * 1000, kDefaultTimeoutMs));
  std::snprintf(c->name, sizeof c->name, "%s", id.name + 1);
  const int64_t deadline = nowNs() + static_cast<int64_t>(c->timeout_ms) * 1'000'000;

  const size_t slot_bytes = static_cast<size_t>(
      envInteger("ACCELSIM_COMM_BUFFER_BYTES", kMinSlotBytes, 1L << 30, static_cast<long>(kDefaultSlotBytes)));
  if (accelsimError_t e = mapSegment(c.get(), id.name, slot_bytes, deadline); e != accelsimSuccess) return e;
  c->sends.assign(static_cast<size_t>(nranks), 0);
  c->recvs.assign(static_cast<size_t>(nranks), 0);

  int32_t expected = 0;
  c->rc(rank).pid = static_cast<int32_t>(getpid());
  if (!c->rc(rank).joined.compare_exchange_strong(expected, 1))
    return fail(accelsimErrorInvalidValue, "accelsimCommInitRank: rank %d of communicator %s joined twice", rank,
                c->name);
  // The last rank to map the segment unlinks it: from then on it lives only as long as the mappings.
  if (c->hdr->mapped.fetch_add(1, std::memory_order_acq_rel) + 1 == nranks) shm_unlink(id.name);
  c->bump();
  char what[64];
  std::snprintf(what, sizeof what, "accelsimCommInitRank");
  const OpCtx ctx{c.get(), what};
  if (accelsimError_t e = waitUntil(
          ctx, [&] { return c->hdr->mapped.load(std::memory_order_acquire) == nranks; },
          [&](int r) { return c->rc(r).joined.load(std::memory_order_acquire) == 0; });
      e != accelsimSuccess) {
    shm_unlink(id.name);  // whoever gives up removes the name, so that nothing stays in /dev/shm
    return e;
  }
  Comm* raw = c.release();
  g_comms().add(raw);
  *comm = reinterpret_cast<accelsimComm_t>(raw);
  return accelsimSuccess;
}

accelsimError_t accelsimCommDestroy(accelsimComm_t comm) {
  Comm* c = reinterpret_cast<Comm*>(comm);
  if (c == nullptr || !g_comms().remove(c))
    return fail(accelsimErrorInvalidHandle, "communicator %p is not a live communicator", static_cast<void*>(comm));
  commUnref(c);
  return accelsimSuccess;
}

accelsimError_t accelsimCommAbort(accelsimComm_t comm) {
  Comm* c = reinterpret_cast<Comm*>(comm);
  if (c == nullptr || !g_comms().remove(c))
    return fail(accelsimErrorInvalidHandle, "communicator %p is not a live communicator", static_cast<void*>(comm));
  char reason[128];
  std::snprintf(reason, sizeof reason, "rank %d called accelsimCommAbort", c->rank);
  c->abortAll(accelsimErrorCommAborted, reason);
  commUnref(c);
  return accelsimSuccess;
}

accelsimError_t accelsimCommCount(accelsimComm_t comm, int* count) {
  if (count == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommCount: count is NULL");
  Comm* c = nullptr;
  if (accelsimError_t e = resolveComm(comm, &c); e != accelsimSuccess) return e;
  *count = c->nranks;
  return accelsimSuccess;
}

accelsimError_t accelsimCommUserRank(accelsimComm_t comm, int* rank) {
  if (rank == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommUserRank: rank is NULL");
  Comm* c = nullptr;
  if (accelsimError_t e = resolveComm(comm, &c); e != accelsimSuccess) return e;
  *rank = c->rank;
  return accelsimSuccess;
}

accelsimError_t accelsimCommDevice(accelsimComm_t comm, int* device) {
  if (device == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommDevice: device is NULL");
  Comm* c = nullptr;
  if (accelsimError_t e = resolveComm(comm, &c); e != accelsimSuccess) return e;
  *device = c->device;
  return accelsimSuccess;
}

accelsimError_t accelsimCommGetAsyncError(accelsimComm_t comm, accelsimError_t* async_error, char* message,
                                          size_t message_size) {
  if (async_error == nullptr) return fail(accelsimErrorInvalidValue, "accelsimCommGetAsyncError: async_error is NULL");
  Comm* c = nullptr;
  if (accelsimError_t e = resolveComm(comm, &c); e != accelsimSuccess) return e;
  std::string text;
  accelsimError_t code = accelsimSuccess;
  {
    std::lock_guard<std::mutex> lock(c->err_mu);
    code = c->async_code;
    text = c->async_msg;
  }
  std::string reason;
  if (code == accelsimSuccess && aborted(c, &code, &reason)) {
    char msg[1024];
    std::snprintf(msg, sizeof msg, "communicator %s rank %d of %d (device %d): %s", c->name, c->rank, c->nranks,
                  c->device, reason.c_str());
    text = msg;
  }
  *async_error = code;
  if (message != nullptr && message_size > 0) std::snprintf(message, message_size, "%s", text.c_str());
  return accelsimSuccess;
}

accelsimError_t accelsimAllReduce(const void* sendbuff, void* recvbuff, size_t count, accelsimDataType_t datatype,
                                  accelsimRedOp_t op, accelsimComm_t comm, accelsimStream_t stream) {
  return reduction(Kind::AllReduce, sendbuff, recvbuff, count, datatype, op, 0, comm, stream, "accelsimAllReduce");
}

accelsimError_t accelsimReduce(const void* sendbuff, void* recvbuff, size_t count, accelsimDataType_t datatype,
                               accelsimRedOp_t op, int root, accelsimComm_t comm, accelsimStream_t stream) {
  return reduction(Kind::Reduce, sendbuff, recvbuff, count, datatype, op, root, comm, stream, "accelsimReduce");
}

accelsimError_t accelsimBroadcast(const void* sendbuff, void* recvbuff, size_t count, accelsimDataType_t datatype,
                                  int root, accelsimComm_t comm, accelsimStream_t stream) {
  const char* fn = "accelsimBroadcast";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = resolveCommAndStream(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkRank(c, root, "root", fn); e != accelsimSuccess) return e;
  const size_t bytes = count * typeSize(datatype);
  Item it;
  it.kind = Kind::Broadcast;
  it.dtype = datatype;
  it.root = root;
  it.count = count;
  char* send = nullptr;
  if (c->rank == root)
    if (accelsimError_t e = deviceRange(c, sendbuff, bytes, "sendbuff", fn, &send); e != accelsimSuccess) return e;
  it.send = send;
  if (accelsimError_t e = deviceRange(c, recvbuff, bytes, "recvbuff", fn, &it.recv); e != accelsimSuccess) return e;
  return issue(c, s, {it});
}

accelsimError_t accelsimAllGather(const void* sendbuff, void* recvbuff, size_t sendcount, accelsimDataType_t datatype,
                                  accelsimComm_t comm, accelsimStream_t stream) {
  const char* fn = "accelsimAllGather";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = resolveCommAndStream(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  const size_t bytes = sendcount * typeSize(datatype);
  Item it;
  it.kind = Kind::AllGather;
  it.dtype = datatype;
  it.count = sendcount;
  char* send = nullptr;
  if (accelsimError_t e = deviceRange(c, sendbuff, bytes, "sendbuff", fn, &send); e != accelsimSuccess) return e;
  it.send = send;
  if (accelsimError_t e = deviceRange(c, recvbuff, bytes * c->nranks, "recvbuff", fn, &it.recv); e != accelsimSuccess)
    return e;
  return issue(c, s, {it});
}

accelsimError_t accelsimReduceScatter(const void* sendbuff, void* recvbuff, size_t recvcount,
                                      accelsimDataType_t datatype, accelsimRedOp_t op, accelsimComm_t comm,
                                      accelsimStream_t stream) {
  const char* fn = "accelsimReduceScatter";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = resolveCommAndStream(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkOp(datatype, op, fn); e != accelsimSuccess) return e;
  const size_t bytes = recvcount * typeSize(datatype);
  Item it;
  it.kind = Kind::ReduceScatter;
  it.dtype = datatype;
  it.op = op;
  it.count = recvcount;
  char* send = nullptr;
  if (accelsimError_t e = deviceRange(c, sendbuff, bytes * c->nranks, "sendbuff", fn, &send); e != accelsimSuccess)
    return e;
  it.send = send;
  if (accelsimError_t e = deviceRange(c, recvbuff, bytes, "recvbuff", fn, &it.recv); e != accelsimSuccess) return e;
  return issue(c, s, {it});
}

accelsimError_t accelsimAllToAllv(const void* sendbuff, const size_t* sendcounts, const size_t* sdispls,
                                  void* recvbuff, const size_t* recvcounts, const size_t* rdispls,
                                  accelsimDataType_t datatype, accelsimComm_t comm, accelsimStream_t stream) {
  const char* fn = "accelsimAllToAllv";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = resolveCommAndStream(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (sendcounts == nullptr || sdispls == nullptr || recvcounts == nullptr || rdispls == nullptr)
    return fail(accelsimErrorInvalidValue, "%s: a count or displacement array is NULL", fn);
  const size_t es = typeSize(datatype);
  std::vector<Item> items;
  for (int p = 0; p < c->nranks; ++p) {
    const size_t sc = sendcounts[p], rc = recvcounts[p];
    char* send = nullptr;
    char* recv = nullptr;
    if (accelsimError_t e = deviceRange(c, static_cast<const char*>(sendbuff) + sdispls[p] * es, sc * es,
                                        "sendbuff block", fn, &send);
        e != accelsimSuccess)
      return e;
    if (accelsimError_t e = deviceRange(c, static_cast<char*>(recvbuff) + rdispls[p] * es, rc * es, "recvbuff block",
                                        fn, &recv);
        e != accelsimSuccess)
      return e;
    Item it;
    it.dtype = datatype;
    it.root = p;
    it.origin = "all_to_all";
    if (p == c->rank) {
      if (sc != rc)
        return fail(accelsimErrorInvalidValue, "%s: rank %d sends %zu elements to itself but receives %zu", fn, p, sc,
                    rc);
      it.kind = Kind::LocalCopy;
      it.count = sc;
      it.send = send;
      it.recv = recv;
      if (sc > 0) items.push_back(it);
      continue;
    }
    it.kind = Kind::Send;
    it.count = sc;
    it.send = send;
    items.push_back(it);
    it.kind = Kind::Recv;
    it.count = rc;
    it.send = nullptr;
    it.recv = recv;
    items.push_back(it);
  }
  if (items.empty()) return accelsimSuccess;
  return issue(c, s, std::move(items));
}

accelsimError_t accelsimSend(const void* sendbuff, size_t count, accelsimDataType_t datatype, int peer,
                             accelsimComm_t comm, accelsimStream_t stream) {
  const char* fn = "accelsimSend";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = resolveCommAndStream(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkRank(c, peer, "peer", fn); e != accelsimSuccess) return e;
  if (peer == c->rank) return fail(accelsimErrorInvalidValue, "%s: rank %d cannot send to itself", fn, peer);
  Item it;
  it.kind = Kind::Send;
  it.dtype = datatype;
  it.root = peer;
  it.count = count;
  char* send = nullptr;
  if (accelsimError_t e = deviceRange(c, sendbuff, count * typeSize(datatype), "sendbuff", fn, &send);
      e != accelsimSuccess)
    return e;
  it.send = send;
  return issue(c, s, {it});
}

accelsimError_t accelsimRecv(void* recvbuff, size_t count, accelsimDataType_t datatype, int peer, accelsimComm_t comm,
                             accelsimStream_t stream) {
  const char* fn = "accelsimRecv";
  Comm* c = nullptr;
  Stream* s = nullptr;
  if (accelsimError_t e = resolveCommAndStream(comm, stream, fn, &c, &s); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkType(datatype, fn); e != accelsimSuccess) return e;
  if (accelsimError_t e = checkRank(c, peer, "peer", fn); e != accelsimSuccess) return e;
  if (peer == c->rank) return fail(accelsimErrorInvalidValue, "%s: rank %d cannot receive from itself", fn, peer);
  Item it;
  it.kind = Kind::Recv;
  it.dtype = datatype;
  it.root = peer;
  it.count = count;
  if (accelsimError_t e = deviceRange(c, recvbuff, count * typeSize(datatype), "recvbuff", fn, &it.recv);
      e != accelsimSuccess)
    return e;
  return issue(c, s, {it});
}

accelsimError_t accelsimGroupStart(void) {
  if (t_group_depth++ == 0) t_group = new std::vector<Pending>();
  return accelsimSuccess;
}

accelsimError_t accelsimGroupEnd(void) {
  if (t_group_depth == 0) return fail(accelsimErrorIllegalState, "accelsimGroupEnd without accelsimGroupStart");
  if (--t_group_depth > 0) return accelsimSuccess;
  std::unique_ptr<std::vector<Pending>> pending(t_group);
  t_group = nullptr;
  // One task per communicator, in the order the communicators first appear.
  std::vector<Comm*> order;
  for (const Pending& p : *pending)
    if (std::find(order.begin(), order.end(), p.comm) == order.end()) order.push_back(p.comm);
  accelsimError_t result = accelsimSuccess;
  for (Comm* c : order) {
    Stream* stream = nullptr;
    std::vector<Item> items;
    bool mixed = false;
    for (const Pending& p : *pending) {
      if (p.comm != c) continue;
      if (stream == nullptr) stream = p.stream;
      mixed = mixed || p.stream != stream;
      items.push_back(p.item);
    }
    if (result != accelsimSuccess) continue;
    if (mixed) {
      result = fail(accelsimErrorInvalidValue,
                    "accelsimGroupEnd: the operations of communicator %s in one group use different streams", c->name);
      continue;
    }
    result = submitTask(c, stream, std::move(items));
  }
  for (const Pending& p : *pending) commUnref(p.comm);
  return result;
}

}  // extern "C"
