// Unified diffs of one file's text (libgit2's git_patch_from_buffers), as text and as structured hunks
// (for side-by-side HTML).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace accelgen::merge {

enum class LineKind { Context, Added, Removed };

struct DiffLine {
  LineKind kind = LineKind::Context;
  std::string text;       // without the trailing newline
  int old_lineno = -1;    // 1-based; -1 for added lines
  int new_lineno = -1;    // 1-based; -1 for removed lines
  bool no_newline_at_eof = false;  // this is the last line of its side and that side has no final newline
};

struct DiffHunk {
  int old_start = 0;
  int old_lines = 0;
  int new_start = 0;
  int new_lines = 0;
  std::string header;  // "@@ -1,3 +1,4 @@" (GNU/git format, without git's function-context suffix), no newline
  std::vector<DiffLine> lines;
};

struct FileDiff {
  std::vector<DiffHunk> hunks;
  int additions = 0;
  int deletions = 0;
  bool empty() const { return hunks.empty(); }
};

/// Structured diff of old_text -> new_text with `context` lines of context around each change.
FileDiff diff_hunks(std::string_view old_text, std::string_view new_text, int context = 3);

/// Renders `diff` as a unified diff: "--- <old_label>", "+++ <new_label>", then the hunks; "\ No newline at end of
/// file" where a side lacks its final newline. Empty string when there are no changes.
std::string render_unified(const FileDiff& diff, std::string_view old_label, std::string_view new_label);

/// unified_diff(a, b, ...) == render_unified(diff_hunks(a, b, context), ...).
std::string unified_diff(std::string_view old_text, std::string_view new_text, std::string_view old_label,
                         std::string_view new_label, int context = 3);

}  // namespace accelgen::merge
