// One accelgen run at a time per tree: an exclusive flock(2) on DIR/.accelgen/lock, which holds the pid of the
// process holding it. A second run says who holds the tree and waits for it.
#pragma once

#include <string>

#include "output/tree_fs.h"

namespace accelgen {

class TreeLock {
 public:
  /// Blocks until the tree is ours; `waiting` is called once (with the holder's pid, or "" if unknown) if
  /// another process holds it.
  TreeLock(const TreeFs& tree, void (*waiting)(const std::string& lock_path, const std::string& holder));
  ~TreeLock();
  TreeLock(const TreeLock&) = delete;
  TreeLock& operator=(const TreeLock&) = delete;

 private:
  int fd_ = -1;
};

/// The default `waiting` report: one line on stderr.
void report_waiting_for_lock(const std::string& lock_path, const std::string& holder);

}  // namespace accelgen
