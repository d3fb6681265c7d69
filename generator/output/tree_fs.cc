#include "output/tree_fs.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <dirent.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "base/diagnostic.h"
#include "output/tree_paths.h"

namespace accelgen {
namespace {

/// Closes a file descriptor at scope exit.
struct Fd {
  int fd = -1;
  explicit Fd(int f) : fd(f) {}
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
};

void check_path(const TreeFs& tree, const std::string& rel) {
  if (auto problem = internal_tree_path_problem(rel)) {
    throw DiagnosticError({{tree.display(rel), 0, 0, "refusing an unsafe path: " + *problem,
                            "accelgen only touches plain relative paths inside the backend directory"}});
  }
}

std::string hint_for(int err) {
  switch (err) {
    case ENOSPC: return "free some space on that file system and run the command again; the tree was left as it was";
    case EDQUOT: return "your disk quota is exhausted; free some space and run the command again";
    case EACCES:
    case EPERM: return "check the permissions of the backend directory";
    case EROFS: return "the file system is read-only";
    default: return "";
  }
}

}  // namespace

void throw_os_error(const std::string& path, const std::string& what, int err) {
  throw DiagnosticError({{path, 0, 0, "cannot " + what + ": " + std::strerror(err), hint_for(err)}});
}

TreeFs::TreeFs(const std::filesystem::path& root) : root_(root) {
  root_fd_ = ::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (root_fd_ < 0) throw_os_error(root.string(), "open the backend directory", errno);
}

TreeFs::~TreeFs() {
  if (root_fd_ >= 0) ::close(root_fd_);
}

std::string TreeFs::display(const std::string& rel) const { return (root_ / rel).string(); }

int TreeFs::open_parent(const std::string& rel, bool create, std::string& leaf) const {
  check_path(*this, rel);
  int fd = ::dup(root_fd_);
  if (fd < 0) throw_os_error(root_.string(), "open the backend directory", errno);
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = rel.find('/', start);
    if (slash == std::string::npos) {
      leaf = rel.substr(start);
      return fd;
    }
    const std::string part = rel.substr(start, slash - start);
    const std::string prefix = rel.substr(0, slash);
    int next = ::openat(fd, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0 && errno == ENOENT && create) {
      if (::mkdirat(fd, part.c_str(), 0777) != 0 && errno != EEXIST) {
        const int err = errno;
        ::close(fd);
        throw_os_error(display(prefix), "create the directory", err);
      }
      next = ::openat(fd, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    }
    const int err = errno;
    ::close(fd);
    if (next < 0) {
      if (err == ENOENT) return -1;
      if (err == ELOOP || err == ENOTDIR) {
        struct stat st {};
        const bool link = ::fstatat(root_fd_, prefix.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
        throw DiagnosticError({{display(prefix), 0, 0,
                                link ? "is a symbolic link; accelgen never writes or reads through links"
                                     : "is not a directory",
                                "replace it with a real directory (or move it away) and run the command again"}});
      }
      throw_os_error(display(prefix), "open the directory", err);
    }
    fd = next;
    start = slash + 1;
  }
}

TreeFs::Kind TreeFs::kind(const std::string& rel) const {
  std::string leaf;
  Fd dir(open_parent(rel, false, leaf));
  if (dir.fd < 0) return Kind::Missing;
  struct stat st {};
  if (::fstatat(dir.fd, leaf.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno == ENOENT) return Kind::Missing;
    throw_os_error(display(rel), "inspect", errno);
  }
  if (S_ISLNK(st.st_mode)) return Kind::Symlink;
  if (S_ISREG(st.st_mode)) return Kind::File;
  return Kind::Other;
}

std::vector<std::string> TreeFs::regular_files_in(const std::string& rel) const {
  std::string leaf;
  Fd parent(open_parent(rel, false, leaf));
  std::vector<std::string> names;
  if (parent.fd < 0) return names;
  Fd folder(::openat(parent.fd, leaf.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (folder.fd < 0) return names;
  DIR* dir = ::fdopendir(::dup(folder.fd));  // closedir closes the duplicate
  if (!dir) return names;
  while (const dirent* entry = ::readdir(dir)) {
    struct stat st {};
    if (::fstatat(folder.fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode)) {
      names.emplace_back(entry->d_name);
    }
  }
  ::closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

std::optional<std::string> TreeFs::read(const std::string& rel, std::size_t max_bytes) const {
  std::string leaf;
  Fd dir(open_parent(rel, false, leaf));
  if (dir.fd < 0) return std::nullopt;
  Fd file(::openat(dir.fd, leaf.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (file.fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    if (errno == ELOOP) {
      throw DiagnosticError({{display(rel), 0, 0, "is a symbolic link; accelgen never reads or writes through links",
                              "replace it with a regular file (or remove it) and run the command again"}});
    }
    throw_os_error(display(rel), "read", errno);
  }
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) throw_os_error(display(rel), "read", errno);
  if (!S_ISREG(st.st_mode)) {
    throw DiagnosticError({{display(rel), 0, 0, "is not a regular file", "move it away and run the command again"}});
  }
  if (static_cast<std::size_t>(st.st_size) > max_bytes) {
    throw DiagnosticError({{display(rel), 0, 0, "is larger than " + std::to_string(max_bytes) + " bytes",
                            "this is not a file accelgen wrote; move it away"}});
  }
  std::string content;
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(file.fd, buffer, sizeof(buffer));
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_os_error(display(rel), "read", errno);
    }
    if (n == 0) break;
    content.append(buffer, static_cast<std::size_t>(n));
    if (content.size() > max_bytes) {
      throw DiagnosticError({{display(rel), 0, 0, "is larger than " + std::to_string(max_bytes) + " bytes", ""}});
    }
  }
  return content;
}

void TreeFs::create(const std::string& rel, const std::string& content, bool executable) const {
  std::string leaf;
  Fd dir(open_parent(rel, true, leaf));
  Fd file(::openat(dir.fd, leaf.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                   executable ? 0777 : 0666));
  if (file.fd < 0) throw_os_error(display(rel), "create", errno);
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(file.fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::unlinkat(dir.fd, leaf.c_str(), 0);
      throw_os_error(display(rel), "write", err);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(file.fd) != 0) {
    const int err = errno;
    ::unlinkat(dir.fd, leaf.c_str(), 0);
    throw_os_error(display(rel), "write", err);
  }
}

void TreeFs::rename(const std::string& from, const std::string& to) const {
  std::string from_leaf, to_leaf;
  Fd from_dir(open_parent(from, false, from_leaf));
  if (from_dir.fd < 0) throw_os_error(display(from), "rename", ENOENT);
  Fd to_dir(open_parent(to, true, to_leaf));
  if (::renameat(from_dir.fd, from_leaf.c_str(), to_dir.fd, to_leaf.c_str()) != 0) {
    throw_os_error(display(to), "replace", errno);
  }
}

void TreeFs::remove(const std::string& rel) const {
  std::string leaf;
  Fd dir(open_parent(rel, false, leaf));
  if (dir.fd < 0) return;
  struct stat st {};
  if (::fstatat(dir.fd, leaf.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno == ENOENT) return;
    throw_os_error(display(rel), "remove", errno);
  }
  if (!S_ISREG(st.st_mode)) {
    throw DiagnosticError({{display(rel), 0, 0, "is not a regular file; accelgen removes only files it wrote", ""}});
  }
  if (::unlinkat(dir.fd, leaf.c_str(), 0) != 0 && errno != ENOENT) throw_os_error(display(rel), "remove", errno);
  remove_empty_parents(rel);
}

void TreeFs::remove_empty_parents(const std::string& rel) const {
  // Deepest first; the first folder that still holds anything (or cannot be removed) ends the walk. rmdir never
  // removes a link or a folder with content, so nothing of the user's can go.
  for (std::string folder = rel; folder.find('/') != std::string::npos;) {
    folder.resize(folder.rfind('/'));
    std::string leaf;
    Fd parent(open_parent(folder, false, leaf));
    if (parent.fd < 0 || ::unlinkat(parent.fd, leaf.c_str(), AT_REMOVEDIR) != 0) return;
  }
}

void TreeFs::remove_all(const std::string& rel) const {
  std::string leaf;
  Fd dir(open_parent(rel, false, leaf));
  if (dir.fd < 0) return;
  struct stat st {};
  if (::fstatat(dir.fd, leaf.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return;
  if (!S_ISDIR(st.st_mode)) {
    remove(rel);
    return;
  }
  // The parents were checked link-free above; std::filesystem::remove_all removes links without following them.
  std::error_code ec;
  std::filesystem::remove_all(root_ / rel, ec);
  if (ec) throw_os_error(display(rel), "remove", ec.value());
}

void TreeFs::make_dirs(const std::string& rel) const {
  std::string leaf;
  Fd dir(open_parent(rel + "/x", true, leaf));
  (void)leaf;
}

}  // namespace accelgen
