// Concurrency: many host threads and streams at once, events across streams, out-of-memory under pressure,
// capture and replay while other work runs. These run under ThreadSanitizer and AddressSanitizer too
// (scripts/test-runtime-sanitizers.sh), so iteration counts stay modest.
#include <atomic>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "accelsim/accelsim.hpp"
#include "test_util.h"

namespace {

// Adds `delta` to every int of a device buffer.
struct AddArgs {
  void* dev;
  size_t count;
  int delta;
};
int addKernel(void* p) {
  auto* a = static_cast<AddArgs*>(p);
  void* acc = nullptr;
  if (accelsimKernelAccess(a->dev, &acc) != accelsimSuccess) return 1;
  auto* v = static_cast<int*>(acc);
  for (size_t i = 0; i < a->count; ++i) v[i] += a->delta;
  return 0;
}

template <class F>
void runThreads(int n, F&& body) {
  std::vector<std::thread> threads;
  threads.reserve(static_cast<size_t>(n));
  for (int t = 0; t < n; ++t) threads.emplace_back([&body, t] { body(t); });
  for (auto& t : threads) t.join();
}

TEST(Concurrency, ManyThreadsManyStreamsKeepStreamOrder) {
  constexpr int kThreads = 8;
  constexpr int kStreamsPerThread = 2;
  constexpr int kLaunches = 300;
  std::atomic<int> failures{0};
  runThreads(kThreads, [&](int t) {
    (void)accelsimSetDevice(t % kTestDevices);
    for (int rep = 0; rep < 2; ++rep) {
      accelsimStream_t streams[kStreamsPerThread];
      int counters[kStreamsPerThread] = {};
      for (auto& s : streams)
        if (accelsimStreamCreate(&s) != accelsimSuccess) failures++;
      for (int i = 0; i < kLaunches; ++i) {
        for (int k = 0; k < kStreamsPerThread; ++k) {
          int* counter = &counters[k];
          if (accelsim::launch(streams[k], [counter, i, &failures] {
                if (*counter != i) failures++;  // stream order violated
                *counter = i + 1;
              }) != accelsimSuccess)
            failures++;
        }
      }
      for (int k = 0; k < kStreamsPerThread; ++k) {
        if (accelsimStreamSynchronize(streams[k]) != accelsimSuccess) failures++;
        if (counters[k] != kLaunches) failures++;
        if (accelsimStreamDestroy(streams[k]) != accelsimSuccess) failures++;
      }
    }
  });
  EXPECT_EQ(failures.load(), 0);
}

TEST(Concurrency, CopiesAndKernelsFromManyThreads) {
  constexpr int kThreads = 6;
  constexpr size_t kInts = 4096;
  std::atomic<int> failures{0};
  runThreads(kThreads, [&](int t) {
    (void)accelsimSetDevice(t % kTestDevices);
    accelsim::Stream s;
    accelsim::DevicePtr dev = accelsim::deviceAlloc(kInts * sizeof(int));
    std::vector<int> host(kInts), back(kInts);
    for (int round = 0; round < 20; ++round) {
      for (size_t i = 0; i < kInts; ++i) host[i] = static_cast<int>(i) * t + round;
      AddArgs add{dev.get(), kInts, 3};
      if (accelsimMemcpyAsync(dev.get(), host.data(), kInts * sizeof(int), accelsimMemcpyHostToDevice, s) ||
          accelsimLaunchKernel(s, addKernel, &add, nullptr) ||
          accelsimMemcpyAsync(back.data(), dev.get(), kInts * sizeof(int), accelsimMemcpyDeviceToHost, s) ||
          accelsimStreamSynchronize(s))
        failures++;
      for (size_t i = 0; i < kInts; ++i)
        if (back[i] != host[i] + 3) {
          failures++;
          break;
        }
    }
  });
  EXPECT_EQ(failures.load(), 0);
}

TEST(Concurrency, EventPipelineAcrossStreamsAndDevices) {
  // Stage k adds 1 to a shared device buffer after waiting for stage k-1's event. The host never blocks between
  // stages; only the final copy is synchronized.
  constexpr int kStages = 6;
  constexpr size_t kInts = 1024;
  accelsimStream_t streams[kStages];
  accelsimEvent_t events[kStages];
  for (int k = 0; k < kStages; ++k) {
    ASSERT_OK(accelsimSetDevice(k % kTestDevices));
    ASSERT_OK(accelsimStreamCreate(&streams[k]));
    ASSERT_OK(accelsimEventCreateWithFlags(&events[k], accelsimEventDisableTiming));
  }
  ASSERT_OK(accelsimSetDevice(0));
  void* dev = nullptr;
  ASSERT_OK(accelsimMalloc(&dev, kInts * sizeof(int)));
  ASSERT_OK(accelsimMemsetAsync(dev, 0, kInts * sizeof(int), streams[0]));
  ASSERT_OK(accelsimEventRecord(events[0], streams[0]));
  AddArgs add{dev, kInts, 1};
  constexpr int kRounds = 25;
  int prev = 0;
  for (int r = 0; r < kRounds; ++r) {
    for (int k = 0; k < kStages; ++k) {
      ASSERT_OK(accelsimStreamWaitEvent(streams[k], events[prev]));
      ASSERT_OK(accelsimLaunchKernel(streams[k], addKernel, &add, nullptr));
      ASSERT_OK(accelsimEventRecord(events[k], streams[k]));
      prev = k;
    }
  }
  std::vector<int> out(kInts);
  ASSERT_OK(accelsimStreamWaitEvent(streams[0], events[prev]));
  ASSERT_OK(accelsimMemcpyAsync(out.data(), dev, kInts * sizeof(int), accelsimMemcpyDeviceToHost, streams[0]));
  ASSERT_OK(accelsimStreamSynchronize(streams[0]));
  for (int v : out) ASSERT_EQ(v, kRounds * kStages);
  for (int k = 0; k < kStages; ++k) {
    ASSERT_OK(accelsimStreamDestroy(streams[k]));
    ASSERT_OK(accelsimEventDestroy(events[k]));
  }
  ASSERT_OK(accelsimFree(dev));
}

TEST(Concurrency, EventsRecordedAndAwaitedFromManyThreads) {
  constexpr int kThreads = 4;
  std::atomic<int> failures{0};
  accelsimEvent_t shared = nullptr;
  ASSERT_OK(accelsimEventCreate(&shared));
  runThreads(kThreads, [&](int t) {
    accelsim::Stream a, b;
    accelsim::Event mine(t % 2 == 0 ? accelsimEventDefault : accelsimEventDisableTiming);
    std::atomic<int> stage{0};
    for (int i = 0; i < 100; ++i) {
      if (accelsim::launch(a, [&stage, i] { stage.store(i + 1); }) != accelsimSuccess) failures++;
      if (accelsimEventRecord(mine, a) != accelsimSuccess) failures++;
      if (accelsimEventRecord(shared, a) != accelsimSuccess) failures++;  // racing re-records of one event
      if (accelsimStreamWaitEvent(b, mine) != accelsimSuccess) failures++;
      if (accelsim::launch(b, [&stage, &failures, i] {
            if (stage.load() < i + 1) failures++;  // b ran before the event it waited for
          }) != accelsimSuccess)
        failures++;
      const accelsimError_t q = accelsimEventQuery(shared);
      if (q != accelsimSuccess && q != accelsimErrorNotReady) failures++;
    }
    if (accelsimStreamSynchronize(b) != accelsimSuccess) failures++;
    if (accelsimEventSynchronize(shared) != accelsimSuccess) failures++;
    if (accelsimStreamSynchronize(a) != accelsimSuccess) failures++;
  });
  EXPECT_EQ(failures.load(), 0);
  ASSERT_OK(accelsimEventDestroy(shared));
}

TEST(Concurrency, OutOfMemoryUnderPressureIsAlwaysAStatus) {
  constexpr int kThreads = 4;
  std::atomic<int> failures{0};
  std::atomic<int> ooms{0};
  runThreads(kThreads, [&](int t) {
    std::mt19937 rng(static_cast<unsigned>(t) * 7919u + 1);
    std::uniform_int_distribution<size_t> size(1, kTestDeviceMemory / 4);
    std::vector<void*> held;
    for (int i = 0; i < 400; ++i) {
      void* p = nullptr;
      const accelsimError_t e = accelsimMalloc(&p, size(rng));
      if (e == accelsimSuccess) {
        held.push_back(p);
      } else if (e == accelsimErrorMemoryAllocation) {
        ooms++;
        if (p != nullptr) failures++;
        if (std::string(accelsimGetLastErrorMessage()).find("requested") == std::string::npos) failures++;
      } else {
        failures++;
      }
      if (held.size() > 6 || (e != accelsimSuccess && !held.empty())) {
        const size_t victim = rng() % held.size();
        if (accelsimFree(held[victim]) != accelsimSuccess) failures++;
        held.erase(held.begin() + static_cast<long>(victim));
      }
    }
    for (void* p : held)
      if (accelsimFree(p) != accelsimSuccess) failures++;
  });
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GT(ooms.load(), 0) << "the pressure test never hit out-of-memory";
  size_t free_bytes = 0, total = 0;
  ASSERT_OK(accelsimMemGetInfo(&free_bytes, &total));
  EXPECT_EQ(free_bytes, total);
}

TEST(Concurrency, CaptureAndReplayWhileOtherThreadsLaunch) {
  constexpr int kThreads = 4;
  std::atomic<int> failures{0};
  std::atomic<int> replayed{0};
  std::atomic<int> plain{0};
  runThreads(kThreads, [&](int t) {
    accelsim::Stream s;
    if (t % 2 == 0) {
      // Capture a small graph on this thread's stream, then replay it many times.
      std::atomic<int>* counter = &replayed;
      if (accelsimStreamBeginCapture(s) != accelsimSuccess) failures++;
      for (int k = 0; k < 3; ++k)
        if (accelsim::launch(s, [counter] { counter->fetch_add(1); }) != accelsimSuccess) failures++;
      accelsimGraph_t graph = nullptr;
      if (accelsimStreamEndCapture(s, &graph) != accelsimSuccess) failures++;
      accelsimGraphExec_t exec = nullptr;
      if (accelsimGraphInstantiate(&exec, graph) != accelsimSuccess) failures++;
      for (int i = 0; i < 50; ++i)
        if (accelsimGraphLaunch(exec, s) != accelsimSuccess) failures++;
      if (accelsimGraphDestroy(graph) != accelsimSuccess) failures++;
      if (accelsimGraphExecDestroy(exec) != accelsimSuccess) failures++;
      if (accelsimStreamSynchronize(s) != accelsimSuccess) failures++;
    } else {
      for (int i = 0; i < 150; ++i)
        if (accelsim::launch(s, [&plain] { plain.fetch_add(1); }) != accelsimSuccess) failures++;
      if (accelsimStreamSynchronize(s) != accelsimSuccess) failures++;
    }
  });
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(replayed.load(), 2 * 50 * 3);
  EXPECT_EQ(plain.load(), 2 * 150);
}

TEST(Concurrency, StreamsCreatedAndDestroyedWhileOthersLaunch) {
  std::atomic<bool> stop{false};
  std::atomic<int> failures{0};
  std::atomic<int> ran{0};
  std::thread churn([&] {
    for (int i = 0; i < 60; ++i) {
      accelsimStream_t s = nullptr;
      if (accelsimStreamCreate(&s) != accelsimSuccess) failures++;
      if (accelsim::launch(s, [&ran] { ran.fetch_add(1); }) != accelsimSuccess) failures++;
      if (accelsimStreamDestroy(s) != accelsimSuccess) failures++;  // pending work still completes
    }
    stop.store(true);
  });
  runThreads(3, [&](int) {
    accelsim::Stream s;
    while (!stop.load()) {
      if (accelsim::launch(s, [] {}) != accelsimSuccess) failures++;
      if (accelsimStreamSynchronize(s) != accelsimSuccess) failures++;
    }
  });
  churn.join();
  ASSERT_OK(accelsimDeviceSynchronize());
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(ran.load(), 60);
}

}  // namespace
