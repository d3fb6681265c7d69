// File operations confined to one backend tree. Every path is relative to the tree's root and checked
// (output/tree_paths.h); directories are opened one component at a time without following symbolic links, so
// nothing is read, written, renamed or removed through a link, whatever a cloned repository puts in the tree.
// OS errors become DiagnosticErrors that name the path and the reason ("No space left on device").
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace accelgen {

class TreeFs {
 public:
  /// Opens the tree's root directory (which itself may be reached through a link the user chose).
  explicit TreeFs(const std::filesystem::path& root);
  ~TreeFs();
  TreeFs(const TreeFs&) = delete;
  TreeFs& operator=(const TreeFs&) = delete;

  enum class Kind { Missing, File, Symlink, Other };

  /// What is at `rel` (not following a link at `rel` itself). A parent that is a link or not a directory throws.
  Kind kind(const std::string& rel) const;

  /// The content of the regular file at `rel`; nullopt if nothing is there. A link or a special file throws,
  /// as does a file larger than `max_bytes`.
  std::optional<std::string> read(const std::string& rel, std::size_t max_bytes = 64u << 20) const;

  /// The names of the regular files directly in the directory `rel` (links, subdirectories and special files are
  /// left out), sorted; empty if `rel` is missing, a link or not a directory.
  std::vector<std::string> regular_files_in(const std::string& rel) const;
  /// Creates `rel` (which must not exist) with `content`, flushed to disk; missing parents are created.
  void create(const std::string& rel, const std::string& content, bool executable) const;

  /// Renames `from` over `to` (atomically replacing a regular file there); missing parents of `to` are created.
  void rename(const std::string& from, const std::string& to) const;

  /// Removes the regular file at `rel`; nothing there is fine. Never removes a link's target. Folders left empty by
  /// the removal go too (a capability switched off leaves no empty csrc/distributed/ behind).
  void remove(const std::string& rel) const;

  /// Removes the folders above `rel` that are empty, deepest first, up to the first one that is not.
  void remove_empty_parents(const std::string& rel) const;

  /// Removes the directory `rel` and everything in it (links inside are removed, never followed).
  void remove_all(const std::string& rel) const;

  /// Creates directory `rel` (and its parents) if missing.
  void make_dirs(const std::string& rel) const;

  int root_fd() const { return root_fd_; }
  const std::filesystem::path& root() const { return root_; }
  /// root/rel as the user would name it, for messages.
  std::string display(const std::string& rel) const;

 private:
  /// Opens the directory holding `rel`; returns -1 if a component is missing (and !create). `leaf` receives
  /// the last component.
  int open_parent(const std::string& rel, bool create, std::string& leaf) const;

  std::filesystem::path root_;
  int root_fd_ = -1;
};

/// Throws the DiagnosticError for a failed OS call on `path`: "cannot WHAT: strerror(err)".
[[noreturn]] void throw_os_error(const std::string& path, const std::string& what, int err);

}  // namespace accelgen
