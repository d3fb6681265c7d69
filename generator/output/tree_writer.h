// Writes a rendered backend to disk: a new tree for `init`, or an update of an existing tree for `generate`
// that keeps the user's work (three-way merge of edited generated files; user files, user deletions and
// user-added files are left alone). Nothing is half-written: an update is a transaction (output/transaction.h)
// under an exclusive lock on the tree (output/tree_lock.h); every path is confined to the tree
// (output/tree_fs.h). docs/output-stage.md describes the whole design.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "render/file_set.h"
#include "output/manifest.h"
#include "output/merge_base.h"
#include "output/tree_fs.h"

namespace accelgen {

/// What a generation does (or would do, in a dry run) to each path.
struct TreeChange {
  enum class Action {
    Create,       // new file
    Update,       // the user had not touched it: replaced by the new output
    Merge,        // the user edited it: merged cleanly with the new output
    Conflict,     // merged with conflict markers; the user must resolve them
    Unresolved,   // conflicted by an earlier run and the markers are still there: left alone, still listed
    Remove,       // no longer generated and untouched by the user: deleted
    KeepEdited,   // no longer generated but edited by the user: left in place
    KeepDeleted,  // the user deleted a generated file: it stays deleted
    KeepUnused,   // a file of the user's that the backend no longer uses (its operator left the spec): kept
    Move,         // carried over unchanged from where an earlier layout had it (a file of the user's, or edited)
    KeepStale,    // a file of the user's at its old place while the backend uses the one at its new place: kept
  };
  Action action;
  std::string path;
  std::string note = "";  // for files of an earlier layout: "moved from OLD" or "the backend uses NEW"
};

struct TreeReport {
  std::vector<TreeChange> changes;  // sorted by path; files left as they were are not listed
  std::string recovery;             // what was done about an interrupted earlier run, or ""
  std::vector<std::string> notes;   // advice printed after the changes (what is left to the user after a move)
  bool has_conflicts() const;
  std::vector<std::string> conflicts() const;  // new and unresolved conflicts
  std::string describe() const;  // one line per change: "  merged     csrc/hooks.cc", then the notes
};

struct TreeInputs {
  FileSet files;             // the backend as generated now
  std::string spec_file;     // "accelgen.yaml"
  std::string spec_content;  // the spec as used for this generation
  Manifest manifest;         // version/torch fields filled in; files and spec id are computed here
  /// Files that an earlier accelgen wrote at another path: new path -> old path. A tree whose manifest still has
  /// the old path (and not the new one) is carried over: each file moves to its new place with the user's edits
  /// (merged three ways like any edit), and the user's own files move as they are.
  std::map<std::string, std::string> moved_from;
};

/// `init`: creates `target` (which must not exist or be an empty directory) holding the spec, the backend, the
/// manifest and the spec copy. Staged in a fresh hidden sibling directory and renamed into place.
TreeReport write_new_tree(const std::filesystem::path& target, const TreeInputs& inputs);

/// What a look at the user's own files found before an update (UpdateOptions::review_user_files).
struct UserFileReview {
  std::vector<std::string> notes;  // advice for TreeReport::notes
  /// Fresh scaffolds to write beside files of the user's that no longer fit (after a runtime switch:
  /// csrc/driver/driver.cc.custom-scaffold). Each is created in the update's transaction only where nothing is
  /// (never over anything, a link included) and reported as created.
  FileSet beside;
};

struct UpdateOptions {
  bool dry_run = false;          // compute the report, write nothing
  bool merge_without_base = false;  // merge edited files against an empty base (the way out of a lost base)
  RenderRecorded render_recorded;   // rebuilds the previous generation's files (for the merge base)
  // Set by `upgrade`, which records its torch target in the spec: inputs.spec_content replaces the spec file in
  // the same transaction as the rest of the update. The file must still hold this text (what the command read and
  // edited); a spec that changed meanwhile, or that is a link or not a regular file, is refused before anything
  // is written.
  std::optional<std::string> rewrite_spec_from;
  /// Called under the tree's lock, after an interrupted run is dealt with and before anything is written, with the
  /// manifest of the generation before this one: what the update should say and add about the user's files.
  std::function<UserFileReview(const TreeFs& tree, const Manifest& previous)> review_user_files;
};

/// `generate`: updates the tree in `dir` (which holds a manifest from an earlier generation). First completes
/// or discards an interrupted earlier run (report.recovery says which).
TreeReport update_tree(const std::filesystem::path& dir, const TreeInputs& inputs, const UpdateOptions& options);

/// `scaffold`: creates each of `files` (scaffolds of user-owned files, or copies of them beside the user's file)
/// in one transaction under the tree's lock, after an interrupted earlier run is dealt with (report.recovery). A
/// path where anything is (a file, a link, a folder) is refused before anything is written: never over anything.
TreeReport write_scaffolds(const std::filesystem::path& dir, const FileSet& files);

/// Under the tree's lock, completes or discards an interrupted earlier run in `dir`; returns what was done ("" if
/// nothing was pending).
std::string recover_tree(const std::filesystem::path& dir);

}  // namespace accelgen
