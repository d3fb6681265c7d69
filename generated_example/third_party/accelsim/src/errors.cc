// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// Error codes, their strings, and the per-thread last error.
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "internal.h"

namespace accelsim::detail {

namespace {
struct LastError {
  accelsimError_t code = accelsimSuccess;
  char message[512] = {0};
};
thread_local LastError t_last;
}  // namespace

accelsimError_t fail(accelsimError_t code, const char* fmt, ...) {
  t_last.code = code;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(t_last.message, sizeof t_last.message, fmt, ap);
  va_end(ap);
  return code;
}

LastErrorKeeper::LastErrorKeeper() : code_(t_last.code) { std::memcpy(message_, t_last.message, sizeof message_); }

LastErrorKeeper::~LastErrorKeeper() {
  t_last.code = code_;
  std::memcpy(t_last.message, message_, sizeof message_);
}

}  // namespace accelsim::detail

using accelsim::detail::t_last;

extern "C" {

const char* accelsimGetErrorName(accelsimError_t error) {
  switch (error) {
    case accelsimSuccess: return "accelsimSuccess";
    case accelsimErrorInvalidValue: return "accelsimErrorInvalidValue";
    case accelsimErrorInvalidDevice: return "accelsimErrorInvalidDevice";
    case accelsimErrorMemoryAllocation: return "accelsimErrorMemoryAllocation";
    case accelsimErrorInvalidDevicePointer: return "accelsimErrorInvalidDevicePointer";
    case accelsimErrorInvalidHandle: return "accelsimErrorInvalidHandle";
    case accelsimErrorNotReady: return "accelsimErrorNotReady";
    case accelsimErrorStreamCaptureUnsupported: return "accelsimErrorStreamCaptureUnsupported";
    case accelsimErrorStreamCaptureInvalidated: return "accelsimErrorStreamCaptureInvalidated";
    case accelsimErrorIllegalState: return "accelsimErrorIllegalState";
    case accelsimErrorAlreadyInitialized: return "accelsimErrorAlreadyInitialized";
    case accelsimErrorKernelFailed: return "accelsimErrorKernelFailed";
    case accelsimErrorNotPermitted: return "accelsimErrorNotPermitted";
    case accelsimErrorNotSupported: return "accelsimErrorNotSupported";
    case accelsimErrorCommTimeout: return "accelsimErrorCommTimeout";
    case accelsimErrorCommAborted: return "accelsimErrorCommAborted";
    case accelsimErrorCommMismatch: return "accelsimErrorCommMismatch";
    case accelsimErrorUnknown: return "accelsimErrorUnknown";
  }
  return "accelsimErrorUnrecognized";
}

const char* accelsimGetErrorString(accelsimError_t error) {
  switch (error) {
    case accelsimSuccess: return "no error";
    case accelsimErrorInvalidValue: return "invalid argument";
    case accelsimErrorInvalidDevice: return "invalid device ordinal";
    case accelsimErrorMemoryAllocation: return "out of memory";
    case accelsimErrorInvalidDevicePointer: return "invalid device pointer";
    case accelsimErrorInvalidHandle: return "invalid resource handle";
    case accelsimErrorNotReady: return "device not ready";
    case accelsimErrorStreamCaptureUnsupported: return "operation not permitted when stream is capturing";
    case accelsimErrorStreamCaptureInvalidated: return "operation failed due to a previous error during capture";
    case accelsimErrorIllegalState: return "operation not valid in the current state";
    case accelsimErrorAlreadyInitialized: return "runtime already initialized";
    case accelsimErrorKernelFailed: return "a kernel reported failure";
    case accelsimErrorNotPermitted: return "operation not permitted from this context";
    case accelsimErrorNotSupported: return "operation not supported by the device";
    case accelsimErrorCommTimeout: return "a peer of the communicator exited or timed out";
    case accelsimErrorCommAborted: return "the communicator was aborted";
    case accelsimErrorCommMismatch: return "the ranks of the communicator issued mismatched operations";
    case accelsimErrorUnknown: return "unknown error";
  }
  return "unrecognized error code";
}

accelsimError_t accelsimGetLastError(void) {
  const accelsimError_t code = t_last.code;
  t_last.code = accelsimSuccess;
  t_last.message[0] = '\0';
  return code;
}

accelsimError_t accelsimPeekAtLastError(void) { return t_last.code; }

const char* accelsimGetLastErrorMessage(void) { return t_last.message; }

}  // extern "C"
