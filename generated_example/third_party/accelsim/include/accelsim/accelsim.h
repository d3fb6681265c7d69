// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
/*
 * accelsim: the simulated device runtime bundled with every accelgen backend.
 *
 * It plays the part a vendor's driver runtime plays (CUDA runtime, ACL, CNRT, MUSA) but runs on the CPU,
 * and it behaves like a discrete accelerator so that backend bugs cannot hide:
 *   - device memory lives in a separate arena per device; a device pointer is never readable or writable
 *     by host code (touching one faults), only by work the runtime executes (copies and kernels);
 *   - work is asynchronous: streams are in-order queues executed by runtime worker threads;
 *   - ordering between streams goes through events, never through host blocking;
 *   - a stream can be captured into a graph that is replayed later;
 *   - with ACCELSIM_HOST_ACCESS=0 it runs no host code over device memory at all (no host-function kernels), as a
 *     discrete device whose memory the host cannot address: see accelsimDeviceGetHostAccess. The device's own
 *     code (accelsimLaunchDeviceFunction) runs on every device.
 *
 * Conventions (as in driver runtimes): every call returns an accelsimError_t; the last error of the calling
 * thread, with a message, is kept and can be read with accelsimGetLastError/accelsimGetLastErrorMessage.
 */
#ifndef ACCELSIM_ACCELSIM_H_
#define ACCELSIM_ACCELSIM_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACCELSIM_VERSION_MAJOR 1
#define ACCELSIM_VERSION_MINOR 4

typedef enum accelsimError {
  accelsimSuccess = 0,
  accelsimErrorInvalidValue = 1,        /* a null pointer, a negative size, an unknown flag */
  accelsimErrorInvalidDevice = 2,       /* device index out of range */
  accelsimErrorMemoryAllocation = 3,    /* out of device (or pinned host) memory */
  accelsimErrorInvalidDevicePointer = 4,/* not a pointer this runtime allocated */
  accelsimErrorInvalidHandle = 5,       /* destroyed or foreign stream/event/graph */
  accelsimErrorNotReady = 6,            /* query: the work is still pending (not a failure) */
  accelsimErrorStreamCaptureUnsupported = 7, /* operation not allowed while a stream is capturing */
  accelsimErrorStreamCaptureInvalidated = 8, /* capture was broken by an illegal operation */
  accelsimErrorIllegalState = 9,        /* e.g. end capture on a stream that is not capturing */
  accelsimErrorAlreadyInitialized = 10, /* accelsimConfigure after the runtime started */
  accelsimErrorKernelFailed = 11,       /* a kernel reported failure; sticky per stream until synchronized */
  accelsimErrorNotPermitted = 12,       /* kernel-only call made from host code */
  accelsimErrorNotSupported = 13,       /* the device does not do this (kernels with ACCELSIM_HOST_ACCESS=0) */
  accelsimErrorCommTimeout = 14,        /* a communicator's peer exited or did not arrive within the timeout */
  accelsimErrorCommAborted = 15,        /* the communicator was aborted (accelsimCommAbort on some rank) */
  accelsimErrorCommMismatch = 16,       /* the ranks of a communicator issued operations that do not match */
  accelsimErrorUnknown = 999
} accelsimError_t;

/* Platform description, normally generated from the device spec (accelgen.yaml). */
typedef struct accelsimDeviceProp {
  char name[128];
  size_t total_memory;        /* bytes of device memory (the arena capacity) */
  int compute_capability_major;
  int compute_capability_minor;
  int multiprocessor_count;   /* informative, reported to PyTorch as device properties */
  int stream_priority_low;    /* numerically greatest priority (least urgent), e.g. 0 */
  int stream_priority_high;   /* numerically lowest priority (most urgent), e.g. -1 */
  /* Informative, as CUDA's device properties name them (0 or "" in accelsimConfigure: accelsim's default). */
  int warp_size;                        /* lanes that execute together (default 32) */
  int max_threads_per_multi_processor;  /* default 2048 */
  int max_threads_per_block;            /* default 1024 */
  size_t shared_memory_per_block;       /* bytes (default 48 KiB) */
  size_t shared_memory_per_multiprocessor; /* bytes (default 228 KiB) */
  size_t L2_cache_size;                 /* bytes (default 4 MiB) */
  int clock_rate;                       /* kHz (default 1410000) */
  int memory_clock_rate;                /* kHz (default 1593000) */
  int memory_bus_width;                 /* bits (default 4096) */
  int is_integrated;                    /* 0: discrete (accelsim is), 1: shares the host's memory */
  int is_multi_gpu_board;               /* 0 */
  char uuid[37];                        /* 8-4-4-4-12 hexadecimal digits (default: derived from the index) */
  int pci_domain_id;                    /* default 0 */
  int pci_bus_id;                       /* default 0x10 + device index */
  int pci_device_id;                    /* default 0 */
} accelsimDeviceProp;

typedef struct accelsimPlatformConfig {
  int device_count;           /* overridden by the environment variable ACCELSIM_DEVICE_COUNT */
  accelsimDeviceProp prop;    /* every device gets these properties */
} accelsimPlatformConfig;

/* Configure the platform. Must come before any other call initializes the runtime (initialization is lazy
 * and thread-safe); afterwards it returns accelsimErrorAlreadyInitialized. Without it, a default platform
 * (2 devices of 1 GiB named "accelsim") is used. */
accelsimError_t accelsimConfigure(const accelsimPlatformConfig* config);

/* Errors. */
const char* accelsimGetErrorString(accelsimError_t error); /* a string for every code, never null */
const char* accelsimGetErrorName(accelsimError_t error);   /* "accelsimErrorInvalidValue", ... */
accelsimError_t accelsimGetLastError(void);                /* returns and clears the thread's last error */
accelsimError_t accelsimPeekAtLastError(void);             /* returns without clearing */
const char* accelsimGetLastErrorMessage(void);             /* detail of the thread's last error, "" if none */

/* Devices. The current device is per thread and starts at 0. */
accelsimError_t accelsimGetDeviceCount(int* count);
accelsimError_t accelsimGetDevice(int* device);
accelsimError_t accelsimSetDevice(int device);
accelsimError_t accelsimGetDeviceProperties(accelsimDeviceProp* prop, int device);
accelsimError_t accelsimDeviceSynchronize(void);           /* waits for every stream of the current device */
accelsimError_t accelsimIsInitialized(int* initialized);   /* never initializes */

/* Device memory: separate arena per device. */
accelsimError_t accelsimMalloc(void** dev_ptr, size_t size);      /* on the current device; size 0 gives NULL */
accelsimError_t accelsimFree(void* dev_ptr);                      /* NULL is a no-op; waits for nothing */
accelsimError_t accelsimMemGetInfo(size_t* free_bytes, size_t* total_bytes); /* current device */

/* Virtual memory, in the shape of the CUDA driver's cuMemAddressReserve/cuMemCreate/cuMemMap: an address range
 * is reserved once and physical memory is created and mapped into it piece by piece, so that one range can grow
 * and shrink in place (the caching allocator's expandable segments). Sizes and addresses are multiples of the
 * granularity. Physical memory counts against the device's memory as accelsimMalloc does; mapped memory is usable
 * at once (no access flags to set). Unlike a real driver, accelsim does not keep a handle's contents across an
 * unmap. Since 1.3. */
typedef struct accelsimMemHandle_st* accelsimMemHandle_t;
accelsimError_t accelsimMemGetGranularity(size_t* granularity);
accelsimError_t accelsimMemAddressReserve(void** ptr, size_t size);   /* current device; no memory yet */
accelsimError_t accelsimMemAddressFree(void* ptr, size_t size);       /* the whole reservation, nothing mapped */
accelsimError_t accelsimMemCreate(accelsimMemHandle_t* handle, size_t size); /* on the current device */
accelsimError_t accelsimMemRelease(accelsimMemHandle_t handle);       /* freed now, or at its unmap if mapped */
accelsimError_t accelsimMemMap(void* ptr, size_t size, accelsimMemHandle_t handle); /* the whole handle */
accelsimError_t accelsimMemUnmap(void* ptr, size_t size);             /* a run of whole mappings */
/* Whether the device manages virtual memory (*supported = 1 by default). The environment variable
 * ACCELSIM_VIRTUAL_MEMORY=0, read once when the runtime initializes, makes a device without it, as some drivers
 * are: *supported = 0, and accelsimMemAddressReserve and accelsimMemCreate fail with accelsimErrorNotSupported. */
accelsimError_t accelsimDeviceGetVirtualMemorySupport(int* supported, int device);

/* Device monitoring, what NVML gives for CUDA, from accelsim's own counters: the time each device spent running
 * kernels (device functions, host tasks, collectives, replayed graphs) and touching its memory (those, plus copies
 * and memsets). A sample covers the time since the previous one; a query at least 100 ms after the previous sample
 * of the device takes a new one, earlier queries return the previous sample (the first covers the time since the
 * runtime started). Utilization and memory are percentages of the sample's time (several busy streams count
 * once: at most 100). Temperature and power are a model of an accelerator at that utilization (30 to 80 degrees
 * C, 25 W to 300 W), the clock rate the device's SM clock (accelsimDeviceProp.clock_rate). Each initializes the
 * runtime. */
accelsimError_t accelsimDeviceGetUtilization(int device, unsigned* compute_percent, unsigned* memory_percent);
accelsimError_t accelsimDeviceGetTemperature(int device, unsigned* celsius);
accelsimError_t accelsimDeviceGetPowerUsage(int device, unsigned* milliwatts);
accelsimError_t accelsimDeviceGetClockRate(int device, unsigned* mhz);
/* Processes using the device, with the device memory each holds: accelsim's memory is private to each process, so
 * this is the calling process (if it holds device memory or has used the device). In: *count is the capacity of
 * `infos`; out: the number of processes (accelsimErrorInvalidValue, with *count set, if the capacity is short). */
typedef struct accelsimProcessInfo {
  long long pid;
  size_t used_bytes;
} accelsimProcessInfo;
accelsimError_t accelsimDeviceGetProcesses(int device, accelsimProcessInfo* infos, int* count);

/* Pinned (page-locked) host memory. */
accelsimError_t accelsimHostAlloc(void** host_ptr, size_t size);
accelsimError_t accelsimFreeHost(void* host_ptr);

typedef enum accelsimMemoryType {
  accelsimMemoryTypeUnregistered = 0, /* pageable host memory or unknown pointer */
  accelsimMemoryTypeHost = 1,         /* pinned host memory from accelsimHostAlloc */
  accelsimMemoryTypeDevice = 2
} accelsimMemoryType;

typedef struct accelsimPointerAttributes {
  accelsimMemoryType type;
  int device;        /* owning device for device memory, -1 otherwise */
  void* base;        /* start of the allocation that contains the pointer (NULL if unregistered) */
  size_t size;       /* size of that allocation */
} accelsimPointerAttributes;

/* Works for interior pointers too. Unknown pointers give type Unregistered and accelsimSuccess. */
accelsimError_t accelsimPointerGetAttributes(accelsimPointerAttributes* attributes, const void* ptr);

/* Streams: in-order asynchronous queues. A NULL stream means the current device's default stream. */
typedef struct accelsimStream_st* accelsimStream_t;

accelsimError_t accelsimStreamCreate(accelsimStream_t* stream);                 /* current device, priority 0 */
accelsimError_t accelsimStreamCreateWithPriority(accelsimStream_t* stream, int priority);
accelsimError_t accelsimStreamDestroy(accelsimStream_t stream);   /* pending work still completes */
accelsimError_t accelsimStreamGetDefault(int device, accelsimStream_t* stream);
accelsimError_t accelsimStreamGetDevice(accelsimStream_t stream, int* device);
accelsimError_t accelsimStreamGetPriority(accelsimStream_t stream, int* priority);
/* A stream's id: unique and stable, > 0 except for each device's default stream (0). */
accelsimError_t accelsimStreamGetId(accelsimStream_t stream, uint64_t* id);
accelsimError_t accelsimStreamQuery(accelsimStream_t stream);       /* Success if idle, NotReady otherwise */
accelsimError_t accelsimStreamSynchronize(accelsimStream_t stream); /* reports a failed kernel of the stream */
accelsimError_t accelsimDeviceGetStreamPriorityRange(int* least, int* greatest);

/* Kernels: a host function the runtime runs on the stream's worker, in stream order.
 * `args` is passed to `fn`; `args_destroy` (may be NULL) is called once the runtime no longer needs args
 * (after execution, or when a graph holding the launch is destroyed). A kernel returns 0 on success. */
typedef int (*accelsimKernelFn)(void* args);
typedef void (*accelsimArgsDestroyFn)(void* args);
accelsimError_t accelsimLaunchKernel(accelsimStream_t stream, accelsimKernelFn fn, void* args,
                                     accelsimArgsDestroyFn args_destroy);

/* Inside a kernel only: the address through which the kernel may access device memory at dev_ptr.
 * Called from host code it fails with accelsimErrorNotPermitted. */
accelsimError_t accelsimKernelAccess(const void* dev_ptr, void** accessible);
int accelsimInKernel(void); /* 1 while the calling thread runs runtime work */

/* Host access: whether kernels (host functions reaching device memory through accelsimKernelAccess) run at all
 * (device functions, below, always do).
 * By default they do (*host_access = 1). The environment variable ACCELSIM_HOST_ACCESS=0, read once when the
 * runtime initializes, turns every device into one whose memory host code cannot reach, as on a discrete
 * accelerator: *host_access = 0, and accelsimLaunchKernel and accelsimKernelAccess fail with
 * accelsimErrorNotSupported without running anything. Memory, copies, memsets, streams, events and graphs
 * work as before. Any other value (or none) keeps host access. Initializes the runtime. */
accelsimError_t accelsimDeviceGetHostAccess(int* host_access, int device);

/* Device code. A discrete accelerator runs kernels compiled for it: they reach device memory through the device's
 * own address space, never through host pointers, and they run whether or not host code can address that memory.
 * accelsim models such a kernel as a device function: a C function that the runtime runs on the stream's worker,
 * in stream order, given a copy of its parameter block (taken at launch, as drivers copy kernel arguments: the
 * caller may reuse its block at once; at most ACCELSIM_MAX_PARAMS_SIZE bytes) and a context through which it turns
 * a device pointer into an address it may read and write (accelsimDeviceAddress). Device functions run on every
 * device, a device without host access included (ACCELSIM_HOST_ACCESS=0): what that mode refuses is host code over
 * device memory (accelsimLaunchKernel, accelsimKernelAccess), not the device's own kernels. They are captured into
 * graphs like any stream work, the parameter block with them. A device function calls no accelsim function but
 * accelsimDeviceAddress, and returns 0 on success; any other value fails the stream as a failed kernel does
 * (accelsimErrorKernelFailed, reported by the next synchronization). */
#define ACCELSIM_MAX_PARAMS_SIZE 4096
typedef struct accelsimDeviceContext accelsimDeviceContext;
typedef int (*accelsimDeviceFn)(const accelsimDeviceContext* context, const void* params);
accelsimError_t accelsimLaunchDeviceFunction(accelsimStream_t stream, accelsimDeviceFn fn, const void* params,
                                             size_t params_size);
/* Inside a device function only: the address at which it reads and writes the `bytes` bytes at dev_ptr, or NULL
 * when they are not all inside one live allocation of its stream's device or of pinned host memory (the access a
 * real device would fault on; the function then returns nonzero). */
void* accelsimDeviceAddress(const accelsimDeviceContext* context, const void* dev_ptr, size_t bytes);

/* Copies. Pointers may be device memory (any device), pinned host or pageable host memory. */
typedef enum accelsimMemcpyKind {
  accelsimMemcpyHostToHost = 0,
  accelsimMemcpyHostToDevice = 1,
  accelsimMemcpyDeviceToHost = 2,
  accelsimMemcpyDeviceToDevice = 3,
  accelsimMemcpyDefault = 4 /* inferred from the pointers */
} accelsimMemcpyKind;

/* Synchronous: ordered after all work of the current device's default stream, returns when done. */
accelsimError_t accelsimMemcpy(void* dst, const void* src, size_t size, accelsimMemcpyKind kind);
/* Asynchronous in stream order. Pageable host memory is allowed; like real drivers, it must stay valid until
 * the copy has executed. */
accelsimError_t accelsimMemcpyAsync(void* dst, const void* src, size_t size, accelsimMemcpyKind kind,
                                    accelsimStream_t stream);
accelsimError_t accelsimMemsetAsync(void* dev_ptr, int value, size_t size, accelsimStream_t stream);

/* Events. */
typedef struct accelsimEvent_st* accelsimEvent_t;
enum { accelsimEventDefault = 0, accelsimEventDisableTiming = 1 };
accelsimError_t accelsimEventCreate(accelsimEvent_t* event);                      /* with timing */
accelsimError_t accelsimEventCreateWithFlags(accelsimEvent_t* event, unsigned flags);
accelsimError_t accelsimEventDestroy(accelsimEvent_t event);
accelsimError_t accelsimEventRecord(accelsimEvent_t event, accelsimStream_t stream);
accelsimError_t accelsimEventQuery(accelsimEvent_t event);        /* Success when complete (or never recorded) */
accelsimError_t accelsimEventSynchronize(accelsimEvent_t event);
accelsimError_t accelsimStreamWaitEvent(accelsimStream_t stream, accelsimEvent_t event); /* never blocks host */
accelsimError_t accelsimEventElapsedTime(float* ms, accelsimEvent_t start, accelsimEvent_t end);

/* Graph capture. */
typedef struct accelsimGraph_st* accelsimGraph_t;
typedef struct accelsimGraphExec_st* accelsimGraphExec_t;
accelsimError_t accelsimStreamBeginCapture(accelsimStream_t stream);
accelsimError_t accelsimStreamEndCapture(accelsimStream_t stream, accelsimGraph_t* graph);
accelsimError_t accelsimStreamIsCapturing(accelsimStream_t stream, int* capturing);
accelsimError_t accelsimGraphInstantiate(accelsimGraphExec_t* exec, accelsimGraph_t graph);
accelsimError_t accelsimGraphLaunch(accelsimGraphExec_t exec, accelsimStream_t stream);
accelsimError_t accelsimGraphGetNodeCount(accelsimGraph_t graph, size_t* count);
accelsimError_t accelsimGraphExecDestroy(accelsimGraphExec_t exec);
accelsimError_t accelsimGraphDestroy(accelsimGraph_t graph);

#ifdef __cplusplus
} /* extern "C" */
#endif

#include "accelsim/accelsim_comm.h" /* communicators and collectives */

#endif /* ACCELSIM_ACCELSIM_H_ */
