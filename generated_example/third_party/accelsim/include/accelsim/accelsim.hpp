// Bundled by accelgen 0.1.0: the accelsim simulated device runtime. Regenerate with `accelgen generate`.
// C++ conveniences over the accelsim C API: exceptions, RAII handles and callable kernels.
// Header-only and C++17-compatible (generated backends may build with C++17).
#ifndef ACCELSIM_ACCELSIM_HPP_
#define ACCELSIM_ACCELSIM_HPP_

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "accelsim/accelsim.h"

namespace accelsim {

class Error : public std::runtime_error {
 public:
  Error(accelsimError_t code, const std::string& what) : std::runtime_error(what), code_(code) {}
  accelsimError_t code() const noexcept { return code_; }

 private:
  accelsimError_t code_;
};

// Throws accelsim::Error for anything but accelsimSuccess, with the thread's last-error message (which it clears).
inline void check(accelsimError_t code, const char* what = nullptr) {
  if (code == accelsimSuccess) return;
  std::string msg = what != nullptr ? std::string(what) + ": " : std::string();
  msg += accelsimGetErrorName(code);
  msg += " (";
  msg += accelsimGetErrorString(code);
  msg += ")";
  if (accelsimPeekAtLastError() == code) {
    const char* detail = accelsimGetLastErrorMessage();
    if (detail != nullptr && *detail != '\0') {
      msg += ": ";
      msg += detail;
    }
    (void)accelsimGetLastError();
  }
  throw Error(code, msg);
}

namespace detail {
template <class F>
int trampoline(void* p) {
  try {
    F& f = *static_cast<F*>(p);
    if constexpr (std::is_convertible_v<std::invoke_result_t<F&>, int>) {
      return static_cast<int>(f());
    } else {
      f();
      return 0;
    }
  } catch (...) {
    return -1;  // reported as accelsimErrorKernelFailed by the stream
  }
}
template <class F>
void destroy(void* p) {
  delete static_cast<F*>(p);
}
}  // namespace detail

// Launches any callable (returning void, or int where non-zero means failure) as a kernel on `stream`.
// An exception escaping the callable counts as a kernel failure. Returns the launch status.
template <class F>
accelsimError_t launch(accelsimStream_t stream, F&& f) {
  using Fn = std::decay_t<F>;
  auto* p = new Fn(std::forward<F>(f));
  const accelsimError_t e = accelsimLaunchKernel(stream, &detail::trampoline<Fn>, p, &detail::destroy<Fn>);
  if (e != accelsimSuccess) delete p;  // on failure the runtime did not take the arguments
  return e;
}

// Inside a kernel: the accessible address of device memory (throws outside kernels or for foreign pointers).
template <class T>
T* access(T* dev_ptr) {
  void* p = nullptr;
  check(accelsimKernelAccess(dev_ptr, &p), "accelsimKernelAccess");
  return static_cast<T*>(p);
}

// RAII owners.
struct DeviceFree {
  void operator()(void* p) const noexcept { (void)accelsimFree(p); }
};
using DevicePtr = std::unique_ptr<void, DeviceFree>;
inline DevicePtr deviceAlloc(size_t bytes) {
  void* p = nullptr;
  check(accelsimMalloc(&p, bytes), "accelsimMalloc");
  return DevicePtr(p);
}

struct HostFree {
  void operator()(void* p) const noexcept { (void)accelsimFreeHost(p); }
};
using PinnedPtr = std::unique_ptr<void, HostFree>;
inline PinnedPtr pinnedAlloc(size_t bytes) {
  void* p = nullptr;
  check(accelsimHostAlloc(&p, bytes), "accelsimHostAlloc");
  return PinnedPtr(p);
}

class Stream {
 public:
  explicit Stream(int priority = 0) {
    check(accelsimStreamCreateWithPriority(&s_, priority), "accelsimStreamCreate");
  }
  ~Stream() {
    if (s_ != nullptr) (void)accelsimStreamDestroy(s_);
  }
  Stream(Stream&& o) noexcept : s_(std::exchange(o.s_, nullptr)) {}
  Stream& operator=(Stream&& o) noexcept {
    std::swap(s_, o.s_);
    return *this;
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  accelsimStream_t get() const noexcept { return s_; }
  operator accelsimStream_t() const noexcept { return s_; }
  void synchronize() const { check(accelsimStreamSynchronize(s_), "accelsimStreamSynchronize"); }

 private:
  accelsimStream_t s_ = nullptr;
};

class Event {
 public:
  explicit Event(unsigned flags = accelsimEventDefault) {
    check(accelsimEventCreateWithFlags(&e_, flags), "accelsimEventCreate");
  }
  ~Event() {
    if (e_ != nullptr) (void)accelsimEventDestroy(e_);
  }
  Event(Event&& o) noexcept : e_(std::exchange(o.e_, nullptr)) {}
  Event& operator=(Event&& o) noexcept {
    std::swap(e_, o.e_);
    return *this;
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  accelsimEvent_t get() const noexcept { return e_; }
  operator accelsimEvent_t() const noexcept { return e_; }
  void record(accelsimStream_t stream = nullptr) const {
    check(accelsimEventRecord(e_, stream), "accelsimEventRecord");
  }
  void synchronize() const { check(accelsimEventSynchronize(e_), "accelsimEventSynchronize"); }
  float elapsedSince(const Event& start) const {
    float ms = 0;
    check(accelsimEventElapsedTime(&ms, start.e_, e_), "accelsimEventElapsedTime");
    return ms;
  }

 private:
  accelsimEvent_t e_ = nullptr;
};

}  // namespace accelsim

#endif  // ACCELSIM_ACCELSIM_HPP_
