// Events: record, query, synchronize, cross-stream waits that never block the host, timing.
#include <atomic>
#include <chrono>
#include <thread>

#include "accelsim/accelsim.hpp"
#include "test_util.h"

namespace {

using namespace std::chrono_literals;

TEST(Event, NeverRecordedIsComplete) {
  accelsimEvent_t e = nullptr;
  ASSERT_OK(accelsimEventCreate(&e));
  EXPECT_OK(accelsimEventQuery(e));
  EXPECT_OK(accelsimEventSynchronize(e));
  ASSERT_OK(accelsimEventDestroy(e));
  EXPECT_EQ(accelsimEventQuery(e), accelsimErrorInvalidHandle);
  EXPECT_EQ(accelsimEventDestroy(e), accelsimErrorInvalidHandle);
  EXPECT_EQ(accelsimEventCreateWithFlags(&e, 0x80), accelsimErrorInvalidValue);
}

TEST(Event, RecordQuerySynchronize) {
  for (unsigned flags : {unsigned{accelsimEventDefault}, unsigned{accelsimEventDisableTiming}}) {
    accelsimStream_t s = nullptr;
    ASSERT_OK(accelsimStreamCreate(&s));
    accelsimEvent_t e = nullptr;
    ASSERT_OK(accelsimEventCreateWithFlags(&e, flags));
    std::atomic<bool> go{false};
    std::atomic<bool> ran{false};
    ASSERT_OK(accelsim::launch(s, [&] {
      while (!go.load()) std::this_thread::yield();
      ran.store(true);
    }));
    ASSERT_OK(accelsimEventRecord(e, s));
    EXPECT_EQ(accelsimEventQuery(e), accelsimErrorNotReady);
    go.store(true);
    ASSERT_OK(accelsimEventSynchronize(e));
    EXPECT_TRUE(ran.load());
    EXPECT_OK(accelsimEventQuery(e));
    ASSERT_OK(accelsimEventDestroy(e));
    ASSERT_OK(accelsimStreamDestroy(s));
  }
}

TEST(Event, StreamWaitEventOrdersStreamsWithoutBlockingTheHost) {
  accelsimStream_t producer = nullptr, consumer = nullptr;
  ASSERT_OK(accelsimStreamCreate(&producer));
  ASSERT_OK(accelsimSetDevice(1));
  ASSERT_OK(accelsimStreamCreate(&consumer));  // another device: cross-device dependency
  ASSERT_OK(accelsimSetDevice(0));
  accelsimEvent_t e = nullptr;
  ASSERT_OK(accelsimEventCreateWithFlags(&e, accelsimEventDisableTiming));
  std::atomic<bool> go{false};
  std::atomic<int> stage{0};
  ASSERT_OK(accelsim::launch(producer, [&] {
    while (!go.load()) std::this_thread::yield();
    stage.store(1);
  }));
  ASSERT_OK(accelsimEventRecord(e, producer));
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_OK(accelsimStreamWaitEvent(consumer, e));  // must return at once although the producer is blocked
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 500ms);
  int seen = -1;
  ASSERT_OK(accelsim::launch(consumer, [&] { seen = stage.load(); }));
  std::this_thread::sleep_for(5ms);
  EXPECT_EQ(accelsimStreamQuery(consumer), accelsimErrorNotReady);
  go.store(true);
  ASSERT_OK(accelsimStreamSynchronize(consumer));
  EXPECT_EQ(seen, 1);
  ASSERT_OK(accelsimEventDestroy(e));
  ASSERT_OK(accelsimStreamDestroy(producer));
  ASSERT_OK(accelsimStreamDestroy(consumer));
}

TEST(Event, ReRecordingTracksTheLatestRecord) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  accelsimEvent_t e = nullptr;
  ASSERT_OK(accelsimEventCreate(&e));
  ASSERT_OK(accelsimEventRecord(e, s));
  ASSERT_OK(accelsimEventSynchronize(e));
  std::atomic<bool> go{false};
  ASSERT_OK(accelsim::launch(s, [&] {
    while (!go.load()) std::this_thread::yield();
  }));
  ASSERT_OK(accelsimEventRecord(e, s));
  EXPECT_EQ(accelsimEventQuery(e), accelsimErrorNotReady);
  go.store(true);
  ASSERT_OK(accelsimEventSynchronize(e));
  ASSERT_OK(accelsimEventDestroy(e));
  ASSERT_OK(accelsimStreamDestroy(s));
}

TEST(Event, ElapsedTimeMeasuresDeviceExecution) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  accelsimEvent_t start = nullptr, end = nullptr, untimed = nullptr, unrecorded = nullptr;
  ASSERT_OK(accelsimEventCreate(&start));
  ASSERT_OK(accelsimEventCreate(&end));
  ASSERT_OK(accelsimEventCreateWithFlags(&untimed, accelsimEventDisableTiming));
  ASSERT_OK(accelsimEventCreate(&unrecorded));
  ASSERT_OK(accelsimEventRecord(start, s));
  ASSERT_OK(accelsim::launch(s, [] { std::this_thread::sleep_for(20ms); }));
  ASSERT_OK(accelsimEventRecord(end, s));
  ASSERT_OK(accelsimEventRecord(untimed, s));
  float ms = -1;
  const accelsimError_t early = accelsimEventElapsedTime(&ms, start, end);
  EXPECT_TRUE(early == accelsimErrorNotReady || early == accelsimSuccess);
  ASSERT_OK(accelsimEventSynchronize(end));
  ASSERT_OK(accelsimEventElapsedTime(&ms, start, end));
  EXPECT_GE(ms, 19.0f);
  EXPECT_LT(ms, 2000.0f);
  EXPECT_EQ(accelsimEventElapsedTime(&ms, start, untimed), accelsimErrorInvalidHandle);
  EXPECT_EQ(accelsimEventElapsedTime(&ms, start, unrecorded), accelsimErrorInvalidHandle);
  EXPECT_EQ(accelsimEventElapsedTime(nullptr, start, end), accelsimErrorInvalidValue);
  for (auto e : {start, end, untimed, unrecorded}) ASSERT_OK(accelsimEventDestroy(e));
  ASSERT_OK(accelsimStreamDestroy(s));
}

TEST(Event, DestroyWhileRecordIsPendingIsSafe) {
  accelsimStream_t s = nullptr;
  ASSERT_OK(accelsimStreamCreate(&s));
  std::atomic<bool> go{false};
  ASSERT_OK(accelsim::launch(s, [&] {
    while (!go.load()) std::this_thread::yield();
  }));
  for (int i = 0; i < 100; ++i) {
    accelsimEvent_t e = nullptr;
    ASSERT_OK(accelsimEventCreate(&e));
    ASSERT_OK(accelsimEventRecord(e, s));
    ASSERT_OK(accelsimEventDestroy(e));
  }
  go.store(true);
  ASSERT_OK(accelsimStreamSynchronize(s));
  ASSERT_OK(accelsimStreamDestroy(s));
}

}  // namespace
