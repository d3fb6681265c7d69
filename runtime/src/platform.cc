// Platform configuration, lazy initialization, devices and the per-thread current device.
#include <linux/futex.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include "internal.h"

namespace accelsim::detail {

namespace {

constexpr int kMaxDevices = 64;

accelsimPlatformConfig defaultConfig() {
  accelsimPlatformConfig c{};
  c.device_count = 2;
  std::strncpy(c.prop.name, "accelsim", sizeof c.prop.name - 1);
  c.prop.total_memory = size_t{1} << 30;
  c.prop.compute_capability_major = 1;
  c.prop.compute_capability_minor = 0;
  c.prop.multiprocessor_count = 8;
  c.prop.stream_priority_low = 0;
  c.prop.stream_priority_high = -1;
  return c;
}

std::mutex g_config_mu;
bool g_init_started = false;  // guarded by g_config_mu
// A function-local static, not a namespace-scope variable: accelsimConfigure may run from another library's
// static initializer, before this translation unit's globals are initialized (which would then overwrite it).
accelsimPlatformConfig& configured() {
  static accelsimPlatformConfig config = defaultConfig();
  return config;
}
std::once_flag g_once;
std::atomic<Runtime*> g_runtime{nullptr};  // intentionally leaked: workers may outlive static destructors
accelsimError_t g_init_error = accelsimSuccess;
char g_init_message[512] = {0};

thread_local int t_device = 0;
thread_local bool t_runtime_work = false;

accelsimError_t validate(const accelsimPlatformConfig& c) {
  if (c.device_count < 0 || c.device_count > kMaxDevices)
    return fail(accelsimErrorInvalidValue, "device_count %d is outside [0, %d]", c.device_count, kMaxDevices);
  if (c.prop.total_memory < 4096)
    return fail(accelsimErrorInvalidValue, "total_memory %zu is below 4096 bytes", c.prop.total_memory);
  if (c.prop.stream_priority_high > c.prop.stream_priority_low)
    return fail(accelsimErrorInvalidValue,
                "stream_priority_high (%d, most urgent) must be numerically <= stream_priority_low (%d)",
                c.prop.stream_priority_high, c.prop.stream_priority_low);
  return accelsimSuccess;
}

// The informative properties a configuration left at 0 (or "") get accelsim's defaults (accelsim.h).
void completeInformativeProperties(accelsimDeviceProp* p) {
  auto fill = [](auto& field, auto value) {
    if (field == 0) field = value;
  };
  fill(p->warp_size, 32);
  fill(p->max_threads_per_multi_processor, 2048);
  fill(p->max_threads_per_block, 1024);
  fill(p->shared_memory_per_block, size_t{48} << 10);
  fill(p->shared_memory_per_multiprocessor, size_t{228} << 10);
  fill(p->L2_cache_size, size_t{4} << 20);
  fill(p->clock_rate, 1'410'000);
  fill(p->memory_clock_rate, 1'593'000);
  fill(p->memory_bus_width, 4096);
}

void initialize() {
  accelsimPlatformConfig config;
  {
    std::lock_guard<std::mutex> lock(g_config_mu);
    g_init_started = true;
    config = configured();
  }
  config.device_count = static_cast<int>(envInteger("ACCELSIM_DEVICE_COUNT", 0, kMaxDevices, config.device_count));
  config.prop.name[sizeof config.prop.name - 1] = '\0';
  config.prop.uuid[sizeof config.prop.uuid - 1] = '\0';
  completeInformativeProperties(&config.prop);
  // ACCELSIM_HOST_ACCESS=0: a discrete device whose memory host code cannot reach (no kernels run).
  const char* host_access_env = std::getenv("ACCELSIM_HOST_ACCESS");
  const bool host_access = host_access_env == nullptr || std::strcmp(host_access_env, "0") != 0;
  // ACCELSIM_VIRTUAL_MEMORY=0: a device without virtual memory management (accelsimMem* are not supported).
  const char* virtual_memory_env = std::getenv("ACCELSIM_VIRTUAL_MEMORY");
  const bool virtual_memory = virtual_memory_env == nullptr || std::strcmp(virtual_memory_env, "0") != 0;
  // ACCELSIM_BATCH_INTERVAL_US: the longest launches nobody waits for accumulate before a worker claims them.
  constexpr long kMaxBatchIntervalUs = 3600L * 1'000'000;
  const int64_t batch_interval_ns =
      envInteger("ACCELSIM_BATCH_INTERVAL_US", 0, kMaxBatchIntervalUs, kDefaultBatchIntervalUs) * 1'000;
  auto rt = std::make_unique<Runtime>();
  rt->config = config;
  for (int i = 0; i < config.device_count; ++i) {
    auto dev = std::make_unique<Device>();
    dev->index = i;
    dev->prop = config.prop;
    dev->activity.sample_start_ns = nowNs();
    if (dev->prop.uuid[0] == '\0') {  // one per device, stable across runs
      std::snprintf(dev->prop.uuid, sizeof dev->prop.uuid, "acce1510-0000-4000-8000-%012x", static_cast<unsigned>(i));
    }
    if (dev->prop.pci_bus_id == 0) dev->prop.pci_bus_id = 0x10 + i;
    dev->host_access = host_access;
    dev->virtual_memory = virtual_memory;
    dev->batch_interval_ns = batch_interval_ns;
    if (accelsimError_t e = dev->arena.init(i, config.prop.total_memory); e != accelsimSuccess) {
      g_init_error = e;
      std::snprintf(g_init_message, sizeof g_init_message, "%s", accelsimGetLastErrorMessage());
      return;
    }
    int prio = 0;
    if (prio < config.prop.stream_priority_high) prio = config.prop.stream_priority_high;
    if (prio > config.prop.stream_priority_low) prio = config.prop.stream_priority_low;
    auto s = std::make_unique<Stream>(dev.get(), prio, 0, /*is_default=*/true);
    dev->default_stream = s.get();
    dev->live.push_back(s.get());
    registerStream(s.get());
    dev->owned.push_back(std::move(s));
    rt->devices.push_back(std::move(dev));
  }
  g_runtime.store(rt.release(), std::memory_order_release);
}

}  // namespace

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

long envInteger(const char* name, long lo, long hi, long fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  char* end = nullptr;
  errno = 0;
  const long value = std::strtol(text, &end, 10);
  if (errno != 0 || end == nullptr || *end != '\0' || value < lo || value > hi) return fallback;
  return value;
}

void sleepWhile(std::atomic<uint32_t>* word, uint32_t expected, int64_t timeout_ns) {
  const timespec timeout{static_cast<time_t>(timeout_ns / 1'000'000'000),
                         static_cast<long>(timeout_ns % 1'000'000'000)};
  syscall(SYS_futex, reinterpret_cast<uint32_t*>(word), FUTEX_WAIT_PRIVATE, expected, &timeout, nullptr, 0);
}

void wakeSleepers(std::atomic<uint32_t>* word) {
  syscall(SYS_futex, reinterpret_cast<uint32_t*>(word), FUTEX_WAKE_PRIVATE, INT_MAX, nullptr, nullptr, 0);
}

void preciseSleeps() { prctl(PR_SET_TIMERSLACK, 1'000UL, 0UL, 0UL, 0UL); }

bool inRuntimeWork() { return t_runtime_work; }

void enterRuntimeWork(int device) {
  t_runtime_work = true;
  t_device = device;
}

RuntimeWorkScope::RuntimeWorkScope(int device) : was_runtime_work_(t_runtime_work), device_(t_device) {
  enterRuntimeWork(device);
}

RuntimeWorkScope::~RuntimeWorkScope() {
  t_runtime_work = was_runtime_work_;
  t_device = device_;
}

accelsimError_t getRuntime(Runtime** rt) {
  Runtime* r = g_runtime.load(std::memory_order_acquire);
  if (r == nullptr) {
    std::call_once(g_once, initialize);
    r = g_runtime.load(std::memory_order_acquire);
    if (r == nullptr) return fail(g_init_error, "runtime initialization failed: %s", g_init_message);
  }
  *rt = r;
  return accelsimSuccess;
}

accelsimError_t getDevice(int index, Device** device) {
  Runtime* rt = nullptr;
  if (accelsimError_t e = getRuntime(&rt); e != accelsimSuccess) return e;
  if (index < 0 || index >= static_cast<int>(rt->devices.size()))
    return fail(accelsimErrorInvalidDevice, "device %d does not exist (device count %zu)", index,
                rt->devices.size());
  *device = rt->devices[static_cast<size_t>(index)].get();
  return accelsimSuccess;
}

accelsimError_t getCurrentDevice(Device** device) { return getDevice(t_device, device); }

Device* deviceOwning(const void* p) {
  Runtime* rt = g_runtime.load(std::memory_order_acquire);
  if (rt == nullptr || p == nullptr) return nullptr;
  for (auto& d : rt->devices)
    if (d->arena.contains(p)) return d.get();
  return nullptr;
}

void Device::invalidateCaptures() {
  std::lock_guard<std::mutex> lock(mu);
  for (Stream* s : live) s->invalidateCapture();
}

void Device::reap() {
  std::lock_guard<std::mutex> lock(mu);
  for (auto it = retired.begin(); it != retired.end();) {
    if ((*it)->exited.load(std::memory_order_acquire)) {
      (*it)->releaseRing();
      it = retired.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace accelsim::detail

using namespace accelsim::detail;

extern "C" {

accelsimError_t accelsimConfigure(const accelsimPlatformConfig* config) {
  if (config == nullptr) return fail(accelsimErrorInvalidValue, "accelsimConfigure: config is NULL");
  if (accelsimError_t e = validate(*config); e != accelsimSuccess) return e;
  std::lock_guard<std::mutex> lock(g_config_mu);
  if (g_init_started)
    return fail(accelsimErrorAlreadyInitialized, "accelsimConfigure must be called before the runtime is used");
  configured() = *config;
  return accelsimSuccess;
}

accelsimError_t accelsimIsInitialized(int* initialized) {
  if (initialized == nullptr) return fail(accelsimErrorInvalidValue, "accelsimIsInitialized: NULL argument");
  *initialized = g_runtime.load(std::memory_order_acquire) != nullptr ? 1 : 0;
  return accelsimSuccess;
}

accelsimError_t accelsimGetDeviceCount(int* count) {
  if (count == nullptr) return fail(accelsimErrorInvalidValue, "accelsimGetDeviceCount: count is NULL");
  Runtime* rt = nullptr;
  if (accelsimError_t e = getRuntime(&rt); e != accelsimSuccess) return e;
  *count = static_cast<int>(rt->devices.size());
  return accelsimSuccess;
}

accelsimError_t accelsimGetDevice(int* device) {
  if (device == nullptr) return fail(accelsimErrorInvalidValue, "accelsimGetDevice: device is NULL");
  *device = t_device;
  return accelsimSuccess;
}

accelsimError_t accelsimSetDevice(int device) {
  Device* d = nullptr;
  if (accelsimError_t e = getDevice(device, &d); e != accelsimSuccess) return e;
  t_device = device;
  return accelsimSuccess;
}

accelsimError_t accelsimGetDeviceProperties(accelsimDeviceProp* prop, int device) {
  if (prop == nullptr) return fail(accelsimErrorInvalidValue, "accelsimGetDeviceProperties: prop is NULL");
  Device* d = nullptr;
  if (accelsimError_t e = getDevice(device, &d); e != accelsimSuccess) return e;
  *prop = d->prop;
  return accelsimSuccess;
}

accelsimError_t accelsimDeviceGetHostAccess(int* host_access, int device) {
  if (host_access == nullptr)
    return fail(accelsimErrorInvalidValue, "accelsimDeviceGetHostAccess: host_access is NULL");
  Device* d = nullptr;
  if (accelsimError_t e = getDevice(device, &d); e != accelsimSuccess) return e;
  *host_access = d->host_access ? 1 : 0;
  return accelsimSuccess;
}

accelsimError_t accelsimDeviceGetVirtualMemorySupport(int* supported, int device) {
  if (supported == nullptr)
    return fail(accelsimErrorInvalidValue, "accelsimDeviceGetVirtualMemorySupport: supported is NULL");
  Device* d = nullptr;
  if (accelsimError_t e = getDevice(device, &d); e != accelsimSuccess) return e;
  *supported = d->virtual_memory ? 1 : 0;
  return accelsimSuccess;
}

accelsimError_t accelsimDeviceGetStreamPriorityRange(int* least, int* greatest) {
  Device* d = nullptr;
  if (accelsimError_t e = getCurrentDevice(&d); e != accelsimSuccess) return e;
  if (least != nullptr) *least = d->prop.stream_priority_low;
  if (greatest != nullptr) *greatest = d->prop.stream_priority_high;
  return accelsimSuccess;
}

accelsimError_t accelsimDeviceSynchronize(void) {
  if (inRuntimeWork()) return fail(accelsimErrorNotPermitted, "accelsimDeviceSynchronize called from a kernel");
  Device* d = nullptr;
  if (accelsimError_t e = getCurrentDevice(&d); e != accelsimSuccess) return e;
  if (d->captures.load(std::memory_order_acquire) > 0) {
    d->invalidateCaptures();
    return fail(accelsimErrorStreamCaptureUnsupported,
                "accelsimDeviceSynchronize while a stream of device %d is capturing (the capture is invalidated)",
                d->index);
  }
  std::vector<std::pair<Stream*, uint64_t>> targets;
  {
    std::lock_guard<std::mutex> lock(d->mu);
    for (Stream* s : d->live) targets.emplace_back(s, s->submitted.load(std::memory_order_acquire));
    for (Stream* s : d->retired) targets.emplace_back(s, s->submitted.load(std::memory_order_acquire));
  }
  accelsimError_t result = accelsimSuccess;
  for (auto& [s, target] : targets) {
    s->waitFor(target);
    if (accelsimError_t e = s->takeError(); e != accelsimSuccess && result == accelsimSuccess) result = e;
  }
  d->reap();
  return result;
}

}  // extern "C"
