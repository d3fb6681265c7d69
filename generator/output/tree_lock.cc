#include "output/tree_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>

#include "output/manifest.h"

namespace accelgen {

TreeLock::TreeLock(const TreeFs& tree, void (*waiting)(const std::string&, const std::string&)) {
  tree.make_dirs(kStateDir);
  const std::string rel = std::string(kStateDir) + "/lock";
  const int dir = ::openat(tree.root_fd(), kStateDir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dir < 0) throw_os_error(tree.display(kStateDir), "open", errno);
  fd_ = ::openat(dir, "lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
  const int err = errno;
  ::close(dir);
  if (fd_ < 0) throw_os_error(tree.display(rel), "open the lock file", err);
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK) throw_os_error(tree.display(rel), "lock", errno);
    char pid[32] = {};
    const ssize_t n = ::pread(fd_, pid, sizeof(pid) - 1, 0);
    std::string holder = n > 0 ? std::string(pid, static_cast<std::size_t>(n)) : "";
    while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
    if (waiting) waiting(tree.display(rel), holder);
    while (::flock(fd_, LOCK_EX) != 0) {
      if (errno != EINTR) throw_os_error(tree.display(rel), "lock", errno);
    }
  }
  const std::string mine = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) == 0) (void)!::pwrite(fd_, mine.data(), mine.size(), 0);
}

TreeLock::~TreeLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the flock
}

void report_waiting_for_lock(const std::string& lock_path, const std::string& holder) {
  std::cerr << "accelgen: another accelgen run" << (holder.empty() ? "" : " (process " + holder + ")")
            << " is working on this tree (" << lock_path << "); waiting for it to finish\n";
}

}  // namespace accelgen
