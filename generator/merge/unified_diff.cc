#include "merge/unified_diff.h"

#include <git2.h>

#include <memory>
#include <stdexcept>

#include "merge/three_way_merge.h"

namespace accelgen::merge {

namespace {

std::string last_git_error() {
  const git_error* e = git_error_last();
  return e && e->message ? e->message : "unknown libgit2 error";
}

struct PatchDeleter {
  void operator()(git_patch* p) const { git_patch_free(p); }
};

std::string strip_newline(const char* content, std::size_t len) {
  std::string s(content, len);
  if (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

// "@@ -3 +3 @@" / "@@ -2,7 +2,7 @@" / "@@ -0,0 +1,2 @@", as GNU diff and git write it (without git's function
// context, which depends on git's funcname heuristics).
std::string hunk_header(int old_start, int old_lines, int new_start, int new_lines) {
  auto range = [](int start, int lines) {
    return lines == 1 ? std::to_string(start) : std::to_string(start) + "," + std::to_string(lines);
  };
  return "@@ -" + range(old_start, old_lines) + " +" + range(new_start, new_lines) + " @@";
}

}  // namespace

FileDiff diff_hunks(std::string_view old_text, std::string_view new_text, int context) {
  ensure_libgit2();
  git_diff_options opts;
  git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
  opts.context_lines = static_cast<uint32_t>(context < 0 ? 0 : context);
  opts.interhunk_lines = 0;
  opts.flags = GIT_DIFF_FORCE_TEXT;

  git_patch* raw = nullptr;
  if (git_patch_from_buffers(&raw, old_text.data(), old_text.size(), "old", new_text.data(), new_text.size(),
                             "new", &opts) < 0) {
    throw std::runtime_error("diff failed: " + last_git_error());
  }
  std::unique_ptr<git_patch, PatchDeleter> patch(raw);

  FileDiff diff;
  const std::size_t nhunks = git_patch_num_hunks(patch.get());
  for (std::size_t h = 0; h < nhunks; ++h) {
    const git_diff_hunk* gh = nullptr;
    std::size_t nlines = 0;
    if (git_patch_get_hunk(&gh, &nlines, patch.get(), h) < 0) {
      throw std::runtime_error("diff failed: " + last_git_error());
    }
    DiffHunk hunk;
    hunk.old_start = gh->old_start;
    hunk.old_lines = gh->old_lines;
    hunk.new_start = gh->new_start;
    hunk.new_lines = gh->new_lines;
    hunk.header = hunk_header(gh->old_start, gh->old_lines, gh->new_start, gh->new_lines);
    for (std::size_t l = 0; l < nlines; ++l) {
      const git_diff_line* gl = nullptr;
      if (git_patch_get_line_in_hunk(&gl, patch.get(), h, l) < 0) {
        throw std::runtime_error("diff failed: " + last_git_error());
      }
      switch (gl->origin) {
        case GIT_DIFF_LINE_CONTEXT:
        case GIT_DIFF_LINE_ADDITION:
        case GIT_DIFF_LINE_DELETION: {
          DiffLine line;
          line.kind = gl->origin == GIT_DIFF_LINE_CONTEXT    ? LineKind::Context
                      : gl->origin == GIT_DIFF_LINE_ADDITION ? LineKind::Added
                                                             : LineKind::Removed;
          line.text = strip_newline(gl->content, gl->content_len);
          line.old_lineno = gl->old_lineno;
          line.new_lineno = gl->new_lineno;
          if (line.kind == LineKind::Added) {
            line.old_lineno = -1;
            ++diff.additions;
          }
          if (line.kind == LineKind::Removed) {
            line.new_lineno = -1;
            ++diff.deletions;
          }
          hunk.lines.push_back(std::move(line));
          break;
        }
        case GIT_DIFF_LINE_CONTEXT_EOFNL:
        case GIT_DIFF_LINE_ADD_EOFNL:
        case GIT_DIFF_LINE_DEL_EOFNL:
          // "\ No newline at end of file" always follows the line it refers to.
          if (!hunk.lines.empty()) hunk.lines.back().no_newline_at_eof = true;
          break;
        default:
          break;
      }
    }
    diff.hunks.push_back(std::move(hunk));
  }
  return diff;
}

std::string render_unified(const FileDiff& diff, std::string_view old_label, std::string_view new_label) {
  if (diff.empty()) return "";
  std::string out;
  out += "--- ";
  out += old_label;
  out += "\n+++ ";
  out += new_label;
  out += "\n";
  for (const auto& hunk : diff.hunks) {
    out += hunk.header;
    out += "\n";
    for (const auto& line : hunk.lines) {
      out += line.kind == LineKind::Context ? ' ' : line.kind == LineKind::Added ? '+' : '-';
      out += line.text;
      out += "\n";
      if (line.no_newline_at_eof) out += "\\ No newline at end of file\n";
    }
  }
  return out;
}

std::string unified_diff(std::string_view old_text, std::string_view new_text, std::string_view old_label,
                         std::string_view new_label, int context) {
  return render_unified(diff_hunks(old_text, new_text, context), old_label, new_label);
}

}  // namespace accelgen::merge
