// The merge base of a generated file: exactly the text accelgen last wrote at that path, verified against the
// blob id the manifest recorded for it. The tree carries no copy of its generated files; the base is rebuilt:
//   1. by re-rendering from the recorded inputs (.accelgen/spec.yaml, the manifest's torch target) -- exact
//      whenever this accelgen renders what the last one did, which the blob ids verify;
//   2. from git: the blob with that id in the repository holding the tree (committed or merely staged);
//   3. from .accelgen/pristine/ of trees written by older accelgen versions (verified, then removed).
// If none yields the recorded blob the merge is refused with a way out: never a silent wrong merge.
// See docs/output-stage.md.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "render/file_set.h"
#include "output/manifest.h"
#include "output/tree_fs.h"

namespace accelgen {

/// Renders the backend again from the spec text and torch target a previous generation recorded.
using RenderRecorded = std::function<FileSet(const std::string& spec_text, const Manifest& previous)>;

class MergeBase {
 public:
  MergeBase(const TreeFs& tree, const Manifest& previous, RenderRecorded render);
  ~MergeBase();
  MergeBase(const MergeBase&) = delete;
  MergeBase& operator=(const MergeBase&) = delete;

  /// The text whose blob id is `blob_id` for `path`. Throws DiagnosticError (with the ways out) if no source
  /// has it. `recorded_path` is where the previous generation wrote it when that was elsewhere (a file that moved
  /// since): the re-render knows it by `path`, an older tree's copy by `recorded_path`.
  std::string text(const std::string& path, const std::string& blob_id, const std::string& recorded_path = "");

 private:
  std::optional<std::string> from_render(const std::string& path, const std::string& blob_id);
  std::optional<std::string> from_git(const std::string& blob_id);
  std::optional<std::string> from_legacy_copy(const std::string& path, const std::string& blob_id);

  const TreeFs& tree_;
  const Manifest& previous_;
  RenderRecorded render_;
  bool rendered_ = false;
  std::map<std::string, std::string> render_output_;
  std::string render_problem_;
  struct GitState;
  GitState* git_ = nullptr;
};

}  // namespace accelgen
