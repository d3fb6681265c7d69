// Created by accelgen 0.1.0 from accelgen.yaml. This file is yours: accelgen never overwrites it.
// The driver adapter of the mydevice backend: driver.h implemented over accelsim, the simulated
// device runtime bundled in third_party/accelsim.
//
// This file is yours. To run on your device, replace each function body with your driver's call (the order
// in which to port them, and what PyTorch needs from each, is in csrc/driver/README.md, this tree's porting
// guide) and list your driver's libraries in driver.cmake. Nothing else in the backend names the runtime.
#include "driver/driver.h"

#include <accelsim/accelsim.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace torch_mydevice::driver {

namespace {

Status status_of(accelsimError_t error) {
  switch (error) {
    case accelsimSuccess: return Status::success;
    case accelsimErrorInvalidValue: return Status::invalid_value;
    case accelsimErrorInvalidDevice: return Status::invalid_device;
    case accelsimErrorMemoryAllocation: return Status::out_of_memory;
    case accelsimErrorInvalidDevicePointer: return Status::invalid_device_pointer;
    case accelsimErrorInvalidHandle: return Status::invalid_handle;
    case accelsimErrorNotReady: return Status::not_ready;
    case accelsimErrorStreamCaptureUnsupported: return Status::capture_unsupported;
    case accelsimErrorStreamCaptureInvalidated: return Status::capture_invalidated;
    case accelsimErrorIllegalState: return Status::illegal_state;
    case accelsimErrorKernelFailed: return Status::kernel_failed;
    case accelsimErrorAlreadyInitialized: return Status::illegal_state;
    case accelsimErrorNotPermitted: return Status::illegal_state;
    case accelsimErrorNotSupported: return Status::not_implemented; // host tasks with ACCELSIM_HOST_ACCESS=0
    case accelsimErrorCommTimeout: return Status::comm_failed;
    case accelsimErrorCommAborted: return Status::comm_failed;
    case accelsimErrorCommMismatch: return Status::comm_failed;
    default: return Status::unknown;
  }
}

accelsimStream_t native(Stream stream) {
  return reinterpret_cast<accelsimStream_t>(stream);
}
accelsimEvent_t native(Event event) {
  return reinterpret_cast<accelsimEvent_t>(event);
}
accelsimGraph_t native(Graph graph) {
  return reinterpret_cast<accelsimGraph_t>(graph);
}
accelsimGraphExec_t native(GraphExec exec) {
  return reinterpret_cast<accelsimGraphExec_t>(exec);
}
accelsimComm_t native(Comm comm) {
  return reinterpret_cast<accelsimComm_t>(comm);
}

accelsimDataType_t native(DataType type) {
  switch (type) {
    case DataType::int8: return accelsimInt8;
    case DataType::uint8: return accelsimUint8;
    case DataType::int32: return accelsimInt32;
    case DataType::uint32: return accelsimUint32;
    case DataType::int64: return accelsimInt64;
    case DataType::uint64: return accelsimUint64;
    case DataType::float16: return accelsimFloat16;
    case DataType::float32: return accelsimFloat32;
    case DataType::float64: return accelsimFloat64;
    case DataType::bfloat16: return accelsimBfloat16;
    case DataType::boolean: return accelsimBool;
  }
  return accelsimFloat32;
}

accelsimRedOp_t native(ReduceOp op) {
  switch (op) {
    case ReduceOp::sum: return accelsimSum;
    case ReduceOp::prod: return accelsimProd;
    case ReduceOp::max: return accelsimMax;
    case ReduceOp::min: return accelsimMin;
    case ReduceOp::avg: return accelsimAvg;
  }
  return accelsimSum;
}

accelsimMemcpyKind native(CopyKind kind) {
  switch (kind) {
    case CopyKind::host_to_host: return accelsimMemcpyHostToHost;
    case CopyKind::host_to_device: return accelsimMemcpyHostToDevice;
    case CopyKind::device_to_host: return accelsimMemcpyDeviceToHost;
    case CopyKind::device_to_device: return accelsimMemcpyDeviceToDevice;
  }
  return accelsimMemcpyDefault;
}

// driver.h over accelsim: each function is one runtime call. `override` makes a signature that changed in
// driver.h a compile error here, and the class cannot be instantiated while it lacks a function.
class AccelsimDriver final : public Driver {
 public:
  // Stage 1 (driver.h sections 1 to 5): errors, platform and devices, device memory, streams, copies and memset.
  std::string last_error_message() override {
    std::string message = accelsimGetErrorName(accelsimPeekAtLastError());
    const char* detail = accelsimGetLastErrorMessage();
    if (detail != nullptr && *detail != '\0') {
      message += ": ";
      message += detail;
    }
    return message;
  }

  void clear_last_error() noexcept override {
    (void)accelsimGetLastError();
  }

  Status configure(const PlatformSpec& spec) override {
    accelsimPlatformConfig config{};
    config.device_count = spec.device_count;
    std::snprintf(config.prop.name, sizeof(config.prop.name), "%s", spec.display_name);
    config.prop.total_memory = spec.memory_bytes;
    config.prop.compute_capability_major = spec.compute_capability_major;
    config.prop.compute_capability_minor = spec.compute_capability_minor;
    config.prop.multiprocessor_count = spec.multiprocessor_count;
    // PyTorch's stream priority convention (as in CUDA): 0 is the default, lower numbers are more urgent.
    config.prop.stream_priority_low = 0;
    config.prop.stream_priority_high = -1;
    configured_device_count_ = spec.device_count;
    const accelsimError_t error = accelsimConfigure(&config);
    if (error == accelsimErrorAlreadyInitialized) {
      // Something touched the runtime first (another library linking it); it keeps its defaults.
      (void)accelsimGetLastError();
      std::fprintf(stderr, "[torch_mydevice] warning: accelsim started before the spec's platform was applied\n");
      return Status::success;
    }
    return status_of(error);
  }

  Status peek_device_count(int* count) override {
    int initialized = 0;
    if (accelsimIsInitialized(&initialized) == accelsimSuccess && initialized != 0) {
      return status_of(accelsimGetDeviceCount(count));
    }
    // Not started: answer from the configuration, with the runtime's own override (ACCELSIM_DEVICE_COUNT).
    *count = configured_device_count_;
    if (const char* env = std::getenv("ACCELSIM_DEVICE_COUNT"); env != nullptr && *env != '\0') {
      char* end = nullptr;
      const long n = std::strtol(env, &end, 10);
      if (end != nullptr && *end == '\0' && n >= 0 && n <= 64) {
        *count = static_cast<int>(n);
      }
    }
    return Status::success;
  }

  Status get_device_count(int* count) override {
    return status_of(accelsimGetDeviceCount(count));
  }

  Status get_device(int* device) override {
    return status_of(accelsimGetDevice(device));
  }

  Status set_device(int device) override {
    return status_of(accelsimSetDevice(device));
  }

  Status get_device_properties(DeviceProperties* properties, int device) override {
    accelsimDeviceProp prop{};
    const Status status = status_of(accelsimGetDeviceProperties(&prop, device));
    if (status == Status::success) {
      properties->name = prop.name;
      properties->total_memory = prop.total_memory;
      properties->compute_capability_major = prop.compute_capability_major;
      properties->compute_capability_minor = prop.compute_capability_minor;
      properties->multiprocessor_count = prop.multiprocessor_count;
      // accelsim runs host tasks over device memory unless ACCELSIM_HOST_ACCESS=0 makes it a discrete device
      // whose memory host code cannot reach; the backend then keeps host tasks out of its own paths.
      int host_access = 1;
      const Status access_status = status_of(accelsimDeviceGetHostAccess(&host_access, device));
      if (access_status != Status::success) {
        return access_status;
      }
      properties->host_accessible_memory = host_access != 0;
      properties->warp_size = prop.warp_size;
      properties->max_threads_per_multi_processor = prop.max_threads_per_multi_processor;
      properties->max_threads_per_block = prop.max_threads_per_block;
      properties->shared_memory_per_block = prop.shared_memory_per_block;
      properties->shared_memory_per_multiprocessor = prop.shared_memory_per_multiprocessor;
      properties->l2_cache_size = prop.L2_cache_size;
      properties->clock_rate_khz = prop.clock_rate;
      properties->memory_clock_rate_khz = prop.memory_clock_rate;
      properties->memory_bus_width = prop.memory_bus_width;
      properties->is_integrated = prop.is_integrated != 0;
      properties->is_multi_gpu_board = prop.is_multi_gpu_board != 0;
      properties->uuid = prop.uuid;
      properties->pci_domain_id = prop.pci_domain_id;
      properties->pci_bus_id = prop.pci_bus_id;
      properties->pci_device_id = prop.pci_device_id;
    }
    return status;
  }

  // Device monitoring (section 12): accelsim's own activity counters and its model of temperature and power.
  Status device_query(DeviceQuery query, int device, std::int64_t* value) override {
    unsigned result = 0;
    unsigned memory = 0;
    accelsimError_t error = accelsimSuccess;
    switch (query) {
      case DeviceQuery::utilization_percent:
        error = accelsimDeviceGetUtilization(device, &result, &memory);
        break;
      case DeviceQuery::memory_percent:
        error = accelsimDeviceGetUtilization(device, &memory, &result);
        break;
      case DeviceQuery::temperature_celsius:
        error = accelsimDeviceGetTemperature(device, &result);
        break;
      case DeviceQuery::power_milliwatts:
        error = accelsimDeviceGetPowerUsage(device, &result);
        break;
      case DeviceQuery::clock_rate_mhz:
        error = accelsimDeviceGetClockRate(device, &result);
        break;
    }
    *value = result;
    return status_of(error);
  }

  Status device_processes(int device, std::vector<DeviceProcess>* processes) override {
    accelsimProcessInfo info{};
    int count = 1;
    const Status status = status_of(accelsimDeviceGetProcesses(device, &info, &count));
    if (status == Status::success) {
      processes->assign(1, DeviceProcess{info.pid, info.used_bytes});
    }
    return status;
  }

  Status device_synchronize() override {
    return status_of(accelsimDeviceSynchronize());
  }

  Status malloc(void** device_ptr, std::size_t size) override {
    return status_of(accelsimMalloc(device_ptr, size));
  }

  Status free(void* device_ptr) override {
    return status_of(accelsimFree(device_ptr));
  }

  Status mem_get_info(std::size_t* free_bytes, std::size_t* total_bytes) override {
    return status_of(accelsimMemGetInfo(free_bytes, total_bytes));
  }

  // Virtual memory (section 11): accelsim's cuMem*-shaped calls (expandable segments), where the device has them
  // (ACCELSIM_VIRTUAL_MEMORY=0 makes devices without).
  bool supports_virtual_memory() override {
    int device = 0;
    int supported = 0;
    return accelsimGetDevice(&device) == accelsimSuccess &&
           accelsimDeviceGetVirtualMemorySupport(&supported, device) == accelsimSuccess && supported != 0;
  }

  Status mem_granularity(std::size_t* bytes) override {
    return status_of(accelsimMemGetGranularity(bytes));
  }

  Status mem_address_reserve(void** ptr, std::size_t size) override {
    return status_of(accelsimMemAddressReserve(ptr, size));
  }

  Status mem_address_free(void* ptr, std::size_t size) override {
    return status_of(accelsimMemAddressFree(ptr, size));
  }

  Status mem_create(MemHandle* handle, std::size_t size) override {
    accelsimMemHandle_t created = nullptr;
    const Status status = status_of(accelsimMemCreate(&created, size));
    *handle = reinterpret_cast<MemHandle>(created);
    return status;
  }

  Status mem_release(MemHandle handle) override {
    return status_of(accelsimMemRelease(reinterpret_cast<accelsimMemHandle_t>(handle)));
  }

  Status mem_map(void* ptr, std::size_t size, MemHandle handle) override {
    return status_of(accelsimMemMap(ptr, size, reinterpret_cast<accelsimMemHandle_t>(handle)));
  }

  Status mem_unmap(void* ptr, std::size_t size) override {
    return status_of(accelsimMemUnmap(ptr, size));
  }

  Status pointer_get_attributes(PointerAttributes* attributes, const void* ptr) override {
    accelsimPointerAttributes native_attributes{};
    const Status status = status_of(accelsimPointerGetAttributes(&native_attributes, ptr));
    if (status == Status::success) {
      attributes->type = native_attributes.type == accelsimMemoryTypeDevice ? MemoryType::device
                         : native_attributes.type == accelsimMemoryTypeHost ? MemoryType::host
                                                                            : MemoryType::unregistered;
      attributes->device = native_attributes.device;
      attributes->base = native_attributes.base;
      attributes->size = native_attributes.size;
    }
    return status;
  }

  Status stream_create(Stream* stream, int priority) override {
    accelsimStream_t created = nullptr;
    const Status status = status_of(accelsimStreamCreateWithPriority(&created, priority));
    *stream = reinterpret_cast<Stream>(created);
    return status;
  }

  Status stream_destroy(Stream stream) override {
    return status_of(accelsimStreamDestroy(native(stream)));
  }

  Status stream_get_default(int device, Stream* stream) override {
    accelsimStream_t found = nullptr;
    const Status status = status_of(accelsimStreamGetDefault(device, &found));
    *stream = reinterpret_cast<Stream>(found);
    return status;
  }

  Status stream_get_id(Stream stream, std::uint64_t* id) override {
    return status_of(accelsimStreamGetId(native(stream), id));
  }

  // External streams (section 13): an accelsimStream_t another library created, if it lives on `device`.
  Status stream_adopt(void* native_handle, int device, Stream* stream) override {
    const auto handle = static_cast<accelsimStream_t>(native_handle);
    int owner = -1;
    const Status status = status_of(accelsimStreamGetDevice(handle, &owner));
    if (status != Status::success) {
      return status;
    }
    if (owner != device) {
      return Status::invalid_device;
    }
    *stream = reinterpret_cast<Stream>(handle);
    return Status::success;
  }

  Status stream_query(Stream stream) override {
    return status_of(accelsimStreamQuery(native(stream)));
  }

  Status stream_synchronize(Stream stream) override {
    return status_of(accelsimStreamSynchronize(native(stream)));
  }

  Status stream_priority_range(int* least, int* greatest) override {
    return status_of(accelsimDeviceGetStreamPriorityRange(least, greatest));
  }

  Status stream_is_capturing(Stream stream, bool* capturing) override {
    int native_capturing = 0;
    const Status status = status_of(accelsimStreamIsCapturing(native(stream), &native_capturing));
    *capturing = native_capturing != 0;
    return status;
  }

  Status memcpy(void* dst, const void* src, std::size_t size, CopyKind kind) override {
    return status_of(accelsimMemcpy(dst, src, size, native(kind)));
  }

  Status memcpy_async(void* dst, const void* src, std::size_t size, CopyKind kind, Stream stream) override {
    return status_of(accelsimMemcpyAsync(dst, src, size, native(kind), native(stream)));
  }

  Status memset_async(void* device_ptr, int value, std::size_t size, Stream stream) override {
    return status_of(accelsimMemsetAsync(device_ptr, value, size, native(stream)));
  }

  // Stage 2 (sections 6 to 8): events, pinned host memory, graphs, each once its capability is on.
  Status event_create(Event* event, bool timing) override {
    accelsimEvent_t created = nullptr;
    const Status status = status_of(
        accelsimEventCreateWithFlags(&created, timing ? accelsimEventDefault : accelsimEventDisableTiming));
    *event = reinterpret_cast<Event>(created);
    return status;
  }

  Status event_destroy(Event event) override {
    return status_of(accelsimEventDestroy(native(event)));
  }

  Status event_record(Event event, Stream stream) override {
    return status_of(accelsimEventRecord(native(event), native(stream)));
  }

  Status event_query(Event event) override {
    return status_of(accelsimEventQuery(native(event)));
  }

  Status event_synchronize(Event event) override {
    return status_of(accelsimEventSynchronize(native(event)));
  }

  Status stream_wait_event(Stream stream, Event event) override {
    return status_of(accelsimStreamWaitEvent(native(stream), native(event)));
  }

  Status event_elapsed_time(float* milliseconds, Event start, Event end) override {
    return status_of(accelsimEventElapsedTime(milliseconds, native(start), native(end)));
  }

  Status host_alloc(void** host_ptr, std::size_t size) override {
    return status_of(accelsimHostAlloc(host_ptr, size));
  }

  Status free_host(void* host_ptr) override {
    return status_of(accelsimFreeHost(host_ptr));
  }

  Status stream_begin_capture(Stream stream) override {
    return status_of(accelsimStreamBeginCapture(native(stream)));
  }

  Status stream_end_capture(Stream stream, Graph* graph) override {
    accelsimGraph_t captured = nullptr;
    const Status status = status_of(accelsimStreamEndCapture(native(stream), &captured));
    *graph = reinterpret_cast<Graph>(captured);
    return status;
  }

  Status graph_instantiate(GraphExec* exec, Graph graph) override {
    accelsimGraphExec_t created = nullptr;
    const Status status = status_of(accelsimGraphInstantiate(&created, native(graph)));
    *exec = reinterpret_cast<GraphExec>(created);
    return status;
  }

  Status graph_launch(GraphExec exec, Stream stream) override {
    return status_of(accelsimGraphLaunch(native(exec), native(stream)));
  }

  Status graph_node_count(Graph graph, std::size_t* count) override {
    return status_of(accelsimGraphGetNodeCount(native(graph), count));
  }

  Status graph_exec_destroy(GraphExec exec) override {
    return status_of(accelsimGraphExecDestroy(native(exec)));
  }

  Status graph_destroy(Graph graph) override {
    return status_of(accelsimGraphDestroy(native(graph)));
  }

  // Stage 3 (section 9): host tasks, what the scaffolded kernels of csrc/kernels/ and torch.compile run on.
  Status launch_host_task(Stream stream, HostTask task, void* args, DestroyArgs destroy_args) override {
    return status_of(accelsimLaunchKernel(native(stream), task, args, destroy_args));
  }

  Status host_task_access(const void* device_ptr, void** accessible) override {
    return status_of(accelsimKernelAccess(device_ptr, accessible));
  }

  // Section 10: collectives, over accelsim's shared-memory communicators (accelsim_comm.h). A vendor library
  // maps one to one: ncclGetUniqueId, ncclCommInitRank, ncclAllReduce(..., stream), ncclGroupStart/End, ...
  bool supports_collectives() override {
    return true;
  }

  Status comm_get_unique_id(CommUniqueId* id) override {
    static_assert(sizeof(accelsimCommUniqueId) == kCommUniqueIdBytes, "unique id sizes differ");
    accelsimCommUniqueId native_id{};
    const Status status = status_of(accelsimCommGetUniqueId(&native_id));
    std::memcpy(id->bytes, native_id.internal, kCommUniqueIdBytes);
    return status;
  }

  Status comm_init_rank(Comm* comm, int nranks, const CommUniqueId& id, int rank, const CommConfig& config) override {
    accelsimCommUniqueId native_id{};
    std::memcpy(native_id.internal, id.bytes, kCommUniqueIdBytes);
    // accelsim reads its timeout from the environment when a communicator is created: the group's timeout
    // applies unless the user set ACCELSIM_COMM_TIMEOUT_MS.
    static std::mutex env_mutex;
    static bool env_is_ours = false;
    accelsimComm_t created = nullptr;
    accelsimError_t error = accelsimSuccess;
    {
      // Held through the call, which reads the variable first: one process creates its communicators in turn.
      std::unique_lock<std::mutex> lock(env_mutex);
      if (config.timeout_ms > 0 && (env_is_ours || std::getenv("ACCELSIM_COMM_TIMEOUT_MS") == nullptr)) {
        setenv("ACCELSIM_COMM_TIMEOUT_MS", std::to_string(config.timeout_ms).c_str(), /*overwrite=*/1);
        env_is_ours = true;
      }
      error = accelsimCommInitRank(&created, nranks, native_id, rank);
    }
    const Status status = status_of(error);
    *comm = reinterpret_cast<Comm>(created);
    return status;
  }

  Status comm_destroy(Comm comm) override {
    return status_of(accelsimCommDestroy(native(comm)));
  }

  Status comm_abort(Comm comm) override {
    return status_of(accelsimCommAbort(native(comm)));
  }

  Status comm_get_async_error(Comm comm, Status* error, std::string* message) override {
    accelsimError_t native_error = accelsimSuccess;
    char text[512] = {};
    const Status status = status_of(accelsimCommGetAsyncError(native(comm), &native_error, text, sizeof(text)));
    *error = status_of(native_error);
    *message = text;
    return status;
  }

  Status all_reduce(const void* send, void* recv, std::size_t count, DataType type, ReduceOp op, Comm comm,
                    Stream stream) override {
    return status_of(accelsimAllReduce(send, recv, count, native(type), native(op), native(comm), native(stream)));
  }

  Status broadcast(const void* send, void* recv, std::size_t count, DataType type, int root, Comm comm,
                   Stream stream) override {
    return status_of(accelsimBroadcast(send, recv, count, native(type), root, native(comm), native(stream)));
  }

  Status reduce(const void* send, void* recv, std::size_t count, DataType type, ReduceOp op, int root, Comm comm,
                Stream stream) override {
    return status_of(
        accelsimReduce(send, recv, count, native(type), native(op), root, native(comm), native(stream)));
  }

  Status all_gather(const void* send, void* recv, std::size_t send_count, DataType type, Comm comm,
                    Stream stream) override {
    return status_of(accelsimAllGather(send, recv, send_count, native(type), native(comm), native(stream)));
  }

  Status reduce_scatter(const void* send, void* recv, std::size_t recv_count, DataType type, ReduceOp op,
                        Comm comm, Stream stream) override {
    return status_of(
        accelsimReduceScatter(send, recv, recv_count, native(type), native(op), native(comm), native(stream)));
  }

  Status all_to_all(const void* send, const std::size_t* send_counts, const std::size_t* send_displs, void* recv,
                    const std::size_t* recv_counts, const std::size_t* recv_displs, DataType type, Comm comm,
                    Stream stream) override {
    return status_of(accelsimAllToAllv(send, send_counts, send_displs, recv, recv_counts, recv_displs, native(type),
                                       native(comm), native(stream)));
  }

  Status comm_send(const void* send, std::size_t count, DataType type, int peer, Comm comm, Stream stream) override {
    return status_of(accelsimSend(send, count, native(type), peer, native(comm), native(stream)));
  }

  Status comm_recv(void* recv, std::size_t count, DataType type, int peer, Comm comm, Stream stream) override {
    return status_of(accelsimRecv(recv, count, native(type), peer, native(comm), native(stream)));
  }

  Status group_start() override {
    return status_of(accelsimGroupStart());
  }

  Status group_end() override {
    return status_of(accelsimGroupEnd());
  }

 private:
  int configured_device_count_ = 0; // the spec's device.count, until the runtime starts
};

} // namespace

Driver& get() {
  // Never destroyed: the caching allocators still free device memory from static destructors at exit.
  static Driver* const driver = new AccelsimDriver();
  return *driver;
}

} // namespace torch_mydevice::driver
