// Three-way text merge of one generated file (libgit2's git_merge_file, the xdiff merge git itself uses).
#pragma once

#include <string>
#include <string_view>

namespace accelgen::merge {

/// Conflict labels written after the markers: "<<<<<<< yours", "||||||| generated (previous)",
/// ">>>>>>> generated (new)".
inline constexpr std::string_view kBaseLabel = "generated (previous)";
inline constexpr std::string_view kOursLabel = "yours";
inline constexpr std::string_view kTheirsLabel = "generated (new)";

struct MergeOptions {
  /// Also show the previous generated text between "|||||||" and "=======" (git's merge.conflictStyle=diff3).
  bool diff3 = false;
};

struct MergeResult {
  std::string text;         // merged text; with standard conflict markers where both sides changed the same lines
  bool conflicted = false;  // true when `text` contains at least one conflict
  int conflicts = 0;        // number of conflict blocks
};

/// Merges per file: `base` = as generated last time, `ours` = as the user has it now, `theirs` = as generated now.
/// Changes from both sides are combined; where both changed the same region differently a conflict block is
/// written. `path` is only used in error messages. Throws std::runtime_error if libgit2 fails.
/// Thread-safe (libgit2 is initialised once).
MergeResult merge_three_way(std::string_view base, std::string_view ours, std::string_view theirs,
                            std::string_view path, const MergeOptions& options = {});

/// Initialises libgit2 once (thread-safe; also done by every function of this library).
void ensure_libgit2();

}  // namespace accelgen::merge
