// Communicators and collectives across processes: each test forks its ranks (2 or 4 processes) from a parent that
// never touches the runtime, checks every result against a reference computed on the host, and fails on a rank
// that exits non-zero or hangs. This binary has its own main: devices of 1 GiB for the 256 MB all-reduce.
#include <dirent.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "test_util.h"

namespace {

// ---- processes ---------------------------------------------------------------------------------------------------

struct Exit {
  bool exited = false;
  int code = -1;
  int signal = 0;
};

// Runs body(rank) in `n` forked processes and returns how each ended. A child that records a gtest failure exits 1.
std::vector<Exit> runRanks(int n, const std::function<void(int)>& body, int timeout_s = 90) {
  std::fflush(stdout);
  std::fflush(stderr);
  std::vector<pid_t> pids;
  for (int r = 0; r < n; ++r) {
    const pid_t pid = fork();
    if (pid == 0) {
      body(r);
      const bool failed = ::testing::Test::HasFailure();
      std::fflush(stdout);
      std::fflush(stderr);
      _exit(failed ? 1 : 0);
    }
    pids.push_back(pid);
  }
  std::vector<Exit> exits(static_cast<size_t>(n));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  int left = n;
  while (left > 0) {
    for (int r = 0; r < n; ++r) {
      if (pids[r] == 0) continue;
      int status = 0;
      if (waitpid(pids[r], &status, WNOHANG) == pids[r]) {
        exits[r].exited = WIFEXITED(status);
        exits[r].code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        exits[r].signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
        pids[r] = 0;
        --left;
      }
    }
    if (left > 0 && std::chrono::steady_clock::now() > deadline) {
      ADD_FAILURE() << "ranks still running after " << timeout_s << " s: killed (a hang)";
      for (pid_t pid : pids)
        if (pid != 0) kill(pid, SIGKILL);
      for (pid_t pid : pids)
        if (pid != 0) waitpid(pid, nullptr, 0);
      return exits;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return exits;
}

void expectAllSucceeded(const std::vector<Exit>& exits) {
  for (size_t r = 0; r < exits.size(); ++r)
    EXPECT_TRUE(exits[r].exited && exits[r].code == 0)
        << "rank " << r << " exited with " << exits[r].code << ", signal " << exits[r].signal;
}

// Segments of communicators whose unique id this process created.
std::vector<std::string> leftoverSegments() {
  std::vector<std::string> found;
  const std::string prefix = "accelsim-comm-" + std::to_string(getpid()) + "-";
  if (DIR* d = opendir("/dev/shm")) {
    while (dirent* e = readdir(d))
      if (std::string(e->d_name).rfind(prefix, 0) == 0) found.emplace_back(e->d_name);
    closedir(d);
  }
  return found;
}

accelsimCommUniqueId newId() {
  accelsimCommUniqueId id;
  EXPECT_EQ(accelsimCommGetUniqueId(&id), accelsimSuccess);
  return id;
}

// A rank's communicator and stream, on device rank % 2.
struct Rank {
  accelsimComm_t comm = nullptr;
  accelsimStream_t stream = nullptr;
};

void joinRank(int rank, int n, const accelsimCommUniqueId& id, Rank* out) {
  ASSERT_OK(accelsimSetDevice(rank % kTestDevices));
  ASSERT_OK(accelsimCommInitRank(&out->comm, n, id, rank));
  ASSERT_OK(accelsimStreamCreate(&out->stream));
}

void leaveRank(Rank& r) {
  EXPECT_OK(accelsimStreamSynchronize(r.stream));
  EXPECT_OK(accelsimStreamDestroy(r.stream));
  EXPECT_OK(accelsimCommDestroy(r.comm));
}

void* upload(const std::vector<unsigned char>& bytes, size_t min_size = 0) {
  void* p = nullptr;
  const size_t size = std::max(bytes.size(), min_size);
  if (accelsimMalloc(&p, size == 0 ? 1 : size) != accelsimSuccess) return nullptr;
  if (!bytes.empty()) accelsimMemcpy(p, bytes.data(), bytes.size(), accelsimMemcpyHostToDevice);
  return p;
}

std::vector<unsigned char> download(const void* p, size_t size) {
  std::vector<unsigned char> out(size);
  if (size > 0) EXPECT_OK(accelsimMemcpy(out.data(), p, size, accelsimMemcpyDeviceToHost));
  return out;
}

// ---- typed values: small integers (and quarters after avg), exact in every type ---------------------------------

const accelsimDataType_t kTypes[] = {accelsimInt8,   accelsimUint8,   accelsimInt32,   accelsimUint32,
                                     accelsimInt64,  accelsimUint64,  accelsimFloat16, accelsimFloat32,
                                     accelsimFloat64, accelsimBfloat16, accelsimBool};
const accelsimRedOp_t kOps[] = {accelsimSum, accelsimProd, accelsimMax, accelsimMin, accelsimAvg};

size_t sizeOf(accelsimDataType_t t) {
  switch (t) {
    case accelsimInt8: case accelsimUint8: case accelsimBool: return 1;
    case accelsimFloat16: case accelsimBfloat16: return 2;
    case accelsimInt32: case accelsimUint32: case accelsimFloat32: return 4;
    default: return 8;
  }
}
bool floating(accelsimDataType_t t) {
  return t == accelsimFloat16 || t == accelsimBfloat16 || t == accelsimFloat32 || t == accelsimFloat64;
}
bool isSigned(accelsimDataType_t t) {
  return floating(t) || t == accelsimInt8 || t == accelsimInt32 || t == accelsimInt64;
}

double value(accelsimDataType_t t, accelsimRedOp_t op, int rank, size_t i) {
  if (t == accelsimBool) return static_cast<double>(((i * 7 + static_cast<size_t>(rank) * 3) >> 1) & 1);
  if (op == accelsimProd) return static_cast<double>(1 + (i + static_cast<size_t>(rank)) % 3);
  const double v = static_cast<double>((i * 7 + static_cast<size_t>(rank) * 13) % 20);
  return isSigned(t) ? v - 6 : v;
}

double reference(accelsimDataType_t t, accelsimRedOp_t op, int n, size_t i) {
  double acc = value(t, op, 0, i);
  for (int r = 1; r < n; ++r) {
    const double v = value(t, op, r, i);
    if (t == accelsimBool) {
      acc = (op == accelsimSum || op == accelsimMax) ? (acc != 0 || v != 0) : (acc != 0 && v != 0);
      continue;
    }
    switch (op) {
      case accelsimProd: acc *= v; break;
      case accelsimMax: acc = std::max(acc, v); break;
      case accelsimMin: acc = std::min(acc, v); break;
      default: acc += v; break;
    }
  }
  return op == accelsimAvg ? acc / n : acc;
}

uint16_t halfOf(double v) {  // exact for the values above
  if (v == 0) return 0;
  const uint16_t sign = v < 0 ? 0x8000 : 0;
  int e = 0;
  const double m = std::frexp(std::fabs(v), &e);  // |v| = m * 2^e, m in [0.5, 1)
  return sign | static_cast<uint16_t>((e - 1 + 15) << 10) | static_cast<uint16_t>((m * 2 - 1) * 1024);
}

void put(accelsimDataType_t t, double v, unsigned char* out) {
  switch (t) {
    case accelsimInt8: { int8_t x = static_cast<int8_t>(v); std::memcpy(out, &x, 1); break; }
    case accelsimUint8: case accelsimBool: { uint8_t x = static_cast<uint8_t>(v); std::memcpy(out, &x, 1); break; }
    case accelsimInt32: { int32_t x = static_cast<int32_t>(v); std::memcpy(out, &x, 4); break; }
    case accelsimUint32: { uint32_t x = static_cast<uint32_t>(v); std::memcpy(out, &x, 4); break; }
    case accelsimInt64: { int64_t x = static_cast<int64_t>(v); std::memcpy(out, &x, 8); break; }
    case accelsimUint64: { uint64_t x = static_cast<uint64_t>(v); std::memcpy(out, &x, 8); break; }
    case accelsimFloat32: { float x = static_cast<float>(v); std::memcpy(out, &x, 4); break; }
    case accelsimFloat64: { std::memcpy(out, &v, 8); break; }
    case accelsimFloat16: { uint16_t x = halfOf(v); std::memcpy(out, &x, 2); break; }
    case accelsimBfloat16: {
      float f = static_cast<float>(v);
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      uint16_t x = static_cast<uint16_t>(bits >> 16);
      std::memcpy(out, &x, 2);
      break;
    }
  }
}

std::vector<unsigned char> encode(accelsimDataType_t t, size_t count, const std::function<double(size_t)>& f) {
  std::vector<unsigned char> out(count * sizeOf(t));
  for (size_t i = 0; i < count; ++i) put(t, f(i), out.data() + i * sizeOf(t));
  return out;
}

std::string label(accelsimDataType_t t, accelsimRedOp_t op) {
  return "type " + std::to_string(t) + " op " + std::to_string(op);
}

bool validOp(accelsimDataType_t t, accelsimRedOp_t op) { return op != accelsimAvg || floating(t); }

// ---- the collectives of every type and op class ----------------------------------------------------------------

// Small staging buffers (64 KiB per rank), so that the counts below take several pieces.
void useSmallBuffers() { setenv("ACCELSIM_COMM_BUFFER_BYTES", "65536", 1); }

void allReduceEveryTypeAndOp(int n) {
  useSmallBuffers();
  const accelsimCommUniqueId id = newId();
  expectAllSucceeded(runRanks(n, [&](int rank) {
    Rank me;
    joinRank(rank, n, id, &me);
    if (::testing::Test::HasFailure()) return;
    const size_t count = 9001;
    for (accelsimDataType_t t : kTypes) {
      for (accelsimRedOp_t op : kOps) {
        if (!validOp(t, op)) continue;
        auto in = encode(t, count, [&](size_t i) { return value(t, op, rank, i); });
        auto want = encode(t, count, [&](size_t i) { return reference(t, op, n, i); });
        void* send = upload(in);
        void* recv = upload({}, in.size());
        ASSERT_OK(accelsimAllReduce(send, recv, count, t, op, me.comm, me.stream));
        ASSERT_OK(accelsimAllReduce(send, send, count, t, op, me.comm, me.stream));  // in place
        ASSERT_OK(accelsimStreamSynchronize(me.stream));
        EXPECT_TRUE(download(recv, in.size()) == want) << label(t, op);
        EXPECT_TRUE(download(send, in.size()) == want) << label(t, op) << " in place";
        accelsimFree(send);
        accelsimFree(recv);
      }
    }
    leaveRank(me);
  }));
}

TEST(Comm, AllReduceEveryTypeAndOpOn2Ranks) { allReduceEveryTypeAndOp(2); }
TEST(Comm, AllReduceEveryTypeAndOpOn4Ranks) { allReduceEveryTypeAndOp(4); }

void rootedAndGathered(int n) {
  useSmallBuffers();
  const accelsimCommUniqueId id = newId();
  expectAllSucceeded(runRanks(n, [&](int rank) {
    Rank me;
    joinRank(rank, n, id, &me);
    if (::testing::Test::HasFailure()) return;
    const size_t count = 7777;
    for (accelsimDataType_t t : kTypes) {
      const size_t es = sizeOf(t);
      const int root = static_cast<int>(t) % n;
      // Broadcast from `root`.
      auto mine = encode(t, count, [&](size_t i) { return value(t, accelsimSum, rank, i); });
      auto roots = encode(t, count, [&](size_t i) { return value(t, accelsimSum, root, i); });
      void* buf = upload(mine);
      ASSERT_OK(accelsimBroadcast(buf, buf, count, t, root, me.comm, me.stream));
      ASSERT_OK(accelsimStreamSynchronize(me.stream));
      EXPECT_TRUE(download(buf, mine.size()) == roots) << "broadcast " << label(t, accelsimSum);
      accelsimFree(buf);
      // Reduce (max, sum) to `root`.
      for (accelsimRedOp_t op : {accelsimMax, accelsimSum}) {
        auto in = encode(t, count, [&](size_t i) { return value(t, op, rank, i); });
        void* send = upload(in);
        void* recv = upload({}, in.size());
        ASSERT_OK(accelsimReduce(send, rank == root ? recv : nullptr, count, t, op, root, me.comm, me.stream));
        ASSERT_OK(accelsimStreamSynchronize(me.stream));
        if (rank == root) {
          EXPECT_TRUE(download(recv, in.size()) ==
                      encode(t, count, [&](size_t i) { return reference(t, op, n, i); }))
              << "reduce " << label(t, op);
        }
        accelsimFree(send);
        accelsimFree(recv);
      }
      // All-gather.
      void* send = upload(mine);
      void* gathered = upload({}, mine.size() * n);
      ASSERT_OK(accelsimAllGather(send, gathered, count, t, me.comm, me.stream));
      ASSERT_OK(accelsimStreamSynchronize(me.stream));
      std::vector<unsigned char> want;
      for (int r = 0; r < n; ++r) {
        auto block = encode(t, count, [&](size_t i) { return value(t, accelsimSum, r, i); });
        want.insert(want.end(), block.begin(), block.end());
      }
      EXPECT_TRUE(download(gathered, want.size()) == want) << "all_gather " << label(t, accelsimSum);
      // Reduce-scatter (sum, or the type's avg): block b of rank r holds value(r, b * count + i).
      const accelsimRedOp_t op = floating(t) ? accelsimAvg : accelsimMin;
      auto in = encode(t, count * n, [&](size_t i) { return value(t, op, rank, i); });
      void* rs_send = upload(in);
      void* rs_recv = upload({}, count * es);
      ASSERT_OK(accelsimReduceScatter(rs_send, rs_recv, count, t, op, me.comm, me.stream));
      ASSERT_OK(accelsimStreamSynchronize(me.stream));
      EXPECT_TRUE(download(rs_recv, count * es) ==
                  encode(t, count, [&](size_t i) { return reference(t, op, n, rank * count + i); }))
          << "reduce_scatter " << label(t, op);
      for (void* p : {send, gathered, rs_send, rs_recv}) accelsimFree(p);
    }
    leaveRank(me);
  }));
}

TEST(Comm, BroadcastReduceAllGatherReduceScatterOn2Ranks) { rootedAndGathered(2); }
TEST(Comm, BroadcastReduceAllGatherReduceScatterOn4Ranks) { rootedAndGathered(4); }

TEST(Comm, UnevenAllToAllOn4Ranks) {
  useSmallBuffers();
  const int n = 4;
  const accelsimCommUniqueId id = newId();
  // Rank s sends count(s, d) int32 elements to rank d, valued s * 1000000 + d * 10000 + i; pair (1, 2) sends none.
  auto count = [](int s, int d) -> size_t { return (s == 1 && d == 2) ? 0 : static_cast<size_t>(1000 * (s + 1) + 3000 * d + 7); };
  expectAllSucceeded(runRanks(n, [&](int rank) {
    Rank me;
    joinRank(rank, n, id, &me);
    if (::testing::Test::HasFailure()) return;
    std::vector<size_t> sc(n), sd(n), rc(n), rd(n);
    size_t stotal = 0, rtotal = 0;
    for (int p = 0; p < n; ++p) {
      sc[p] = count(rank, p);
      sd[p] = stotal + 5;  // gaps between blocks
      stotal += sc[p] + 5;
      rc[p] = count(p, rank);
      rd[p] = rtotal + 3;
      rtotal += rc[p] + 3;
    }
    std::vector<int32_t> in(stotal, -1), want(rtotal, -7);
    for (int p = 0; p < n; ++p) {
      for (size_t i = 0; i < sc[p]; ++i) in[sd[p] + i] = rank * 1000000 + p * 10000 + static_cast<int32_t>(i);
      for (size_t i = 0; i < rc[p]; ++i) want[rd[p] + i] = p * 1000000 + rank * 10000 + static_cast<int32_t>(i);
    }
    void* send = nullptr;
    void* recv = nullptr;
    ASSERT_OK(accelsimMalloc(&send, stotal * 4));
    ASSERT_OK(accelsimMalloc(&recv, rtotal * 4));
    ASSERT_OK(accelsimMemcpy(send, in.data(), stotal * 4, accelsimMemcpyHostToDevice));
    ASSERT_OK(accelsimMemcpy(recv, want.data(), rtotal * 4, accelsimMemcpyHostToDevice));  // gaps keep -7
    for (int p = 0; p < n; ++p)
      for (size_t i = 0; i < rc[p]; ++i) want[rd[p] + i] = p * 1000000 + rank * 10000 + static_cast<int32_t>(i);
    std::vector<int32_t> blank = want;
    for (int p = 0; p < n; ++p)
      for (size_t i = 0; i < rc[p]; ++i) blank[rd[p] + i] = 0;
    ASSERT_OK(accelsimMemcpy(recv, blank.data(), rtotal * 4, accelsimMemcpyHostToDevice));
    for (int round = 0; round < 2; ++round)
      ASSERT_OK(accelsimAllToAllv(send, sc.data(), sd.data(), recv, rc.data(), rd.data(), accelsimInt32, me.comm,
                                  me.stream));
    ASSERT_OK(accelsimStreamSynchronize(me.stream));
    std::vector<int32_t> got(rtotal);
    ASSERT_OK(accelsimMemcpy(got.data(), recv, rtotal * 4, accelsimMemcpyDeviceToHost));
    EXPECT_TRUE(got == want);
    accelsimFree(send);
    accelsimFree(recv);
    leaveRank(me);
  }));
}

void sendRecvRing(int n) {
  useSmallBuffers();  // 16 KiB rings: messages of 100000 bytes wrap many times
  const accelsimCommUniqueId id = newId();
  expectAllSucceeded(runRanks(n, [&](int rank) {
    Rank me;
    joinRank(rank, n, id, &me);
    if (::testing::Test::HasFailure()) return;
    const size_t count = 25000;  // int32
    const int right = (rank + 1) % n, left = (rank + n - 1) % n;
    std::vector<int32_t> mine(count), want(count), got(count);
    for (size_t i = 0; i < count; ++i) {
      mine[i] = rank * 100000 + static_cast<int32_t>(i);
      want[i] = left * 100000 + static_cast<int32_t>(i);
    }
    void* send = nullptr;
    void* recv = nullptr;
    ASSERT_OK(accelsimMalloc(&send, count * 4));
    ASSERT_OK(accelsimMalloc(&recv, count * 4));
    ASSERT_OK(accelsimMemcpy(send, mine.data(), count * 4, accelsimMemcpyHostToDevice));
    for (int round = 0; round < 3; ++round) {
      // Every rank sends first then receives: only a group makes that safe with messages larger than the ring.
      ASSERT_OK(accelsimGroupStart());
      ASSERT_OK(accelsimSend(send, count, accelsimInt32, right, me.comm, me.stream));
      ASSERT_OK(accelsimRecv(recv, count, accelsimInt32, left, me.comm, me.stream));
      ASSERT_OK(accelsimGroupEnd());
      ASSERT_OK(accelsimStreamSynchronize(me.stream));
      ASSERT_OK(accelsimMemcpy(got.data(), recv, count * 4, accelsimMemcpyDeviceToHost));
      EXPECT_TRUE(got == want) << "round " << round;
      ASSERT_OK(accelsimMemsetAsync(recv, 0, count * 4, me.stream));
    }
    // Ungrouped point to point, ordered so it cannot deadlock: rank 0 sends to 1 then receives it back.
    if (rank == 0) {
      ASSERT_OK(accelsimSend(send, count, accelsimInt32, 1, me.comm, me.stream));
      ASSERT_OK(accelsimRecv(recv, count, accelsimInt32, 1, me.comm, me.stream));
      ASSERT_OK(accelsimStreamSynchronize(me.stream));
      ASSERT_OK(accelsimMemcpy(got.data(), recv, count * 4, accelsimMemcpyDeviceToHost));
      EXPECT_TRUE(got == mine);
    } else if (rank == 1) {
      ASSERT_OK(accelsimRecv(recv, count, accelsimInt32, 0, me.comm, me.stream));
      ASSERT_OK(accelsimSend(recv, count, accelsimInt32, 0, me.comm, me.stream));
      // accelsimFree does not wait for the stream: the send must have read recv before it is freed.
      ASSERT_OK(accelsimStreamSynchronize(me.stream));
    }
    accelsimFree(send);
    accelsimFree(recv);
    leaveRank(me);
  }));
}

TEST(Comm, SendRecvRingOn2Ranks) { sendRecvRing(2); }
TEST(Comm, SendRecvRingOn4Ranks) { sendRecvRing(4); }

TEST(Comm, GroupedAllReducesAndPointToPointOn4Ranks) {
  useSmallBuffers();
  const int n = 4;
  const accelsimCommUniqueId id = newId();
  expectAllSucceeded(runRanks(n, [&](int rank) {
    Rank me;
    joinRank(rank, n, id, &me);
    if (::testing::Test::HasFailure()) return;
    const size_t counts[] = {1, 4097, 30000};
    std::vector<void*> bufs;
    ASSERT_OK(accelsimGroupStart());
    // Nested groups flatten into the outermost one.
    ASSERT_OK(accelsimGroupStart());
    for (size_t count : counts) {
      std::vector<float> in(count);
      for (size_t i = 0; i < count; ++i) in[i] = static_cast<float>(rank + i % 5);
      void* p = nullptr;
      ASSERT_OK(accelsimMalloc(&p, count * 4));
      ASSERT_OK(accelsimMemcpy(p, in.data(), count * 4, accelsimMemcpyHostToDevice));
      ASSERT_OK(accelsimAllReduce(p, p, count, accelsimFloat32, accelsimSum, me.comm, me.stream));
      bufs.push_back(p);
    }
    ASSERT_OK(accelsimGroupEnd());
    int64_t token = rank, got = -1;
    void* t_send = upload(std::vector<unsigned char>(reinterpret_cast<unsigned char*>(&token),
                                                     reinterpret_cast<unsigned char*>(&token) + 8));
    void* t_recv = upload({}, 8);
    // Receive first, then send, inside the group: the group runs them together.
    ASSERT_OK(accelsimRecv(t_recv, 1, accelsimInt64, (rank + n - 1) % n, me.comm, me.stream));
    ASSERT_OK(accelsimSend(t_send, 1, accelsimInt64, (rank + 1) % n, me.comm, me.stream));
    ASSERT_OK(accelsimGroupEnd());
    EXPECT_EQ(accelsimGroupEnd(), accelsimErrorIllegalState);
    ASSERT_OK(accelsimStreamSynchronize(me.stream));
    ASSERT_OK(accelsimMemcpy(&got, t_recv, 8, accelsimMemcpyDeviceToHost));
    EXPECT_EQ(got, (rank + n - 1) % n);
    for (size_t k = 0; k < bufs.size(); ++k) {
      std::vector<float> out(counts[k]);
      ASSERT_OK(accelsimMemcpy(out.data(), bufs[k], counts[k] * 4, accelsimMemcpyDeviceToHost));
      for (size_t i = 0; i < counts[k]; ++i)
        ASSERT_EQ(out[i], static_cast<float>(0 + 1 + 2 + 3 + 4 * (i % 5))) << "buffer " << k << " element " << i;
      accelsimFree(bufs[k]);
    }
    leaveRank(me);
  }));
}

// ThreadSanitizer instruments every element of the reduction and of the host-side check (256 MB took 49 s): it
// runs the same path, through the same 4 MiB slots, on 32 MB.
#if defined(__SANITIZE_THREAD__)
constexpr size_t kLargeAllReduceBytes = size_t{32} << 20;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
constexpr size_t kLargeAllReduceBytes = size_t{32} << 20;
#else
constexpr size_t kLargeAllReduceBytes = size_t{256} << 20;
#endif
#else
constexpr size_t kLargeAllReduceBytes = size_t{256} << 20;
#endif

TEST(Comm, AllReduceOf256MBOn2Ranks) {
  unsetenv("ACCELSIM_COMM_BUFFER_BYTES");  // the default staging slots: 4 MiB per rank, whatever the message
  const int n = 2;
  const accelsimCommUniqueId id = newId();
  expectAllSucceeded(runRanks(n, [&](int rank) {
    Rank me;
    joinRank(rank, n, id, &me);
    if (::testing::Test::HasFailure()) return;
    const size_t count = kLargeAllReduceBytes / 4;
    std::vector<float> host(count);
    for (size_t i = 0; i < count; ++i) host[i] = static_cast<float>((i % 1021) + rank);
    void* buf = nullptr;
    ASSERT_OK(accelsimMalloc(&buf, count * 4));
    ASSERT_OK(accelsimMemcpy(buf, host.data(), count * 4, accelsimMemcpyHostToDevice));
    ASSERT_OK(accelsimAllReduce(buf, buf, count, accelsimFloat32, accelsimSum, me.comm, me.stream));
    ASSERT_OK(accelsimStreamSynchronize(me.stream));
    ASSERT_OK(accelsimMemcpy(host.data(), buf, count * 4, accelsimMemcpyDeviceToHost));
    size_t bad = 0;
    for (size_t i = 0; i < count; ++i) bad += host[i] != static_cast<float>(2 * (i % 1021) + 1);
    EXPECT_EQ(bad, 0u);
    accelsimFree(buf);
    leaveRank(me);
  }));
}

// ---- faults ------------------------------------------------------------------------------------------------------

int64_t msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t).count();
}

TEST(CommFaults, AKilledRankMakesTheOthersFailWithinTheTimeoutAndLeavesNoSegment) {
  useSmallBuffers();
  setenv("ACCELSIM_COMM_TIMEOUT_MS", "3000", 1);
  const int n = 4, victim = 2;
  const accelsimCommUniqueId id = newId();
  auto exits = runRanks(n, [&](int rank) {
    Rank me;
    joinRank(rank, n, id, &me);
    if (::testing::Test::HasFailure()) return;
    void* buf = upload({}, 4096);
    ASSERT_OK(accelsimAllReduce(buf, buf, 1024, accelsimFloat32, accelsimSum, me.comm, me.stream));
    ASSERT_OK(accelsimStreamSynchronize(me.stream));
    if (rank == victim) raise(SIGKILL);
    const auto start = std::chrono::steady_clock::now();
    ASSERT_OK(accelsimAllReduce(buf, buf, 1024, accelsimFloat32, accelsimSum, me.comm, me.stream));
    const accelsimError_t e = accelsimStreamSynchronize(me.stream);
    const std::string msg = accelsimGetLastErrorMessage();
    EXPECT_EQ(e, accelsimErrorCommTimeout) << msg;
    EXPECT_LT(msSince(start), 3000 + 2000) << msg;
    EXPECT_NE(msg.find("rank 2"), std::string::npos) << msg;
    EXPECT_NE(msg.find("all_reduce #2"), std::string::npos) << msg;
    accelsimError_t async = accelsimSuccess;
    char text[512];
    ASSERT_OK(accelsimCommGetAsyncError(me.comm, &async, text, sizeof text));
    EXPECT_EQ(async, accelsimErrorCommTimeout) << text;
    // Later operations fail at once.
    const auto later = std::chrono::steady_clock::now();
    ASSERT_OK(accelsimBroadcast(buf, buf, 16, accelsimFloat32, 0, me.comm, me.stream));
    EXPECT_EQ(accelsimStreamSynchronize(me.stream), accelsimErrorCommTimeout);
    EXPECT_LT(msSince(later), 1000);
    EXPECT_OK(accelsimCommDestroy(me.comm));
  });
  unsetenv("ACCELSIM_COMM_TIMEOUT_MS");
  for (int r = 0; r < n; ++r) {
    if (r == victim) {
      EXPECT_EQ(exits[r].signal, SIGKILL);
    } else {
      EXPECT_TRUE(exits[r].exited && exits[r].code == 0) << "rank " << r;
    }
  }
  EXPECT_TRUE(leftoverSegments().empty());
}

TEST(CommFaults, ARankThatHangsMakesTheOthersFailAfterTheTimeout) {
  setenv("ACCELSIM_COMM_TIMEOUT_MS", "1000", 1);
  const int n = 2;
  const accelsimCommUniqueId id = newId();
  auto exits = runRanks(n, [&](int rank) {
    Rank me;
    joinRank(rank, n, id, &me);
    if (::testing::Test::HasFailure()) return;
    void* buf = upload({}, 4096);
    if (rank == 1) std::this_thread::sleep_for(std::chrono::milliseconds(2500));  // alive, but late
    const auto start = std::chrono::steady_clock::now();
    ASSERT_OK(accelsimReduceScatter(buf, buf, 512, accelsimInt32, accelsimMax, me.comm, me.stream));
    EXPECT_EQ(accelsimStreamSynchronize(me.stream), accelsimErrorCommTimeout);
    const std::string msg = accelsimGetLastErrorMessage();
    EXPECT_NE(msg.find("reduce_scatter #1 (int32 max, 512 elements)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("rank(s) 1 did not arrive within 1000 ms"), std::string::npos) << msg;
    if (rank == 0) {
      EXPECT_GE(msSince(start), 900);
      EXPECT_LT(msSince(start), 2500);
    }
    EXPECT_OK(accelsimCommDestroy(me.comm));
  });
  unsetenv("ACCELSIM_COMM_TIMEOUT_MS");
  expectAllSucceeded(exits);
}

TEST(CommFaults, ARankThatNeverJoinsTimesOutTheOthersAndLeavesNoSegment) {
  setenv("ACCELSIM_COMM_TIMEOUT_MS", "1000", 1);
  const accelsimCommUniqueId id = newId();
  auto exits = runRanks(2, [&](int rank) {
    if (rank == 1) return;  // never joins
    accelsimComm_t comm = nullptr;
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(accelsimCommInitRank(&comm, 3, id, rank), accelsimErrorCommTimeout);
    const std::string msg = accelsimGetLastErrorMessage();
    EXPECT_NE(msg.find("rank(s) 1, 2 did not arrive within 1000 ms"), std::string::npos) << msg;
    EXPECT_LT(msSince(start), 3000);
    EXPECT_EQ(comm, nullptr);
  });
  unsetenv("ACCELSIM_COMM_TIMEOUT_MS");
  expectAllSucceeded(exits);
  EXPECT_TRUE(leftoverSegments().empty());
}

TEST(CommFaults, AbortMakesPendingAndFutureOperationsOfEveryRankFail) {
  setenv("ACCELSIM_COMM_TIMEOUT_MS", "60000", 1);  // far beyond the test: only the abort can end the wait
  const int n = 2;
  const accelsimCommUniqueId id = newId();
  auto exits = runRanks(n, [&](int rank) {
    Rank me;
    joinRank(rank, n, id, &me);
    if (::testing::Test::HasFailure()) return;
    void* buf = upload({}, 4096);
    if (rank == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));  // rank 1 is waiting in its all-reduce
      ASSERT_OK(accelsimCommAbort(me.comm));
      EXPECT_EQ(accelsimCommAbort(me.comm), accelsimErrorInvalidHandle);
      return;
    }
    const auto start = std::chrono::steady_clock::now();
    ASSERT_OK(accelsimAllReduce(buf, buf, 1024, accelsimFloat32, accelsimSum, me.comm, me.stream));
    EXPECT_EQ(accelsimStreamSynchronize(me.stream), accelsimErrorCommAborted);
    const std::string msg = accelsimGetLastErrorMessage();
    EXPECT_NE(msg.find("rank 0 called accelsimCommAbort"), std::string::npos) << msg;
    EXPECT_LT(msSince(start), 5000);
    ASSERT_OK(accelsimAllReduce(buf, buf, 1024, accelsimFloat32, accelsimSum, me.comm, me.stream));
    EXPECT_EQ(accelsimStreamSynchronize(me.stream), accelsimErrorCommAborted);
    accelsimError_t async = accelsimSuccess;
    ASSERT_OK(accelsimCommGetAsyncError(me.comm, &async, nullptr, 0));
    EXPECT_EQ(async, accelsimErrorCommAborted);
    EXPECT_OK(accelsimCommDestroy(me.comm));
  });
  unsetenv("ACCELSIM_COMM_TIMEOUT_MS");
  expectAllSucceeded(exits);
}

TEST(CommFaults, MismatchedCallsAreReportedOnEveryRank) {
  setenv("ACCELSIM_COMM_TIMEOUT_MS", "20000", 1);
  const int n = 2;
  for (int variant = 0; variant < 3; ++variant) {
    const accelsimCommUniqueId id = newId();
    auto exits = runRanks(n, [&](int rank) {
      Rank me;
      joinRank(rank, n, id, &me);
      if (::testing::Test::HasFailure()) return;
      void* buf = upload({}, 8192);
      const auto start = std::chrono::steady_clock::now();
      if (variant == 0) {  // different counts
        ASSERT_OK(accelsimAllReduce(buf, buf, rank == 0 ? 100 : 200, accelsimFloat32, accelsimSum, me.comm,
                                    me.stream));
      } else if (variant == 1) {  // different operations
        if (rank == 0) ASSERT_OK(accelsimAllReduce(buf, buf, 100, accelsimFloat32, accelsimSum, me.comm, me.stream));
        if (rank == 1) ASSERT_OK(accelsimBroadcast(buf, buf, 100, accelsimFloat32, 0, me.comm, me.stream));
      } else {  // point to point of different sizes; the sender's send fits the ring (it completes), its next
                // collective reports the receiver's failure
        if (rank == 0) ASSERT_OK(accelsimSend(buf, 100, accelsimFloat32, 1, me.comm, me.stream));
        if (rank == 1) ASSERT_OK(accelsimRecv(buf, 50, accelsimFloat32, 0, me.comm, me.stream));
        ASSERT_OK(accelsimAllReduce(buf, buf, 10, accelsimFloat32, accelsimSum, me.comm, me.stream));
      }
      const accelsimError_t e = accelsimStreamSynchronize(me.stream);
      const std::string msg = accelsimGetLastErrorMessage();
      EXPECT_EQ(e, accelsimErrorCommMismatch) << "variant " << variant << ": " << msg;
      EXPECT_LT(msSince(start), 5000) << msg;
      if (variant == 1 && rank == 0) {
        EXPECT_NE(msg.find("broadcast #1"), std::string::npos) << msg;
      }
      if (variant == 2 && rank == 1) {
        EXPECT_NE(msg.find("sent 400 bytes"), std::string::npos) << msg;
      }
      EXPECT_OK(accelsimCommDestroy(me.comm));
    });
    expectAllSucceeded(exits);
  }
  unsetenv("ACCELSIM_COMM_TIMEOUT_MS");
}

// ---- modes and arguments ---------------------------------------------------------------------------------------

TEST(Comm, CollectivesWorkWithoutHostAccess) {
  const int n = 2;
  const accelsimCommUniqueId id = newId();
  expectAllSucceeded(runRanks(n, [&](int rank) {
    setenv("ACCELSIM_HOST_ACCESS", "0", 1);  // before this process's runtime starts
    Rank me;
    joinRank(rank, n, id, &me);
    if (::testing::Test::HasFailure()) return;
    int host_access = -1;
    ASSERT_OK(accelsimDeviceGetHostAccess(&host_access, rank % kTestDevices));
    EXPECT_EQ(host_access, 0);
    std::vector<double> in(1000, rank + 1.5), out(1000);
    void* buf = nullptr;
    ASSERT_OK(accelsimMalloc(&buf, 8000));
    ASSERT_OK(accelsimMemcpy(buf, in.data(), 8000, accelsimMemcpyHostToDevice));
    ASSERT_OK(accelsimAllReduce(buf, buf, 1000, accelsimFloat64, accelsimAvg, me.comm, me.stream));
    ASSERT_OK(accelsimStreamSynchronize(me.stream));
    ASSERT_OK(accelsimMemcpy(out.data(), buf, 8000, accelsimMemcpyDeviceToHost));
    EXPECT_EQ(out[0], 2.0);
    EXPECT_EQ(out[999], 2.0);
    accelsimFree(buf);
    leaveRank(me);
  }));
}

TEST(Comm, AttributesAndArgumentChecks) {
  const accelsimCommUniqueId id = newId();
  expectAllSucceeded(runRanks(1, [&](int) {
    int initialized = -1;
    ASSERT_OK(accelsimIsInitialized(&initialized));
    EXPECT_EQ(initialized, 0) << "a unique id needs no runtime";
    ASSERT_OK(accelsimSetDevice(1));
    accelsimComm_t comm = nullptr;
    EXPECT_EQ(accelsimCommInitRank(&comm, 1, id, 1), accelsimErrorInvalidValue);
    accelsimCommUniqueId bogus{};
    EXPECT_EQ(accelsimCommInitRank(&comm, 1, bogus, 0), accelsimErrorInvalidValue);
    ASSERT_OK(accelsimCommInitRank(&comm, 1, id, 0));  // a single rank works alone
    EXPECT_TRUE(leftoverSegments().empty()) << "unlinked once every rank mapped it";
    int count = 0, rank = -1, device = -1;
    ASSERT_OK(accelsimCommCount(comm, &count));
    ASSERT_OK(accelsimCommUserRank(comm, &rank));
    ASSERT_OK(accelsimCommDevice(comm, &device));
    EXPECT_EQ(count, 1);
    EXPECT_EQ(rank, 0);
    EXPECT_EQ(device, 1);
    accelsimStream_t stream = nullptr, other = nullptr;
    ASSERT_OK(accelsimStreamCreate(&stream));
    void* buf = nullptr;
    ASSERT_OK(accelsimMalloc(&buf, 1024));
    int host[4] = {0};
    EXPECT_EQ(accelsimAllReduce(buf, buf, 256, accelsimInt32, accelsimAvg, comm, stream), accelsimErrorInvalidValue);
    EXPECT_NE(std::string(accelsimGetLastErrorMessage()).find("avg"), std::string::npos);
    EXPECT_EQ(accelsimAllReduce(host, host, 4, accelsimInt32, accelsimSum, comm, stream),
              accelsimErrorInvalidDevicePointer);
    EXPECT_EQ(accelsimAllReduce(buf, buf, 257, accelsimInt32, accelsimSum, comm, stream), accelsimErrorInvalidValue);
    EXPECT_EQ(accelsimBroadcast(buf, buf, 4, accelsimInt32, 1, comm, stream), accelsimErrorInvalidValue);
    EXPECT_EQ(accelsimSend(buf, 4, accelsimInt32, 0, comm, stream), accelsimErrorInvalidValue);
    EXPECT_EQ(accelsimAllReduce(buf, buf, 4, static_cast<accelsimDataType_t>(99), accelsimSum, comm, stream),
              accelsimErrorInvalidValue);
    ASSERT_OK(accelsimSetDevice(0));
    ASSERT_OK(accelsimStreamCreate(&other));
    EXPECT_EQ(accelsimAllReduce(buf, buf, 4, accelsimInt32, accelsimSum, comm, other), accelsimErrorInvalidValue);
    ASSERT_OK(accelsimStreamBeginCapture(stream));
    EXPECT_EQ(accelsimAllReduce(buf, buf, 4, accelsimInt32, accelsimSum, comm, stream),
              accelsimErrorStreamCaptureUnsupported);
    accelsimGraph_t graph = nullptr;
    EXPECT_EQ(accelsimStreamEndCapture(stream, &graph), accelsimErrorStreamCaptureInvalidated);
    ASSERT_OK(accelsimAllReduce(buf, buf, 256, accelsimInt32, accelsimSum, comm, stream));
    ASSERT_OK(accelsimAllReduce(buf, buf, 0, accelsimInt32, accelsimSum, comm, stream));
    ASSERT_OK(accelsimStreamSynchronize(stream));
    accelsimError_t async = accelsimErrorUnknown;
    ASSERT_OK(accelsimCommGetAsyncError(comm, &async, nullptr, 0));
    EXPECT_EQ(async, accelsimSuccess);
    ASSERT_OK(accelsimCommDestroy(comm));
    EXPECT_EQ(accelsimCommDestroy(comm), accelsimErrorInvalidHandle);
    EXPECT_EQ(accelsimCommCount(comm, &count), accelsimErrorInvalidHandle);
    accelsimFree(buf);
  }));
  EXPECT_TRUE(leftoverSegments().empty());
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  accelsimPlatformConfig config{};
  config.device_count = kTestDevices;
  std::strncpy(config.prop.name, "accelsim-comm-test", sizeof config.prop.name - 1);
  config.prop.total_memory = size_t{1} << 30;
  config.prop.compute_capability_major = 2;
  config.prop.multiprocessor_count = 4;
  config.prop.stream_priority_low = kTestPriorityLow;
  config.prop.stream_priority_high = kTestPriorityHigh;
  if (accelsimConfigure(&config) != accelsimSuccess) return 2;
  return RUN_ALL_TESTS();
}
