#include "output/merge_base.h"

#include <git2.h>

#include "base/diagnostic.h"
#include "merge/three_way_merge.h"

namespace accelgen {

struct MergeBase::GitState {
  bool opened = false;
  git_repository* repo = nullptr;
  git_odb* odb = nullptr;
};

MergeBase::MergeBase(const TreeFs& tree, const Manifest& previous, RenderRecorded render)
    : tree_(tree), previous_(previous), render_(std::move(render)), git_(new GitState) {}

MergeBase::~MergeBase() {
  if (git_->odb) git_odb_free(git_->odb);
  if (git_->repo) git_repository_free(git_->repo);
  delete git_;
}

std::optional<std::string> MergeBase::from_render(const std::string& path, const std::string& blob) {
  if (!rendered_) {
    rendered_ = true;
    try {
      const auto spec = tree_.read(kSpecCopyPath, 1u << 20);
      if (!spec) {
        render_problem_ = std::string(kSpecCopyPath) + " (the spec as last used) is missing";
      } else if (!render_) {
        render_problem_ = "no renderer was given";
      } else {
        for (auto& f : render_(*spec, previous_)) render_output_[f.path] = std::move(f.content);
      }
    } catch (const std::exception& e) {
      render_problem_ = std::string("re-rendering the recorded spec failed: ") + e.what();
    }
  }
  const auto it = render_output_.find(path);
  if (it == render_output_.end() || blob_id(it->second) != blob) return std::nullopt;
  return it->second;
}

std::optional<std::string> MergeBase::from_git(const std::string& blob) {
  if (!git_->opened) {
    git_->opened = true;
    merge::ensure_libgit2();
    if (git_repository_open_ext(&git_->repo, tree_.root().c_str(), 0, nullptr) == 0) {
      if (git_repository_odb(&git_->odb, git_->repo) != 0) git_->odb = nullptr;
    }
  }
  if (!git_->odb) return std::nullopt;
  git_oid oid;
  if (git_oid_fromstr(&oid, blob.c_str()) != 0) return std::nullopt;
  git_odb_object* object = nullptr;
  if (git_odb_read(&object, git_->odb, &oid) != 0) return std::nullopt;
  std::optional<std::string> text;
  if (git_odb_object_type(object) == GIT_OBJECT_BLOB) {
    text.emplace(static_cast<const char*>(git_odb_object_data(object)), git_odb_object_size(object));
  }
  git_odb_object_free(object);
  if (text && blob_id(*text) != blob) return std::nullopt;
  return text;
}

std::optional<std::string> MergeBase::from_legacy_copy(const std::string& path, const std::string& blob) {
  const std::string rel = std::string(kLegacyPristineDir) + "/" + path;
  if (tree_.kind(rel) != TreeFs::Kind::File) return std::nullopt;
  auto text = tree_.read(rel);
  if (!text || blob_id(*text) != blob) return std::nullopt;
  return text;
}

std::string MergeBase::text(const std::string& path, const std::string& blob, const std::string& recorded_path) {
  if (auto t = from_render(path, blob)) return *t;
  if (auto t = from_git(blob)) return *t;
  if (auto t = from_legacy_copy(recorded_path.empty() ? path : recorded_path, blob)) return *t;
  std::string why = "re-rendering the recorded inputs (accelgen " + previous_.accelgen_version + ", torch " +
                    previous_.torch_min + (previous_.torch_min == previous_.torch_max ? "" : ":" + previous_.torch_max) +
                    ") does not reproduce it";
  if (!render_problem_.empty()) why = render_problem_;
  throw DiagnosticError(
      {{tree_.display(recorded_path.empty() ? path : recorded_path), 0, 0,
        "cannot rebuild the merge base for your edits (the text accelgen last wrote here, blob " + blob + "): " +
            why + ", and no git repository holding the tree has that blob",
        "run the accelgen that generated this tree (" + previous_.accelgen_version +
            ") once, or commit the tree to git before regenerating, or run `accelgen generate --no-merge-base` to "
            "merge your edits against nothing (each difference becomes a conflict block to resolve)"}});
}

}  // namespace accelgen
