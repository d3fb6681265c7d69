#include "merge/three_way_merge.h"

#include <git2.h>

#include <mutex>
#include <stdexcept>

namespace accelgen::merge {

void ensure_libgit2() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (git_libgit2_init() < 0) throw std::runtime_error("libgit2 initialisation failed");
  });
}

namespace {

std::string last_git_error() {
  const git_error* e = git_error_last();
  return e && e->message ? e->message : "unknown libgit2 error";
}

git_merge_file_input input(std::string_view text, const std::string& path) {
  git_merge_file_input in;
  git_merge_file_input_init(&in, GIT_MERGE_FILE_INPUT_VERSION);
  in.ptr = text.data();
  in.size = text.size();
  in.path = path.c_str();
  in.mode = 0100644;
  return in;
}

int count_conflicts(const std::string& text) {
  int n = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    if (text.compare(pos, 8, "<<<<<<< ") == 0 || text.compare(pos, 8, "<<<<<<<\n") == 0) ++n;
    pos = text.find('\n', pos);
    if (pos == std::string::npos) break;
    ++pos;
  }
  return n;
}

}  // namespace

MergeResult merge_three_way(std::string_view base, std::string_view ours, std::string_view theirs,
                            std::string_view path, const MergeOptions& options) {
  ensure_libgit2();
  const std::string path_s(path);
  const std::string base_label(kBaseLabel), ours_label(kOursLabel), theirs_label(kTheirsLabel);

  git_merge_file_input in_base = input(base, path_s);
  git_merge_file_input in_ours = input(ours, path_s);
  git_merge_file_input in_theirs = input(theirs, path_s);

  git_merge_file_options opts;
  git_merge_file_options_init(&opts, GIT_MERGE_FILE_OPTIONS_VERSION);
  opts.ancestor_label = base_label.c_str();
  opts.our_label = ours_label.c_str();
  opts.their_label = theirs_label.c_str();
  opts.favor = GIT_MERGE_FILE_FAVOR_NORMAL;
  opts.flags = options.diff3 ? GIT_MERGE_FILE_STYLE_DIFF3 : GIT_MERGE_FILE_STYLE_MERGE;

  git_merge_file_result out{};
  if (git_merge_file(&out, &in_base, &in_ours, &in_theirs, &opts) < 0) {
    throw std::runtime_error("three-way merge of " + path_s + " failed: " + last_git_error());
  }
  MergeResult result;
  if (out.ptr != nullptr) result.text.assign(out.ptr, out.len);
  result.conflicted = out.automergeable == 0;
  git_merge_file_result_free(&out);
  result.conflicts = result.conflicted ? count_conflicts(result.text) : 0;
  if (result.conflicted && result.conflicts == 0) result.conflicts = 1;
  return result;
}

}  // namespace accelgen::merge
