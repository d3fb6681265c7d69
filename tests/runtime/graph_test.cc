// Graph capture: recording instead of executing, replay, reset, and the calls that are illegal while capturing.
#include <atomic>
#include <chrono>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

#include "accelsim/accelsim.hpp"
#include "test_util.h"

namespace {

class Graph : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_OK(accelsimStreamCreate(&s_)); }
  void TearDown() override { (void)accelsimStreamDestroy(s_); }
  accelsimStream_t s_ = nullptr;
};

int incrementKernel(void* p) {
  static_cast<std::atomic<int>*>(p)->fetch_add(1);
  return 0;
}

TEST_F(Graph, CapturedWorkIsRecordedNotExecutedThenReplayedInOrder) {
  void* d = nullptr;
  ASSERT_OK(accelsimMalloc(&d, 256));
  void* pinned = nullptr;
  ASSERT_OK(accelsimHostAlloc(&pinned, 256));
  std::atomic<int> count{0};
  std::vector<int> order;

  int capturing = 1;
  ASSERT_OK(accelsimStreamIsCapturing(s_, &capturing));
  EXPECT_EQ(capturing, 0);
  ASSERT_OK(accelsimStreamBeginCapture(s_));
  ASSERT_OK(accelsimStreamIsCapturing(s_, &capturing));
  EXPECT_EQ(capturing, 1);
  ASSERT_OK(accelsimLaunchKernel(s_, incrementKernel, &count, nullptr));
  ASSERT_OK(accelsimMemsetAsync(d, 0x42, 256, s_));
  ASSERT_OK(accelsimMemcpyAsync(pinned, d, 256, accelsimMemcpyDeviceToHost, s_));
  ASSERT_OK(accelsim::launch(s_, [&order] { order.push_back(static_cast<int>(order.size())); }));
  accelsimGraph_t graph = nullptr;
  ASSERT_OK(accelsimStreamEndCapture(s_, &graph));
  ASSERT_NE(graph, nullptr);
  ASSERT_OK(accelsimStreamIsCapturing(s_, &capturing));
  EXPECT_EQ(capturing, 0);
  EXPECT_EQ(count.load(), 0) << "captured work must not execute";
  EXPECT_TRUE(order.empty());
  size_t nodes = 0;
  ASSERT_OK(accelsimGraphGetNodeCount(graph, &nodes));
  EXPECT_EQ(nodes, 4u);

  accelsimGraphExec_t exec = nullptr;
  ASSERT_OK(accelsimGraphInstantiate(&exec, graph));
  std::memset(pinned, 0, 256);
  for (int i = 0; i < 5; ++i) ASSERT_OK(accelsimGraphLaunch(exec, s_));
  ASSERT_OK(accelsimStreamSynchronize(s_));
  EXPECT_EQ(count.load(), 5);
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
  for (int i = 0; i < 256; ++i) ASSERT_EQ(static_cast<unsigned char*>(pinned)[i], 0x42);

  // Replay on another stream too.
  accelsimStream_t other = nullptr;
  ASSERT_OK(accelsimStreamCreate(&other));
  ASSERT_OK(accelsimGraphLaunch(exec, other));
  ASSERT_OK(accelsimStreamSynchronize(other));
  EXPECT_EQ(count.load(), 6);
  ASSERT_OK(accelsimStreamDestroy(other));

  ASSERT_OK(accelsimGraphExecDestroy(exec));
  ASSERT_OK(accelsimGraphDestroy(graph));
  EXPECT_EQ(accelsimGraphLaunch(exec, s_), accelsimErrorInvalidHandle);
  EXPECT_EQ(accelsimGraphDestroy(graph), accelsimErrorInvalidHandle);
  ASSERT_OK(accelsimFree(d));
  ASSERT_OK(accelsimFreeHost(pinned));
}

TEST_F(Graph, KernelArgsLiveAsLongAsTheGraphAndAreDestroyedOnce) {
  static std::atomic<int> destroyed{0};
  destroyed = 0;
  std::atomic<int> count{0};
  ASSERT_OK(accelsimStreamBeginCapture(s_));
  ASSERT_OK(accelsimLaunchKernel(
      s_, [](void* p) { return incrementKernel(*static_cast<std::atomic<int>**>(p)); },
      new std::atomic<int>*(&count), [](void* p) {
        destroyed.fetch_add(1);
        delete static_cast<std::atomic<int>**>(p);
      }));
  accelsimGraph_t graph = nullptr;
  ASSERT_OK(accelsimStreamEndCapture(s_, &graph));
  accelsimGraphExec_t exec = nullptr;
  ASSERT_OK(accelsimGraphInstantiate(&exec, graph));
  ASSERT_OK(accelsimGraphDestroy(graph));  // the executable keeps the nodes
  for (int i = 0; i < 3; ++i) ASSERT_OK(accelsimGraphLaunch(exec, s_));
  ASSERT_OK(accelsimGraphExecDestroy(exec));  // replays still pending keep them too
  ASSERT_OK(accelsimStreamSynchronize(s_));
  EXPECT_EQ(count.load(), 3);
  EXPECT_EQ(destroyed.load(), 1);
}

TEST_F(Graph, IllegalCallsDuringCaptureReturnACaptureErrorAndInvalidateIt) {
  int host = 0, host2 = 0;
  // Each illegal call: the call fails with StreamCaptureUnsupported, and EndCapture reports the invalidation.
  const std::vector<std::function<accelsimError_t()>> illegal = {
      [&] { return accelsimStreamSynchronize(s_); },
      [&] { return accelsimStreamQuery(s_); },
      [&] { return accelsimDeviceSynchronize(); },
      [&] { return accelsimMemcpy(&host2, &host, sizeof host, accelsimMemcpyHostToHost); },
  };
  for (size_t i = 0; i < illegal.size(); ++i) {
    ASSERT_OK(accelsimStreamBeginCapture(s_));
    EXPECT_EQ(illegal[i](), accelsimErrorStreamCaptureUnsupported) << "call " << i;
    // Work after invalidation is refused too.
    EXPECT_EQ(accelsimLaunchKernel(s_, incrementKernel, &host, nullptr), accelsimErrorStreamCaptureInvalidated);
    accelsimGraph_t graph = reinterpret_cast<accelsimGraph_t>(&host);
    EXPECT_EQ(accelsimStreamEndCapture(s_, &graph), accelsimErrorStreamCaptureInvalidated) << "call " << i;
    EXPECT_EQ(graph, nullptr);
    int capturing = 1;
    ASSERT_OK(accelsimStreamIsCapturing(s_, &capturing));
    EXPECT_EQ(capturing, 0);
  }
  // After an invalidated capture the stream works normally.
  std::atomic<int> count{0};
  ASSERT_OK(accelsimLaunchKernel(s_, incrementKernel, &count, nullptr));
  ASSERT_OK(accelsimStreamSynchronize(s_));
  EXPECT_EQ(count.load(), 1);
}

TEST_F(Graph, CaptureStateErrors) {
  accelsimGraph_t graph = nullptr;
  EXPECT_EQ(accelsimStreamEndCapture(s_, &graph), accelsimErrorIllegalState);
  ASSERT_OK(accelsimStreamBeginCapture(s_));
  EXPECT_EQ(accelsimStreamBeginCapture(s_), accelsimErrorIllegalState);
  ASSERT_OK(accelsimStreamEndCapture(s_, &graph));
  size_t nodes = 99;
  ASSERT_OK(accelsimGraphGetNodeCount(graph, &nodes));
  EXPECT_EQ(nodes, 0u);
  accelsimGraphExec_t exec = nullptr;
  ASSERT_OK(accelsimGraphInstantiate(&exec, graph));
  ASSERT_OK(accelsimGraphLaunch(exec, s_));  // an empty graph is fine
  ASSERT_OK(accelsimStreamSynchronize(s_));
  // Launching a graph into a capturing stream is not supported.
  ASSERT_OK(accelsimStreamBeginCapture(s_));
  EXPECT_EQ(accelsimGraphLaunch(exec, s_), accelsimErrorStreamCaptureUnsupported);
  accelsimGraph_t g2 = nullptr;
  EXPECT_EQ(accelsimStreamEndCapture(s_, &g2), accelsimErrorStreamCaptureInvalidated);
  ASSERT_OK(accelsimGraphExecDestroy(exec));
  ASSERT_OK(accelsimGraphDestroy(graph));
}

TEST_F(Graph, OtherStreamsKeepExecutingWhileOneCaptures) {
  accelsimStream_t other = nullptr;
  ASSERT_OK(accelsimStreamCreate(&other));
  ASSERT_OK(accelsimStreamBeginCapture(s_));
  std::atomic<int> count{0};
  ASSERT_OK(accelsimLaunchKernel(other, incrementKernel, &count, nullptr));
  ASSERT_OK(accelsimStreamSynchronize(other));  // legal: `other` is not capturing
  EXPECT_EQ(count.load(), 1);
  accelsimGraph_t graph = nullptr;
  ASSERT_OK(accelsimStreamEndCapture(s_, &graph));
  ASSERT_OK(accelsimGraphDestroy(graph));
  ASSERT_OK(accelsimStreamDestroy(other));
}

TEST_F(Graph, EventsInsideAGraphAreRecordedOnReplay) {
  accelsimEvent_t start = nullptr, end = nullptr, outside = nullptr;
  ASSERT_OK(accelsimEventCreate(&start));
  ASSERT_OK(accelsimEventCreate(&end));
  ASSERT_OK(accelsimEventCreate(&outside));
  ASSERT_OK(accelsimEventRecord(outside, s_));
  ASSERT_OK(accelsimStreamBeginCapture(s_));
  ASSERT_OK(accelsimEventRecord(start, s_));
  ASSERT_OK(accelsim::launch(s_, [] { std::this_thread::sleep_for(std::chrono::milliseconds(5)); }));
  ASSERT_OK(accelsimEventRecord(end, s_));
  ASSERT_OK(accelsimStreamWaitEvent(s_, start));  // same capture: legal, already ordered
  EXPECT_EQ(accelsimEventQuery(end), accelsimErrorStreamCaptureUnsupported);
  accelsimGraph_t graph = nullptr;
  ASSERT_OK(accelsimStreamEndCapture(s_, &graph));
  size_t nodes = 0;
  ASSERT_OK(accelsimGraphGetNodeCount(graph, &nodes));
  EXPECT_EQ(nodes, 3u);
  accelsimGraphExec_t exec = nullptr;
  ASSERT_OK(accelsimGraphInstantiate(&exec, graph));
  ASSERT_OK(accelsimGraphDestroy(graph));
  ASSERT_OK(accelsimGraphLaunch(exec, s_));
  ASSERT_OK(accelsimEventSynchronize(end));
  float ms = 0;
  ASSERT_OK(accelsimEventElapsedTime(&ms, start, end));
  EXPECT_GE(ms, 4.5f);

  // Waiting on an event recorded outside the capture would join foreign work: refused, capture invalidated.
  ASSERT_OK(accelsimStreamBeginCapture(s_));
  EXPECT_EQ(accelsimStreamWaitEvent(s_, outside), accelsimErrorStreamCaptureUnsupported);
  EXPECT_EQ(accelsimStreamEndCapture(s_, &graph), accelsimErrorStreamCaptureInvalidated);

  ASSERT_OK(accelsimGraphExecDestroy(exec));
  for (auto e : {start, end, outside}) ASSERT_OK(accelsimEventDestroy(e));
}

TEST_F(Graph, CapturingTheDefaultStream) {
  std::atomic<int> count{0};
  ASSERT_OK(accelsimStreamBeginCapture(nullptr));
  ASSERT_OK(accelsimLaunchKernel(nullptr, incrementKernel, &count, nullptr));
  accelsimGraph_t graph = nullptr;
  ASSERT_OK(accelsimStreamEndCapture(nullptr, &graph));
  accelsimGraphExec_t exec = nullptr;
  ASSERT_OK(accelsimGraphInstantiate(&exec, graph));
  ASSERT_OK(accelsimGraphLaunch(exec, nullptr));
  ASSERT_OK(accelsimStreamSynchronize(nullptr));
  EXPECT_EQ(count.load(), 1);
  ASSERT_OK(accelsimGraphExecDestroy(exec));
  ASSERT_OK(accelsimGraphDestroy(graph));
}

}  // namespace
