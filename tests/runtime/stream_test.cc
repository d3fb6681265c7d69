// Streams: asynchronous in-order execution on runtime workers, priorities, ids, query/synchronize, kernel failure.
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "accelsim/accelsim.hpp"
#include "test_util.h"

namespace {

using namespace std::chrono_literals;

struct Gate {
  std::atomic<bool> open{false};
  static int waitKernel(void* p) {
    auto* g = static_cast<Gate*>(p);
    while (!g->open.load()) std::this_thread::yield();
    return 0;
  }
};

TEST(Stream, KernelsRunAsynchronouslyOnAWorkerThread) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  Gate gate;
  ASSERT_OK(accelsimLaunchKernel(s, Gate::waitKernel, &gate, nullptr));  // returns while the kernel blocks
  EXPECT_EQ(accelsimStreamQuery(s), accelsimErrorNotReady);
  EXPECT_EQ(accelsimPeekAtLastError(), accelsimSuccess) << "NotReady is not an error";
  std::thread::id worker;
  const std::thread::id host = std::this_thread::get_id();
  ASSERT_OK(accelsim::launch(s, [&] {
    worker = std::this_thread::get_id();
    EXPECT_EQ(accelsimInKernel(), 1);
  }));
  // Nobody waits: the worker runs the second kernel once the gate opens.
  gate.open.store(true);
  while (accelsimStreamQuery(s) == accelsimErrorNotReady) std::this_thread::yield();
  EXPECT_NE(worker, host);
  EXPECT_EQ(accelsimInKernel(), 0);
  ASSERT_OK(accelsimStreamDestroy(s));
}

TEST(Stream, AWaitingHostExecutesThePendingWorkInOrderAndKeepsItsState) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  Gate gate;
  ASSERT_OK(accelsimLaunchKernel(s, Gate::waitKernel, &gate, nullptr));  // the worker is inside this one
  while (accelsimStreamQuery(s) == accelsimSuccess) std::this_thread::yield();
  std::vector<std::thread::id> ran_on;
  std::vector<int> order;
  int in_kernel = -1;
  for (int i = 0; i < 100; ++i) {
    ASSERT_OK(accelsim::launch(s, [&, i] {
      order.push_back(i);
      ran_on.push_back(std::this_thread::get_id());
      in_kernel = accelsimInKernel();
      // A call a kernel may not make: its error must not become the waiting host's last error.
      int byte = 0;
      EXPECT_EQ(accelsimMemcpy(&byte, &byte, 1, accelsimMemcpyHostToHost), accelsimErrorNotPermitted);
    }));
  }
  std::thread opener([&] {
    std::this_thread::sleep_for(20ms);
    gate.open.store(true);
  });
  ASSERT_OK(accelsimStreamSynchronize(s));  // waits for the gate kernel on the worker, then helps
  opener.join();
  ASSERT_EQ(order.size(), 100u);
  for (int i = 0; i < 100; ++i) ASSERT_EQ(order[static_cast<size_t>(i)], i);
  EXPECT_EQ(ran_on.back(), std::this_thread::get_id()) << "the waiting host executed the queued work";
  EXPECT_EQ(in_kernel, 1) << "and acted as the device's worker while it did";
  EXPECT_EQ(accelsimInKernel(), 0);
  EXPECT_EQ(accelsimPeekAtLastError(), accelsimSuccess);
  int device = -1;
  ASSERT_OK(accelsimGetDevice(&device));
  EXPECT_EQ(device, 0);
  // The worker takes work again once nobody waits.
  std::thread::id later;
  ASSERT_OK(accelsim::launch(s, [&] { later = std::this_thread::get_id(); }));
  while (accelsimStreamQuery(s) == accelsimErrorNotReady) std::this_thread::yield();
  EXPECT_NE(later, std::this_thread::get_id());
  ASSERT_OK(accelsimStreamDestroy(s));
}

TEST(Stream, SeveralWaitingThreadsNeverRunOneStreamsWorkConcurrently) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  std::atomic<int> running{0};
  std::atomic<int> overlaps{0};
  std::vector<int> order;
  for (int round = 0; round < 20; ++round) {
    for (int i = 0; i < 50; ++i) {
      ASSERT_OK(accelsim::launch(s, [&, i] {
        if (running.fetch_add(1) != 0) overlaps.fetch_add(1);
        order.push_back(i);
        std::this_thread::yield();
        running.fetch_sub(1);
      }));
    }
    std::vector<std::thread> waiters;
    for (int t = 0; t < 3; ++t) waiters.emplace_back([&] { EXPECT_EQ(accelsimStreamSynchronize(s), accelsimSuccess); });
    for (auto& t : waiters) t.join();
  }
  EXPECT_EQ(overlaps.load(), 0);
  ASSERT_EQ(order.size(), 1000u);
  for (size_t i = 0; i < order.size(); ++i) ASSERT_EQ(order[i], static_cast<int>(i % 50));
  ASSERT_OK(accelsimStreamDestroy(s));
}

TEST(Stream, WorkIsExecutedInOrder) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  std::vector<int> order;
  for (int i = 0; i < 1000; ++i) ASSERT_OK(accelsim::launch(s, [&order, i] { order.push_back(i); }));
  ASSERT_OK(accelsimStreamSynchronize(s));
  ASSERT_EQ(order.size(), 1000u);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(order[static_cast<size_t>(i)], i);
  ASSERT_OK(accelsimStreamDestroy(s));
}

TEST(Stream, ABurstNobodyWaitsForRunsInOrderOnTheWorkerWithEventsCompletingInOrder) {
  // The worker claims a burst of launches in batches; nobody synchronizes, so the worker runs all of it. Events
  // recorded between the kernels complete in order: once event i completed, kernels 0..i ran.
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  constexpr int kKernels = 300;
  std::vector<int> order;
  std::vector<std::thread::id> threads;
  std::vector<accelsimEvent_t> events(kKernels);
  for (int i = 0; i < kKernels; ++i) {
    ASSERT_OK(accelsim::launch(s, [&order, &threads, i] {
      order.push_back(i);
      threads.push_back(std::this_thread::get_id());
    }));
    ASSERT_OK(accelsimEventCreate(&events[static_cast<size_t>(i)]));
    ASSERT_OK(accelsimEventRecord(events[static_cast<size_t>(i)], s));
  }
  while (accelsimEventQuery(events.back()) == accelsimErrorNotReady) std::this_thread::yield();
  for (accelsimEvent_t e : events) ASSERT_OK(accelsimEventQuery(e));  // the last complete: all the others too
  ASSERT_EQ(order.size(), static_cast<size_t>(kKernels));
  for (int i = 0; i < kKernels; ++i) ASSERT_EQ(order[static_cast<size_t>(i)], i);
  for (const auto& id : threads) EXPECT_NE(id, std::this_thread::get_id());
  for (accelsimEvent_t e : events) ASSERT_OK(accelsimEventDestroy(e));
  ASSERT_OK(accelsimStreamDestroy(s));
}

TEST(Stream, ALoneLaunchRunsWithoutAnyoneWaiting) {
  // Batching delays a claim that follows another closely, never indefinitely: a lone launch after the stream
  // went idle runs on the worker with nobody synchronizing.
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  ASSERT_OK(accelsim::launch(s, [] {}));
  ASSERT_OK(accelsimStreamSynchronize(s));
  std::this_thread::sleep_for(5ms);
  std::atomic<bool> ran{false};
  ASSERT_OK(accelsim::launch(s, [&ran] { ran = true; }));
  const auto start = std::chrono::steady_clock::now();
  while (!ran.load() && std::chrono::steady_clock::now() - start < 10s) std::this_thread::yield();
  EXPECT_TRUE(ran.load()) << "the worker never ran a lone launch";
  ASSERT_OK(accelsimStreamSynchronize(s));
  ASSERT_OK(accelsimStreamDestroy(s));
}

TEST(Stream, ArgsDestroyIsCalledOnceAfterExecution) {
  static std::atomic<int> ran{0}, destroyed{0};
  ran = 0;
  destroyed = 0;
  for (int i = 0; i < 10; ++i)
    ASSERT_OK(accelsimLaunchKernel(
        nullptr, [](void*) { return ran.fetch_add(1), 0; }, new int(i),
        [](void* p) {
          EXPECT_EQ(ran.load() > destroyed.load(), true);
          destroyed.fetch_add(1);
          delete static_cast<int*>(p);
        }));
  ASSERT_OK(accelsimStreamSynchronize(nullptr));
  EXPECT_EQ(ran.load(), 10);
  EXPECT_EQ(destroyed.load(), 10);
}

TEST(Stream, DefaultStreamIdsDevicesAndPriorities) {
  accelsimStream_t d0 = nullptr, d1 = nullptr;
  ASSERT_OK(accelsimStreamGetDefault(0, &d0));
  ASSERT_OK(accelsimStreamGetDefault(1, &d1));
  EXPECT_NE(d0, d1);
  EXPECT_EQ(accelsimStreamGetDefault(kTestDevices, &d0), accelsimErrorInvalidDevice);
  uint64_t id = 99;
  ASSERT_OK(accelsimStreamGetId(d1, &id));
  EXPECT_EQ(id, 0u);
  ASSERT_OK(accelsimStreamGetId(nullptr, &id));
  EXPECT_EQ(id, 0u);
  int dev = -1;
  ASSERT_OK(accelsimStreamGetDevice(d1, &dev));
  EXPECT_EQ(dev, 1);

  ASSERT_OK(accelsimSetDevice(1));
  accelsimStream_t a = nullptr, b = nullptr, hi = nullptr, lo = nullptr;
  ASSERT_OK(accelsimStreamCreate(&a));
  ASSERT_OK(accelsimStreamCreate(&b));
  ASSERT_OK(accelsimStreamCreateWithPriority(&hi, -100));  // clamped to the most urgent
  ASSERT_OK(accelsimStreamCreateWithPriority(&lo, 100));   // clamped to the least urgent
  ASSERT_OK(accelsimSetDevice(0));
  uint64_t ida = 0, idb = 0;
  ASSERT_OK(accelsimStreamGetId(a, &ida));
  ASSERT_OK(accelsimStreamGetId(b, &idb));
  EXPECT_GT(ida, 0u);
  EXPECT_GT(idb, 0u);
  EXPECT_NE(ida, idb);
  ASSERT_OK(accelsimStreamGetDevice(a, &dev));
  EXPECT_EQ(dev, 1);
  int prio = 99;
  ASSERT_OK(accelsimStreamGetPriority(a, &prio));
  EXPECT_EQ(prio, 0);
  ASSERT_OK(accelsimStreamGetPriority(hi, &prio));
  EXPECT_EQ(prio, kTestPriorityHigh);
  ASSERT_OK(accelsimStreamGetPriority(lo, &prio));
  EXPECT_EQ(prio, kTestPriorityLow);
  for (auto s : {a, b, hi, lo}) ASSERT_OK(accelsimStreamDestroy(s));
}

TEST(Stream, DestroyedAndForeignHandlesAreRejected) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  ASSERT_OK(accelsimStreamDestroy(s));
  EXPECT_EQ(accelsimStreamDestroy(s), accelsimErrorInvalidHandle);
  EXPECT_EQ(accelsimStreamQuery(s), accelsimErrorInvalidHandle);
  EXPECT_EQ(accelsimLaunchKernel(s, [](void*) { return 0; }, nullptr, nullptr), accelsimErrorInvalidHandle);
  int x = 0;
  EXPECT_EQ(accelsimStreamSynchronize(reinterpret_cast<accelsimStream_t>(&x)), accelsimErrorInvalidHandle);
  EXPECT_EQ(accelsimStreamDestroy(nullptr), accelsimErrorInvalidHandle);  // the default stream
  accelsimStream_t d = nullptr;
  ASSERT_OK(accelsimStreamGetDefault(0, &d));
  EXPECT_EQ(accelsimStreamDestroy(d), accelsimErrorInvalidHandle);
}

TEST(Stream, AStreamDestroyedAfterThisThreadLaunchedOnItIsRejected) {
  // A thread remembers the last stream it found live (launches skip the registry's lock); destroying any
  // stream makes it look again, here and on every other thread.
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  ASSERT_OK(accelsimLaunchKernel(s, [](void*) { return 0; }, nullptr, nullptr));
  ASSERT_OK(accelsimStreamSynchronize(s));
  std::thread other([s] { EXPECT_EQ(accelsimLaunchKernel(s, [](void*) { return 0; }, nullptr, nullptr), 0); });
  other.join();
  ASSERT_OK(accelsimStreamDestroy(s));
  EXPECT_EQ(accelsimLaunchKernel(s, [](void*) { return 0; }, nullptr, nullptr), accelsimErrorInvalidHandle);
  std::thread again([s] {
    EXPECT_EQ(accelsimLaunchKernel(s, [](void*) { return 0; }, nullptr, nullptr), accelsimErrorInvalidHandle);
  });
  again.join();
}

TEST(Stream, DestroyLetsPendingWorkComplete) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  std::atomic<int> n{0};
  for (int i = 0; i < 50; ++i)
    ASSERT_OK(accelsim::launch(s, [&n] {
      std::this_thread::sleep_for(100us);
      n.fetch_add(1);
    }));
  ASSERT_OK(accelsimStreamDestroy(s));
  ASSERT_OK(accelsimDeviceSynchronize());  // waits for destroyed streams still draining
  EXPECT_EQ(n.load(), 50);
}

TEST(Stream, AFailedKernelIsReportedBySynchronizeThenCleared) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  ASSERT_OK(accelsimLaunchKernel(s, [](void*) { return 7; }, nullptr, nullptr));
  EXPECT_EQ(accelsimStreamSynchronize(s), accelsimErrorKernelFailed);
  EXPECT_NE(std::string(accelsimGetLastErrorMessage()).find("returned 7"), std::string::npos);
  EXPECT_OK(accelsimStreamSynchronize(s));
  ASSERT_OK(accelsim::launch(s, []() -> int { throw std::runtime_error("boom"); }));
  EXPECT_EQ(accelsimDeviceSynchronize(), accelsimErrorKernelFailed);
  EXPECT_OK(accelsimDeviceSynchronize());
  ASSERT_OK(accelsimStreamDestroy(s));
}

TEST(Stream, SynchronizeFromAKernelIsNotPermitted) {
  accelsimError_t inner = accelsimSuccess;
  ASSERT_OK(accelsim::launch(nullptr, [&] { inner = accelsimStreamSynchronize(nullptr); }));
  ASSERT_OK(accelsimStreamSynchronize(nullptr));
  EXPECT_EQ(inner, accelsimErrorNotPermitted);
}

TEST(Stream, CppWrappersCheckAndOwn) {
  accelsim::Stream s(kTestPriorityHigh);
  int prio = 0;
  ASSERT_OK(accelsimStreamGetPriority(s, &prio));
  EXPECT_EQ(prio, kTestPriorityHigh);
  EXPECT_THROW(accelsim::check(accelsimSetDevice(42), "set"), accelsim::Error);
  try {
    accelsim::check(accelsimSetDevice(42), "set");
  } catch (const accelsim::Error& e) {
    EXPECT_EQ(e.code(), accelsimErrorInvalidDevice);
    EXPECT_NE(std::string(e.what()).find("42"), std::string::npos) << e.what();
  }
  accelsim::DevicePtr buf = accelsim::deviceAlloc(64);
  int* out = nullptr;
  accelsim::PinnedPtr pinned = accelsim::pinnedAlloc(sizeof(int));
  out = static_cast<int*>(pinned.get());
  ASSERT_OK(accelsim::launch(s, [dev = buf.get(), out] {
    auto* p = accelsim::access(static_cast<int*>(dev));
    p[0] = 41;
    *out = p[0] + 1;
  }));
  s.synchronize();
  EXPECT_EQ(*out, 42);
  EXPECT_THROW(accelsim::access(static_cast<int*>(buf.get())), accelsim::Error);  // host code
}

}  // namespace
