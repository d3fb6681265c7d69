// The rendered backend, in memory: what a generation would write, before anything touches the disk.
#pragma once

#include <string>
#include <vector>

namespace accelgen {

enum class FileOwner {
  Generated,  // rewritten on every generation (edits are merged three ways)
  User,       // scaffolded once; afterwards the user's, never touched again
};

struct GeneratedFile {
  std::string path;  // relative, '/'-separated
  std::string content;
  FileOwner owner = FileOwner::Generated;
  bool executable = false;
};

/// Sorted by path, no duplicates.
using FileSet = std::vector<GeneratedFile>;

}  // namespace accelgen
