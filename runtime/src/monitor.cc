// Device monitoring (accelsimDeviceGetUtilization & co.): samples of the activity counters that Stream::execute
// keeps per device, and a model of temperature and power at the sampled utilization.
#include <unistd.h>

#include <algorithm>
#include <mutex>

#include "internal.h"

using namespace accelsim::detail;

namespace {

constexpr int64_t kMinSamplePeriodNs = 100'000'000;  // a query within 100 ms of a sample returns that sample

unsigned percentOf(int64_t busy, int64_t period) {
  if (period <= 0) return 0;
  return static_cast<unsigned>(std::clamp<int64_t>((busy * 100 + period / 2) / period, 0, 100));
}

// The device's latest sample, taking a new one when the previous is old enough.
void sample(Device* d, unsigned* compute_percent, unsigned* memory_percent) {
  DeviceActivity& a = d->activity;
  std::lock_guard<std::mutex> lock(a.mu);
  const int64_t now = nowNs();
  if (!a.sampled || now - a.sample_start_ns >= kMinSamplePeriodNs) {
    const int64_t compute = a.compute_ns.load(std::memory_order_relaxed);
    const int64_t memory = a.memory_ns.load(std::memory_order_relaxed);
    const int64_t period = now - a.sample_start_ns;
    a.compute_percent = percentOf(compute - a.sample_compute_ns, period);
    a.memory_percent = percentOf(memory - a.sample_memory_ns, period);
    a.sample_start_ns = now;
    a.sample_compute_ns = compute;
    a.sample_memory_ns = memory;
    a.sampled = true;
  }
  *compute_percent = a.compute_percent;
  *memory_percent = a.memory_percent;
}

}  // namespace

extern "C" {

accelsimError_t accelsimDeviceGetUtilization(int device, unsigned* compute_percent, unsigned* memory_percent) {
  if (compute_percent == nullptr || memory_percent == nullptr)
    return fail(accelsimErrorInvalidValue, "accelsimDeviceGetUtilization: a result pointer is NULL");
  Device* d = nullptr;
  if (accelsimError_t e = getDevice(device, &d); e != accelsimSuccess) return e;
  sample(d, compute_percent, memory_percent);
  return accelsimSuccess;
}

accelsimError_t accelsimDeviceGetTemperature(int device, unsigned* celsius) {
  if (celsius == nullptr) return fail(accelsimErrorInvalidValue, "accelsimDeviceGetTemperature: celsius is NULL");
  unsigned compute = 0;
  unsigned memory = 0;
  if (accelsimError_t e = accelsimDeviceGetUtilization(device, &compute, &memory); e != accelsimSuccess) return e;
  *celsius = 30 + compute / 2;  // idle at 30, 80 at full load
  return accelsimSuccess;
}

accelsimError_t accelsimDeviceGetPowerUsage(int device, unsigned* milliwatts) {
  if (milliwatts == nullptr) return fail(accelsimErrorInvalidValue, "accelsimDeviceGetPowerUsage: milliwatts is NULL");
  unsigned compute = 0;
  unsigned memory = 0;
  if (accelsimError_t e = accelsimDeviceGetUtilization(device, &compute, &memory); e != accelsimSuccess) return e;
  *milliwatts = 25'000 + compute * 2'250 + memory * 500;  // 25 W idle, 300 W with compute and memory at 100%
  return accelsimSuccess;
}

accelsimError_t accelsimDeviceGetClockRate(int device, unsigned* mhz) {
  if (mhz == nullptr) return fail(accelsimErrorInvalidValue, "accelsimDeviceGetClockRate: mhz is NULL");
  Device* d = nullptr;
  if (accelsimError_t e = getDevice(device, &d); e != accelsimSuccess) return e;
  *mhz = static_cast<unsigned>(d->prop.clock_rate / 1000);
  return accelsimSuccess;
}

accelsimError_t accelsimDeviceGetProcesses(int device, accelsimProcessInfo* infos, int* count) {
  if (count == nullptr) return fail(accelsimErrorInvalidValue, "accelsimDeviceGetProcesses: count is NULL");
  Device* d = nullptr;
  if (accelsimError_t e = getDevice(device, &d); e != accelsimSuccess) return e;
  const int capacity = *count;
  *count = 1;
  if (capacity < 1 || infos == nullptr)
    return fail(accelsimErrorInvalidValue, "accelsimDeviceGetProcesses: room for %d process(es), 1 needed", capacity);
  infos[0].pid = static_cast<long long>(getpid());
  infos[0].used_bytes = d->prop.total_memory - d->arena.freeBytes();
  return accelsimSuccess;
}

}  // extern "C"
