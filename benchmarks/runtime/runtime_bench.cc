// accelsim benchmarks, each paired with its baseline:
//   kernel launch  - BM_DirectCall (calling the function) vs BM_LaunchToExecution (enqueue to the kernel
//                    starting on the worker, the host polling the stream; median/p90 reported as counters),
//                    BM_LaunchToExecutionUnobserved (the same, the host polling memory instead) and
//                    BM_LaunchEnqueue (host cost of one launch in a burst);
//   copies         - BM_Memcpy (plain memcpy between host buffers) vs BM_MemcpyAsync<kind> (async copy + stream
//                    synchronize) for 4 KiB .. 256 MiB;
//   events         - BM_EventRoundTrip (record on an idle stream + event synchronize).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <vector>

#include "accelsim/accelsim.h"

namespace {

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void ok(accelsimError_t e, benchmark::State& state) {
  if (e != accelsimSuccess) state.SkipWithError(accelsimGetLastErrorMessage());
}

// ---- kernel launch -----------------------------------------------------------------------------------------

struct AddArgs {
  const float* a;
  const float* b;
  float* out;
};

__attribute__((noinline)) int addKernel(void* p) {
  auto* args = static_cast<AddArgs*>(p);
  *args->out = *args->a + *args->b;
  return 0;
}

void BM_DirectCall(benchmark::State& state) {
  float a = 1, b = 2, out = 0;
  AddArgs args{&a, &b, &out};
  for (auto _ : state) {
    benchmark::DoNotOptimize(addKernel(&args));
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_DirectCall);

struct Probe {
  int64_t enqueued_ns = 0;
  int64_t started_ns = 0;
  std::atomic<bool> done{false};
};

int probeKernel(void* p) {
  auto* probe = static_cast<Probe*>(p);
  probe->started_ns = nowNs();
  probe->done.store(true, std::memory_order_release);
  return 0;
}

// Enqueue-to-execution latency: the host stamps, launches, and waits until the kernel has stamped its start.
// BM_LaunchToExecution waits as a program waits for device work: it polls accelsimStreamQuery, which tells the
// worker that somebody waits (it then claims the launch at once). BM_LaunchToExecutionUnobserved spins on the
// memory the kernel writes without asking the runtime: the worker cannot tell that anybody waits and lets the
// launch wait for the next batch of launches (kClaimIntervalNs in stream.cc), which this reports.
void launchToExecution(benchmark::State& state, bool poll_runtime) {
  accelsimStream_t s = nullptr;
  ok(accelsimStreamCreate(&s), state);
  std::vector<double> samples;
  samples.reserve(1 << 20);
  Probe probe;
  for (auto _ : state) {
    probe.done.store(false, std::memory_order_relaxed);
    probe.enqueued_ns = nowNs();
    accelsimLaunchKernel(s, probeKernel, &probe, nullptr);
    if (poll_runtime) {
      while (accelsimStreamQuery(s) == accelsimErrorNotReady) {
      }
    }
    while (!probe.done.load(std::memory_order_acquire)) {
    }
    samples.push_back(static_cast<double>(probe.started_ns - probe.enqueued_ns) / 1e3);
  }
  ok(accelsimStreamSynchronize(s), state);
  accelsimStreamDestroy(s);
  if (!samples.empty()) {
    std::sort(samples.begin(), samples.end());
    state.counters["median_us"] = samples[samples.size() / 2];
    state.counters["p90_us"] = samples[samples.size() * 9 / 10];
    state.counters["p99_us"] = samples[samples.size() * 99 / 100];
  }
}
void BM_LaunchToExecution(benchmark::State& state) { launchToExecution(state, true); }
void BM_LaunchToExecutionUnobserved(benchmark::State& state) { launchToExecution(state, false); }
BENCHMARK(BM_LaunchToExecution);
BENCHMARK(BM_LaunchToExecutionUnobserved);

// Host-side cost of one launch when launching in bursts (the asynchronous fast path a backend relies on).
void BM_LaunchEnqueue(benchmark::State& state) {
  accelsimStream_t s = nullptr;
  ok(accelsimStreamCreate(&s), state);
  float a = 1, b = 2, out = 0;
  AddArgs args{&a, &b, &out};
  constexpr int kBurst = 256;
  for (auto _ : state) {
    for (int i = 0; i < kBurst; ++i) accelsimLaunchKernel(s, addKernel, &args, nullptr);
    state.PauseTiming();
    accelsimStreamSynchronize(s);
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * kBurst);
  accelsimStreamDestroy(s);
}
BENCHMARK(BM_LaunchEnqueue);

// ---- copies ------------------------------------------------------------------------------------------------

void copyArgs(benchmark::internal::Benchmark* b) {
  for (int64_t size = 4 << 10; size <= (int64_t{256} << 20); size *= 4) b->Arg(size);
}

void BM_Memcpy(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  std::vector<char> src(n, 1), dst(n, 0);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), n);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(n));
}
BENCHMARK(BM_Memcpy)->Apply(copyArgs)->UseRealTime();

template <accelsimMemcpyKind kKind>
void BM_MemcpyAsync(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  void* host = nullptr;
  void* dev_a = nullptr;
  void* dev_b = nullptr;
  ok(accelsimHostAlloc(&host, n), state);
  ok(accelsimMalloc(&dev_a, n), state);
  ok(accelsimMalloc(&dev_b, n), state);
  std::memset(host, 1, n);
  accelsimStream_t s = nullptr;
  ok(accelsimStreamCreate(&s), state);
  void* dst = kKind == accelsimMemcpyDeviceToHost ? host : dev_b;
  const void* src = kKind == accelsimMemcpyHostToDevice ? host : dev_a;
  // Touch every page once (device memory is committed lazily, as on first use of real device memory).
  ok(accelsimMemcpyAsync(dev_a, host, n, accelsimMemcpyHostToDevice, s), state);
  ok(accelsimMemcpyAsync(dev_b, host, n, accelsimMemcpyHostToDevice, s), state);
  ok(accelsimStreamSynchronize(s), state);
  for (auto _ : state) {
    accelsimMemcpyAsync(dst, src, n, kKind, s);
    accelsimStreamSynchronize(s);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(n));
  accelsimStreamDestroy(s);
  accelsimFree(dev_a);
  accelsimFree(dev_b);
  accelsimFreeHost(host);
}
BENCHMARK_TEMPLATE(BM_MemcpyAsync, accelsimMemcpyHostToDevice)->Apply(copyArgs)->UseRealTime();
BENCHMARK_TEMPLATE(BM_MemcpyAsync, accelsimMemcpyDeviceToHost)->Apply(copyArgs)->UseRealTime();
BENCHMARK_TEMPLATE(BM_MemcpyAsync, accelsimMemcpyDeviceToDevice)->Apply(copyArgs)->UseRealTime();

// ---- events ------------------------------------------------------------------------------------------------

void BM_EventRoundTrip(benchmark::State& state) {
  accelsimStream_t s = nullptr;
  accelsimEvent_t e = nullptr;
  ok(accelsimStreamCreate(&s), state);
  ok(accelsimEventCreate(&e), state);
  for (auto _ : state) {
    accelsimEventRecord(e, s);
    accelsimEventSynchronize(e);
  }
  accelsimEventDestroy(e);
  accelsimStreamDestroy(s);
}
BENCHMARK(BM_EventRoundTrip)->UseRealTime();

void BM_EventRoundTripNoTiming(benchmark::State& state) {
  accelsimStream_t s = nullptr;
  accelsimEvent_t e = nullptr;
  ok(accelsimStreamCreate(&s), state);
  ok(accelsimEventCreateWithFlags(&e, accelsimEventDisableTiming), state);
  for (auto _ : state) {
    accelsimEventRecord(e, s);
    accelsimEventSynchronize(e);
  }
  accelsimEventDestroy(e);
  accelsimStreamDestroy(s);
}
BENCHMARK(BM_EventRoundTripNoTiming)->UseRealTime();

}  // namespace

int main(int argc, char** argv) {
  accelsimPlatformConfig config{};
  config.device_count = 1;
  std::strncpy(config.prop.name, "accelsim-bench", sizeof config.prop.name - 1);
  config.prop.total_memory = size_t{1} << 30;
  config.prop.compute_capability_major = 1;
  config.prop.multiprocessor_count = 8;
  config.prop.stream_priority_low = 0;
  config.prop.stream_priority_high = -1;
  if (accelsimConfigure(&config) != accelsimSuccess) return 2;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
