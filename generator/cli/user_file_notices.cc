#include "cli/user_file_notices.h"

#include "base/diagnostic.h"
#include "guide/user_file_review.h"

namespace accelgen::cli {

std::function<UserFileReview(const TreeFs&, const Manifest&)> user_file_review(const Generation& generation) {
  return [&generation](const TreeFs& tree, const Manifest& previous) {
    const FileSet& rendered = generation.inputs.files;
    UserFileReview review;
    const auto before = guide::recorded_runtime(tree);
    const std::string& runtime = runtime_name(generation.spec.runtime);
    if (before && *before != runtime) {
      review = guide::review_runtime_switch(tree, previous, *before, runtime, rendered);
    } else {
      review.notes = guide::leftover_accelsim_notes(tree, previous, runtime);
    }
    for (auto& note : guide::stale_override_notes(tree, previous, rendered)) review.notes.push_back(std::move(note));
    // A user file this update scaffolds for the first time is written by it; one the previous generation had
    // scaffolded and that is gone now was deleted.
    std::vector<std::string> scaffolded_before;
    for (const auto& f : rendered) {
      const auto entry = previous.files.find(f.path);
      if (f.owner == FileOwner::User && entry != previous.files.end()) scaffolded_before.push_back(f.path);
    }
    for (auto& note : guide::missing_build_file_notes(tree, scaffolded_before)) review.notes.push_back(std::move(note));
    return review;
  };
}

std::vector<std::string> up_to_date_notes(const std::filesystem::path& dir, const std::string& runtime) {
  try {
    const auto manifest = read_manifest(dir);
    if (!manifest) return {};
    const TreeFs tree(dir);
    std::vector<std::string> notes = guide::leftover_accelsim_notes(tree, *manifest, runtime);
    std::vector<std::string> user_paths;
    for (const auto& [path, entry] : manifest->files) {
      if (entry.owner == FileOwner::User) user_paths.push_back(path);
    }
    for (auto& note : guide::missing_build_file_notes(tree, user_paths)) notes.push_back(std::move(note));
    return notes;
  } catch (const DiagnosticError&) {
    return {};  // the fast path vouched for this manifest; a tree that changed since is reported by the next run
  }
}

}  // namespace accelgen::cli
