// The driver adapter of the `ocl` backend: accelgen's driver interface (driver/driver.h) over OpenCL 3.0.
//
// Written against the OpenCL C API and tested on PoCL's CPU device. The mapping:
//   device memory      fine-grained SVM buffers (clSVMAlloc with CL_MEM_SVM_FINE_GRAIN_BUFFER), so a device
//                      pointer is a plain address that OpenCL kernels and host tasks both use;
//   pinned host memory page-aligned host memory this adapter registers (pointer queries report it as host);
//   streams            in-order command queues with profiling; every device has a default queue (id 0);
//   events             markers enqueued on a queue (clEnqueueMarkerWithWaitList), timed by their profiling
//                      end time; a cross-stream wait is a barrier on the waiting queue;
//   copies and memset  clEnqueueSVMMemcpy / clEnqueueSVMMemFill;
//   host tasks         the queue is drained, then the task runs on the calling thread: in stream order, with
//                      device memory directly addressable (fine-grained SVM).
// No graphs: OpenCL 3.0 has no command buffers on PoCL, so the spec says graphs: false.
#include "driver/opencl.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace torch_ocl::driver {

namespace {

thread_local std::string last_error;
thread_local int current_device = 0;
int spec_device_count = 0;
std::size_t spec_memory_bytes = 0; // device.memory: the most device memory the backend uses per device
PlatformSpec spec_platform;         // how the spec describes the device to PyTorch (name, capability)
std::string spec_display_name;
std::atomic<bool> platform_started{false};

Status fail(Status status, const std::string& message) {
  last_error = message;
  return status;
}

Status check(cl_int code, const char* call) {
  if (code == CL_SUCCESS) {
    return Status::success;
  }
  const Status status = code == CL_OUT_OF_RESOURCES || code == CL_OUT_OF_HOST_MEMORY ||
                                code == CL_MEM_OBJECT_ALLOCATION_FAILURE
                            ? Status::out_of_memory
                        : code == CL_INVALID_VALUE ? Status::invalid_value
                                                   : Status::unknown;
  return fail(status, std::string(call) + " failed with OpenCL error " + std::to_string(code));
}

struct OclStream {
  cl_command_queue queue = nullptr;
  int device = 0;
  int priority = 0;
  std::uint64_t id = 0;
  bool task_failed = false; // a host task failed: reported by the next synchronization
  std::mutex mutex;         // guards last
  cl_event last = nullptr;  // the last command enqueued: the stream is idle once it completed
};

// Keeps `event` as the stream's last command (and takes over its reference).
void remember(OclStream* stream, cl_event event) {
  std::lock_guard<std::mutex> lock(stream->mutex);
  if (stream->last != nullptr) {
    clReleaseEvent(stream->last);
  }
  stream->last = event;
}

struct OclEvent {
  cl_event marker = nullptr;
  bool timing = true;
};

struct Allocation {
  std::size_t size = 0;
  int device = -1; // -1: pinned host memory
};

struct Device {
  cl_device_id id = nullptr;
  OclStream default_stream;
  std::size_t total_memory = 0;
};

// Everything the adapter knows, created on first use (the backend's lazy_init) and kept for the process.
struct Platform {
  cl_context context = nullptr;
  std::vector<Device> devices;
  std::mutex mutex; // guards allocations, allocated and created
  std::map<std::uintptr_t, Allocation> allocations; // by base address
  std::vector<std::size_t> allocated;               // device bytes in use, per device
  std::vector<OclStream*> created;                  // streams made by stream_create, not yet destroyed
  std::atomic<std::uint64_t> next_stream_id{1};
};

// The devices of the first platform that has any (PoCL: one CPU device).
Status find_devices(cl_platform_id* platform, std::vector<cl_device_id>* devices) {
  cl_uint platform_count = 0;
  if (clGetPlatformIDs(0, nullptr, &platform_count) != CL_SUCCESS || platform_count == 0) {
    devices->clear();
    return Status::success; // no OpenCL platform: zero devices
  }
  std::vector<cl_platform_id> platforms(platform_count);
  Status status = check(clGetPlatformIDs(platform_count, platforms.data(), nullptr), "clGetPlatformIDs");
  if (status != Status::success) {
    return status;
  }
  for (cl_platform_id candidate : platforms) {
    cl_uint count = 0;
    if (clGetDeviceIDs(candidate, CL_DEVICE_TYPE_ALL, 0, nullptr, &count) == CL_SUCCESS && count > 0) {
      devices->resize(count);
      *platform = candidate;
      return check(clGetDeviceIDs(candidate, CL_DEVICE_TYPE_ALL, count, devices->data(), nullptr),
                   "clGetDeviceIDs");
    }
  }
  devices->clear();
  return Status::success;
}

Status create_queue(Platform& platform, int device, OclStream* stream) {
  const cl_queue_properties properties[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_int code = CL_SUCCESS;
  stream->queue = clCreateCommandQueueWithProperties(platform.context, platform.devices[device].id, properties,
                                                     &code);
  stream->device = device;
  return check(code, "clCreateCommandQueueWithProperties");
}

Status start(Platform& platform) {
  cl_platform_id platform_id = nullptr;
  std::vector<cl_device_id> ids;
  Status status = find_devices(&platform_id, &ids);
  if (status != Status::success || ids.empty()) {
    return status;
  }
  cl_int code = CL_SUCCESS;
  const cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                              reinterpret_cast<cl_context_properties>(platform_id), 0};
  platform.context = clCreateContext(properties, static_cast<cl_uint>(ids.size()), ids.data(), nullptr, nullptr,
                                     &code);
  if ((status = check(code, "clCreateContext")) != Status::success) {
    return status;
  }
  platform.devices = std::vector<Device>(ids.size()); // in place: a Device holds a mutex
  platform.allocated.assign(ids.size(), 0);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    Device& device = platform.devices[i];
    device.id = ids[i];
    cl_device_svm_capabilities svm = 0;
    clGetDeviceInfo(device.id, CL_DEVICE_SVM_CAPABILITIES, sizeof(svm), &svm, nullptr);
    if ((svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) == 0) {
      return fail(Status::unknown, "OpenCL device " + std::to_string(i) + " has no fine-grained SVM buffers");
    }
    cl_ulong memory = 0;
    clGetDeviceInfo(device.id, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(memory), &memory, nullptr);
    device.total_memory = static_cast<std::size_t>(memory);
    if (spec_memory_bytes != 0 && spec_memory_bytes < device.total_memory) {
      device.total_memory = spec_memory_bytes; // the spec's budget: beyond it, allocations fail as out of memory
    }
    if ((status = create_queue(platform, static_cast<int>(i), &device.default_stream)) != Status::success) {
      return status;
    }
  }
  return Status::success;
}

// The started platform, or null with the reason in last_error.
Platform* platform() {
  static Platform* started = [] {
    auto* p = new Platform; // never destroyed: queues may still be referenced at exit
    if (start(*p) != Status::success) {
      delete p;
      return static_cast<Platform*>(nullptr);
    }
    platform_started.store(true);
    return p;
  }();
  if (started == nullptr) {
    last_error = "the OpenCL platform could not be started";
  }
  return started;
}

OclStream* native(Stream stream) {
  if (stream != nullptr) {
    return reinterpret_cast<OclStream*>(stream);
  }
  Platform* p = platform();
  return p == nullptr ? nullptr : &p->devices[current_device].default_stream;
}

OclEvent* native(Event event) {
  return reinterpret_cast<OclEvent*>(event);
}

Status take_task_failure(OclStream* stream) {
  if (stream->task_failed) {
    stream->task_failed = false;
    return fail(Status::kernel_failed, "a kernel of this stream failed");
  }
  return Status::success;
}

} // namespace

cl_command_queue opencl_queue(Stream stream) {
  OclStream* s = native(stream);
  return s == nullptr ? nullptr : s->queue;
}

cl_context opencl_context() {
  Platform* p = platform();
  return p == nullptr ? nullptr : p->context;
}

cl_device_id opencl_device(int device) {
  Platform* p = platform();
  return p == nullptr || device < 0 || device >= static_cast<int>(p->devices.size()) ? nullptr
                                                                                      : p->devices[device].id;
}

Status enqueue_kernel(Stream stream, cl_kernel kernel, cl_uint dims, const std::size_t* global) {
  OclStream* s = native(stream);
  if (s == nullptr) {
    return Status::unknown;
  }
  cl_event done = nullptr;
  const Status status = check(clEnqueueNDRangeKernel(s->queue, kernel, dims, nullptr, global, nullptr, 0, nullptr,
                                                     &done),
                              "clEnqueueNDRangeKernel");
  if (status == Status::success) {
    remember(s, done);
    clFlush(s->queue);
  }
  return status;
}

namespace {

// driver.h over OpenCL. `override` makes a signature that changed in driver.h a compile error here.
class OpenclDriver final : public Driver {
 public:
  std::string last_error_message() override {
    return last_error;
  }

  void clear_last_error() noexcept override {
    last_error.clear();
  }

  Status configure(const PlatformSpec& spec) override {
    spec_device_count = spec.device_count; // the devices are the ones OpenCL finds; this is only the forecast
    spec_memory_bytes = spec.memory_bytes;
    spec_platform = spec;
    spec_display_name = spec.display_name;
    return Status::success;
  }

  Status peek_device_count(int* count) override {
    // Before the platform starts, the spec's count: even listing OpenCL devices loads the ICD, and PoCL starts
    // its worker threads when it loads, which a process that forks afterwards (DataLoader workers) cannot use.
    if (platform_started.load()) {
      return get_device_count(count);
    }
    *count = spec_device_count;
    return Status::success;
  }

  Status get_device_count(int* count) override {
    Platform* p = platform();
    *count = p == nullptr ? 0 : static_cast<int>(p->devices.size());
    return p == nullptr ? Status::unknown : Status::success;
  }

  Status get_device(int* device) override {
    *device = current_device;
    return Status::success;
  }

  Status set_device(int device) override {
    int count = 0;
    if (Status status = get_device_count(&count); status != Status::success) {
      return status;
    }
    if (device < 0 || device >= count) {
      return fail(Status::invalid_device, "device " + std::to_string(device) + " of " + std::to_string(count));
    }
    current_device = device;
    return Status::success;
  }

  Status get_device_properties(DeviceProperties* properties, int device) override {
    Platform* p = platform();
    if (p == nullptr) {
      return Status::unknown;
    }
    if (device < 0 || device >= static_cast<int>(p->devices.size())) {
      return fail(Status::invalid_device, "no OpenCL device " + std::to_string(device));
    }
    // PyTorch sees the device as the spec describes it (the OpenCL device name is in CL_DEVICE_NAME).
    properties->name = spec_display_name;
    properties->total_memory = p->devices[device].total_memory;
    properties->compute_capability_major = spec_platform.compute_capability_major;
    properties->compute_capability_minor = spec_platform.compute_capability_minor;
    properties->multiprocessor_count = spec_platform.multiprocessor_count;
    return Status::success;
  }

  Status device_synchronize() override {
    Platform* p = platform();
    if (p == nullptr) {
      return Status::unknown;
    }
    std::vector<OclStream*> streams{&p->devices[current_device].default_stream};
    {
      std::lock_guard<std::mutex> lock(p->mutex);
      for (OclStream* s : p->created) {
        if (s->device == current_device) {
          streams.push_back(s);
        }
      }
    }
    Status result = Status::success;
    for (OclStream* s : streams) {
      Status status = check(clFinish(s->queue), "clFinish");
      if (status == Status::success) {
        status = take_task_failure(s);
      }
      if (result == Status::success) {
        result = status;
      }
    }
    return result;
  }

  Status malloc(void** device_ptr, std::size_t size) override {
    *device_ptr = nullptr;
    if (size == 0) {
      return Status::success;
    }
    Platform* p = platform();
    if (p == nullptr) {
      return Status::unknown;
    }
    {
      std::lock_guard<std::mutex> lock(p->mutex);
      if (size > p->devices[current_device].total_memory - p->allocated[current_device]) {
        return fail(Status::out_of_memory, "out of memory: " + std::to_string(size) + " bytes requested, " +
                                               std::to_string(p->devices[current_device].total_memory -
                                                              p->allocated[current_device]) +
                                               " free");
      }
    }
    void* ptr = clSVMAlloc(p->context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, size, 0);
    if (ptr == nullptr) {
      return fail(Status::out_of_memory, "clSVMAlloc of " + std::to_string(size) + " bytes failed");
    }
    std::lock_guard<std::mutex> lock(p->mutex);
    p->allocations[reinterpret_cast<std::uintptr_t>(ptr)] = Allocation{size, current_device};
    p->allocated[current_device] += size;
    *device_ptr = ptr;
    return Status::success;
  }

  Status free(void* device_ptr) override {
    if (device_ptr == nullptr) {
      return Status::success;
    }
    Platform* p = platform();
    if (p == nullptr) {
      return Status::unknown;
    }
    {
      std::lock_guard<std::mutex> lock(p->mutex);
      auto it = p->allocations.find(reinterpret_cast<std::uintptr_t>(device_ptr));
      if (it == p->allocations.end() || it->second.device < 0) {
        return fail(Status::invalid_device_pointer, "not an allocation of this driver");
      }
      p->allocated[it->second.device] -= it->second.size;
      p->allocations.erase(it);
    }
    clSVMFree(p->context, device_ptr);
    return Status::success;
  }

  Status mem_get_info(std::size_t* free_bytes, std::size_t* total_bytes) override {
    Platform* p = platform();
    if (p == nullptr) {
      return Status::unknown;
    }
    std::lock_guard<std::mutex> lock(p->mutex);
    *total_bytes = p->devices[current_device].total_memory;
    const std::size_t used = p->allocated[current_device];
    *free_bytes = used < *total_bytes ? *total_bytes - used : 0;
    return Status::success;
  }

  Status pointer_get_attributes(PointerAttributes* attributes, const void* ptr) override {
    *attributes = PointerAttributes{};
    Platform* p = platform();
    if (p == nullptr || ptr == nullptr) {
      return Status::success;
    }
    const auto address = reinterpret_cast<std::uintptr_t>(ptr);
    std::lock_guard<std::mutex> lock(p->mutex);
    auto it = p->allocations.upper_bound(address);
    if (it == p->allocations.begin()) {
      return Status::success;
    }
    --it;
    if (address >= it->first + it->second.size) {
      return Status::success;
    }
    attributes->type = it->second.device < 0 ? MemoryType::host : MemoryType::device;
    attributes->device = it->second.device;
    attributes->base = reinterpret_cast<void*>(it->first);
    attributes->size = it->second.size;
    return Status::success;
  }

  Status host_alloc(void** host_ptr, std::size_t size) override {
    *host_ptr = nullptr;
    Platform* p = platform();
    if (p == nullptr) {
      return Status::unknown;
    }
    constexpr std::size_t kPage = 4096;
    void* ptr = std::aligned_alloc(kPage, (size + kPage - 1) / kPage * kPage);
    if (ptr == nullptr) {
      return fail(Status::out_of_memory, "pinned host allocation of " + std::to_string(size) + " bytes failed");
    }
    std::lock_guard<std::mutex> lock(p->mutex);
    p->allocations[reinterpret_cast<std::uintptr_t>(ptr)] = Allocation{size, -1};
    *host_ptr = ptr;
    return Status::success;
  }

  Status free_host(void* host_ptr) override {
    if (host_ptr == nullptr) {
      return Status::success;
    }
    Platform* p = platform();
    if (p == nullptr) {
      return Status::unknown;
    }
    {
      std::lock_guard<std::mutex> lock(p->mutex);
      auto it = p->allocations.find(reinterpret_cast<std::uintptr_t>(host_ptr));
      if (it == p->allocations.end() || it->second.device >= 0) {
        return fail(Status::invalid_value, "not pinned host memory of this driver");
      }
      p->allocations.erase(it);
    }
    std::free(host_ptr);
    return Status::success;
  }

  Status stream_create(Stream* stream, int priority) override {
    Platform* p = platform();
    if (p == nullptr) {
      return Status::unknown;
    }
    auto created = std::make_unique<OclStream>();
    if (Status status = create_queue(*p, current_device, created.get()); status != Status::success) {
      return status;
    }
    created->priority = priority; // OpenCL 3.0 queues have no priorities; the value is kept for PyTorch
    created->id = p->next_stream_id.fetch_add(1);
    std::lock_guard<std::mutex> lock(p->mutex);
    p->created.push_back(created.get());
    *stream = reinterpret_cast<Stream>(created.release());
    return Status::success;
  }

  Status stream_destroy(Stream stream) override {
    OclStream* s = reinterpret_cast<OclStream*>(stream);
    if (s == nullptr) {
      return Status::success;
    }
    if (Platform* p = platform(); p != nullptr) {
      std::lock_guard<std::mutex> lock(p->mutex);
      p->created.erase(std::remove(p->created.begin(), p->created.end(), s), p->created.end());
    }
    clFlush(s->queue);
    clReleaseCommandQueue(s->queue); // pending commands still complete
    delete s;
    return Status::success;
  }

  Status stream_get_default(int device, Stream* stream) override {
    Platform* p = platform();
    if (p == nullptr) {
      return Status::unknown;
    }
    if (device < 0 || device >= static_cast<int>(p->devices.size())) {
      return fail(Status::invalid_device, "no OpenCL device " + std::to_string(device));
    }
    *stream = reinterpret_cast<Stream>(&p->devices[device].default_stream);
    return Status::success;
  }

  Status stream_get_id(Stream stream, std::uint64_t* id) override {
    OclStream* s = native(stream);
    *id = s == nullptr ? 0 : s->id;
    return Status::success;
  }

  Status stream_query(Stream stream) override {
    OclStream* s = native(stream);
    if (s == nullptr) {
      return Status::unknown;
    }
    // In-order queue: idle once the last command enqueued has completed.
    std::lock_guard<std::mutex> lock(s->mutex);
    if (s->last == nullptr) {
      return Status::success;
    }
    cl_int state = CL_QUEUED;
    clGetEventInfo(s->last, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(state), &state, nullptr);
    return state == CL_COMPLETE ? Status::success : Status::not_ready;
  }

  Status stream_synchronize(Stream stream) override {
    OclStream* s = native(stream);
    if (s == nullptr) {
      return Status::unknown;
    }
    if (Status status = check(clFinish(s->queue), "clFinish"); status != Status::success) {
      return status;
    }
    return take_task_failure(s);
  }

  Status stream_priority_range(int* least, int* greatest) override {
    *least = 0;
    *greatest = -1;
    return Status::success;
  }

  Status stream_is_capturing(Stream, bool* capturing) override {
    *capturing = false;
    return Status::success;
  }

  Status event_create(Event* event, bool timing) override {
    auto* created = new OclEvent;
    created->timing = timing;
    *event = reinterpret_cast<Event>(created);
    return Status::success;
  }

  Status event_destroy(Event event) override {
    OclEvent* e = native(event);
    if (e != nullptr && e->marker != nullptr) {
      clReleaseEvent(e->marker);
    }
    delete e;
    return Status::success;
  }

  Status event_record(Event event, Stream stream) override {
    OclEvent* e = native(event);
    OclStream* s = native(stream);
    if (e == nullptr || s == nullptr) {
      return fail(Status::invalid_handle, "event_record on a null event or stream");
    }
    cl_event marker = nullptr;
    if (Status status = check(clEnqueueMarkerWithWaitList(s->queue, 0, nullptr, &marker), "clEnqueueMarker");
        status != Status::success) {
      return status;
    }
    clFlush(s->queue);
    clRetainEvent(marker);
    remember(s, marker);
    if (e->marker != nullptr) {
      clReleaseEvent(e->marker);
    }
    e->marker = marker;
    return Status::success;
  }

  Status event_query(Event event) override {
    OclEvent* e = native(event);
    if (e == nullptr || e->marker == nullptr) {
      return Status::success; // never recorded
    }
    cl_int state = CL_QUEUED;
    clGetEventInfo(e->marker, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(state), &state, nullptr);
    return state == CL_COMPLETE ? Status::success : Status::not_ready;
  }

  Status event_synchronize(Event event) override {
    OclEvent* e = native(event);
    if (e == nullptr || e->marker == nullptr) {
      return Status::success;
    }
    return check(clWaitForEvents(1, &e->marker), "clWaitForEvents");
  }

  Status stream_wait_event(Stream stream, Event event) override {
    OclEvent* e = native(event);
    OclStream* s = native(stream);
    if (s == nullptr) {
      return Status::unknown;
    }
    if (e == nullptr || e->marker == nullptr) {
      return Status::success;
    }
    cl_event done = nullptr;
    const Status status = check(clEnqueueBarrierWithWaitList(s->queue, 1, &e->marker, &done),
                                "clEnqueueBarrierWithWaitList");
    if (status == Status::success) {
      remember(s, done);
    }
    return status;
  }

  Status event_elapsed_time(float* milliseconds, Event start, Event end) override {
    OclEvent* a = native(start);
    OclEvent* b = native(end);
    if (a == nullptr || b == nullptr || a->marker == nullptr || b->marker == nullptr || !a->timing || !b->timing) {
      return fail(Status::invalid_handle, "elapsed_time needs two recorded events created with timing");
    }
    if (event_query(start) != Status::success || event_query(end) != Status::success) {
      return fail(Status::not_ready, "an event has not completed yet");
    }
    cl_ulong t0 = 0;
    cl_ulong t1 = 0;
    Status status = check(clGetEventProfilingInfo(a->marker, CL_PROFILING_COMMAND_END, sizeof(t0), &t0, nullptr),
                          "clGetEventProfilingInfo");
    if (status == Status::success) {
      status = check(clGetEventProfilingInfo(b->marker, CL_PROFILING_COMMAND_END, sizeof(t1), &t1, nullptr),
                     "clGetEventProfilingInfo");
    }
    *milliseconds = static_cast<float>(static_cast<double>(static_cast<long long>(t1 - t0)) / 1e6);
    return status;
  }

  Status memcpy(void* dst, const void* src, std::size_t size, CopyKind) override {
    OclStream* s = native(Stream{nullptr});
    if (s == nullptr) {
      return Status::unknown;
    }
    if (size == 0) {
      return Status::success;
    }
    return check(clEnqueueSVMMemcpy(s->queue, CL_TRUE, dst, src, size, 0, nullptr, nullptr), "clEnqueueSVMMemcpy");
  }

  Status memcpy_async(void* dst, const void* src, std::size_t size, CopyKind, Stream stream) override {
    OclStream* s = native(stream);
    if (s == nullptr) {
      return Status::unknown;
    }
    if (size == 0) {
      return Status::success;
    }
    cl_event done = nullptr;
    const Status status = check(clEnqueueSVMMemcpy(s->queue, CL_FALSE, dst, src, size, 0, nullptr, &done),
                                "clEnqueueSVMMemcpy");
    if (status == Status::success) {
      remember(s, done);
    }
    clFlush(s->queue);
    return status;
  }

  Status memset_async(void* device_ptr, int value, std::size_t size, Stream stream) override {
    OclStream* s = native(stream);
    if (s == nullptr) {
      return Status::unknown;
    }
    if (size == 0) {
      return Status::success;
    }
    const unsigned char byte = static_cast<unsigned char>(value);
    cl_event done = nullptr;
    const Status status = check(clEnqueueSVMMemFill(s->queue, device_ptr, &byte, 1, size, 0, nullptr, &done),
                                "clEnqueueSVMMemFill");
    if (status == Status::success) {
      remember(s, done);
    }
    clFlush(s->queue);
    return status;
  }

  Status launch_host_task(Stream stream, HostTask task, void* args, DestroyArgs destroy_args) override {
    OclStream* s = native(stream);
    if (s == nullptr) {
      return Status::unknown;
    }
    // In stream order: everything enqueued before has finished, nothing enqueued after can start earlier.
    const Status status = check(clFinish(s->queue), "clFinish");
    if (status == Status::success && task(args) != 0) {
      s->task_failed = true;
    }
    if (destroy_args != nullptr) {
      destroy_args(args);
    }
    return status;
  }

  Status host_task_access(const void* device_ptr, void** accessible) override {
    *accessible = const_cast<void*>(device_ptr); // fine-grained SVM: the host sees the same address
    return Status::success;
  }
};

} // namespace

Driver& get() {
  // Never destroyed: the caching allocators still free device memory from static destructors at exit.
  static Driver* const driver = new OpenclDriver();
  return *driver;
}

} // namespace torch_ocl::driver
