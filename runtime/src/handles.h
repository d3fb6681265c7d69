// Registries of live handles, so that destroyed or foreign handles are rejected instead of dereferenced.
#ifndef ACCELSIM_SRC_HANDLES_H_
#define ACCELSIM_SRC_HANDLES_H_

#include <mutex>
#include <shared_mutex>
#include <unordered_set>

namespace accelsim::detail {

template <class T>
class Registry {
 public:
  void add(T* p) {
    std::unique_lock<std::shared_mutex> lock(mu_);
    live_.insert(p);
  }
  // Returns true if `p` was live (and is now removed).
  bool remove(T* p) {
    std::unique_lock<std::shared_mutex> lock(mu_);
    return live_.erase(p) != 0;
  }
  bool contains(const T* p) const {
    std::shared_lock<std::shared_mutex> lock(mu_);
    return live_.count(const_cast<T*>(p)) != 0;
  }
  // Runs f(p) under the shared lock if p is live (so that it cannot be removed meanwhile).
  template <class F>
  bool withLive(T* p, F&& f) const {
    std::shared_lock<std::shared_mutex> lock(mu_);
    if (live_.count(p) == 0) return false;
    f(p);
    return true;
  }

 private:
  // Read on every launch (resolveStream): the lock and the set each start a cache line of their own, so that
  // writes other threads make to neighbouring heap objects do not turn each launch's read into a cache miss.
  alignas(64) mutable std::shared_mutex mu_;
  alignas(64) std::unordered_set<T*> live_;
};

}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_HANDLES_H_
