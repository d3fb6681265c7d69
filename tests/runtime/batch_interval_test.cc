// Launch batching: a stream's worker lets launches nobody waits for accumulate for up to the batch interval
// (ACCELSIM_BATCH_INTERVAL_US), and claims at once whatever somebody waits for or asks about.
// This binary has its own main: it makes the interval 30 s before the runtime initializes, so that "claimed at
// once" and "claimed when the interval ends" cannot be confused, however loaded the machine is.
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <thread>

#include "accelsim/accelsim.hpp"
#include "test_util.h"

namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// Far below the 30 s interval, far above any wake-up on a loaded machine.
constexpr auto kDeadline = 10s;
constexpr int kUrgentBacklog = 1024;  // stream.cc's kUrgentBacklog

// Waits for everything queued (kernels refer to the test's locals), then destroys the stream.
void finish(accelsimStream_t s) {
  EXPECT_OK(accelsimStreamSynchronize(s));
  EXPECT_OK(accelsimStreamDestroy(s));
}

// Polls `query` until it reports success, at most kDeadline. Returns its last answer.
template <typename Query>
accelsimError_t pollUntilDone(Query query) {
  const auto deadline = Clock::now() + kDeadline;
  accelsimError_t status = query();
  while (status == accelsimErrorNotReady && Clock::now() < deadline) {
    std::this_thread::yield();
    status = query();
  }
  return status;
}

// Runs a few tiny kernels on the stream's worker (polled: a query makes the worker claim at once). Afterwards
// the worker has just claimed a short op, so the next launch waits in the batch interval unless somebody urges
// it. (A claim of ops that ran longer than 20 us on average, as the first op of a new worker thread may, is
// followed by an immediate claim: hence more than one.)
void settle(accelsimStream_t s) {
  constexpr int kRounds = 3;
  for (int round = 0; round < kRounds; ++round) {
    ASSERT_OK(accelsim::launch(s, [] {}));
    ASSERT_EQ(pollUntilDone([&] { return accelsimStreamQuery(s); }), accelsimSuccess);
  }
}

// Launches `kernel` so that it waits in the worker's batch interval: settles the stream, launches, and checks
// 100 ms later that the kernel has not run. A settling op that ran longer than 20 us (preempted, or slowed down by
// a sanitizer) makes the next claim immediate, so this tries a few times. Returns whether the launch now waits.
template <typename Kernel>
bool launchIntoTheInterval(accelsimStream_t s, Kernel kernel) {
  constexpr int kTries = 5;
  for (int attempt = 0; attempt < kTries; ++attempt) {
    settle(s);
    auto ran = std::make_shared<std::atomic<bool>>(false);
    if (accelsim::launch(s, [ran, kernel] {
          kernel();
          ran->store(true);
        }) != accelsimSuccess) {
      return false;
    }
    std::this_thread::sleep_for(100ms);
    if (!ran->load()) return true;
  }
  return false;
}

TEST(BatchInterval, ALaunchNobodyWaitsForWaitsForTheInterval) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  EXPECT_TRUE(launchIntoTheInterval(s, [] {})) << "the worker claimed every lone launch before its interval ended";
  ASSERT_OK(accelsimStreamSynchronize(s));
  finish(s);
}

TEST(BatchInterval, AStreamQueryMakesTheWorkerClaimAtOnce) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  settle(s);
  std::thread::id ran_on;
  ASSERT_OK(accelsim::launch(s, [&] { ran_on = std::this_thread::get_id(); }));
  EXPECT_EQ(pollUntilDone([&] { return accelsimStreamQuery(s); }), accelsimSuccess)
      << "a polled stream must run its work within the deadline, not when the 30 s interval ends";
  EXPECT_NE(ran_on, std::this_thread::get_id()) << "a query runs nothing itself: the worker must";
  finish(s);
}

TEST(BatchInterval, AnEventQueryMakesTheWorkerClaimAtOnce) {
  accelsimStream_t s = nullptr;
  accelsimEvent_t done = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  ASSERT_OK(accelsimEventCreate(&done));
  settle(s);
  std::atomic<int> runs{0};
  ASSERT_OK(accelsim::launch(s, [&] { runs.fetch_add(1); }));
  ASSERT_OK(accelsimEventRecord(done, s));
  EXPECT_EQ(pollUntilDone([&] { return accelsimEventQuery(done); }), accelsimSuccess);
  EXPECT_EQ(runs.load(), 1);
  ASSERT_OK(accelsimEventDestroy(done));
  finish(s);
}

TEST(BatchInterval, AWorkerWaitingForAnotherStreamMakesThatStreamClaimAtOnce) {
  accelsimStream_t producer = nullptr;
  accelsimStream_t consumer = nullptr;
  accelsimEvent_t produced = nullptr;
  ASSERT_OK(accelsimStreamCreate(&producer));
  ASSERT_OK(accelsimStreamCreate(&consumer));
  ASSERT_OK(accelsimEventCreate(&produced));
  settle(producer);
  settle(consumer);
  std::atomic<int> value{0};
  int seen = -1;
  ASSERT_OK(accelsim::launch(producer, [&] { value.store(42); }));
  ASSERT_OK(accelsimEventRecord(produced, producer));
  ASSERT_OK(accelsimStreamWaitEvent(consumer, produced));
  ASSERT_OK(accelsim::launch(consumer, [&] { seen = value.load(); }));
  // Only the consumer is asked about: its worker, waiting for the producer, must urge the producer's worker.
  EXPECT_EQ(pollUntilDone([&] { return accelsimStreamQuery(consumer); }), accelsimSuccess);
  EXPECT_EQ(seen, 42);
  ASSERT_OK(accelsimEventDestroy(produced));
  finish(consumer);
  finish(producer);
}

TEST(BatchInterval, ABacklogIsClaimedWithoutAnybodyWaiting) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  settle(s);
  // Whatever the worker was doing when they arrived, fewer than kUrgentBacklog ops may still wait for the interval.
  constexpr int kLaunches = 3 * kUrgentBacklog;
  constexpr int kMayWait = kUrgentBacklog - 1;
  // Shared with the kernels: those still queued when the test ends run after its frame is gone.
  const auto runs = std::make_shared<std::atomic<int>>(0);
  for (int i = 0; i < kLaunches; ++i) ASSERT_OK(accelsim::launch(s, [runs] { runs->fetch_add(1); }));
  const auto deadline = Clock::now() + kDeadline;
  while (runs->load() < kLaunches - kMayWait && Clock::now() < deadline) std::this_thread::yield();
  EXPECT_GE(runs->load(), kLaunches - kMayWait) << "a backlog must not wait for the interval to end";
  ASSERT_OK(accelsimStreamSynchronize(s));
  EXPECT_EQ(runs->load(), kLaunches);
  finish(s);
}

TEST(BatchInterval, ASynchronizingHostRunsThePendingWorkItselfAndLeavesTheWorkerAsleep) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  std::thread::id ran_on;
  EXPECT_TRUE(launchIntoTheInterval(s, [&] { ran_on = std::this_thread::get_id(); }));
  const auto start = Clock::now();
  ASSERT_OK(accelsimStreamSynchronize(s));
  EXPECT_LT(Clock::now() - start, kDeadline) << "a synchronizing host must not wait for the interval to end";
  EXPECT_EQ(ran_on, std::this_thread::get_id()) << "the waiting host must execute the queued kernel itself";
  finish(s);
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  // Before anything initializes the runtime: the interval is read once, at initialization.
  if (setenv("ACCELSIM_BATCH_INTERVAL_US", "30000000", 1) != 0) return 2;
  accelsimPlatformConfig config{};
  config.device_count = kTestDevices;
  std::strncpy(config.prop.name, "accelsim-test", sizeof config.prop.name - 1);
  config.prop.total_memory = kTestDeviceMemory;
  config.prop.stream_priority_low = kTestPriorityLow;
  config.prop.stream_priority_high = kTestPriorityHigh;
  if (accelsimConfigure(&config) != accelsimSuccess) return 2;
  return RUN_ALL_TESTS();
}
