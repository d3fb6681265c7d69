#include "output/tree_writer.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <set>

#include "base/diagnostic.h"
#include "merge/three_way_merge.h"
#include "output/transaction.h"
#include "output/tree_fs.h"
#include "output/tree_lock.h"
#include "output/tree_paths.h"
#include "spec/spec_text.h"

namespace fs = std::filesystem;

namespace accelgen {
namespace {

Manifest complete_manifest(const TreeInputs& inputs) {
  Manifest m = inputs.manifest;
  m.spec_file = inputs.spec_file;
  m.spec_blob_id = blob_id(inputs.spec_content);
  m.files.clear();
  for (const auto& f : inputs.files) {
    if (auto problem = tree_path_problem(f.path)) {
      throw std::logic_error("rendered an unsafe path '" + f.path + "': " + *problem);
    }
    m.files[f.path] = {f.owner, blob_id(f.content)};
  }
  return m;
}

/// The write of the spec edited by `upgrade` (its torch target recorded) over the tree's spec file, which must
/// still hold `as_read`, the text the command read and edited. A spec file that is a link or a special file is
/// refused by TreeFs::read, one the user changed while the command ran is refused here: both before anything is
/// written.
TransactionWrite spec_rewrite(const TreeFs& tree, const TreeInputs& inputs, const std::string& as_read) {
  if (tree.read(inputs.spec_file, kMaxSpecBytes) != as_read) {
    throw DiagnosticError({{tree.display(inputs.spec_file), 0, 0,
                            "changed while accelgen was running; nothing was written", "run the command again"}});
  }
  return {inputs.spec_file, inputs.spec_content, false};
}

}  // namespace

bool TreeReport::has_conflicts() const { return !conflicts().empty(); }

std::vector<std::string> TreeReport::conflicts() const {
  std::vector<std::string> paths;
  for (const auto& c : changes) {
    if (c.action == TreeChange::Action::Conflict || c.action == TreeChange::Action::Unresolved) {
      paths.push_back(c.path);
    }
  }
  return paths;
}

std::string TreeReport::describe() const {
  static const std::map<TreeChange::Action, const char*> words = {
      {TreeChange::Action::Create, "create"},     {TreeChange::Action::Update, "update"},
      {TreeChange::Action::Merge, "merge"},       {TreeChange::Action::Conflict, "CONFLICT"},
      {TreeChange::Action::Unresolved, "CONFLICT (still unresolved)"},
      {TreeChange::Action::Remove, "remove"},     {TreeChange::Action::KeepEdited, "keep (edited, no longer generated)"},
      {TreeChange::Action::KeepDeleted, "keep deleted"},
      {TreeChange::Action::KeepUnused, "keep (yours, no longer used: its operator left the spec; delete it if unneeded)"},
      {TreeChange::Action::Move, "move"},
      {TreeChange::Action::KeepStale, "keep (yours, no longer used at this old place; move what you need)"}};
  std::string text;
  for (const auto& c : changes) {
    std::string word = words.at(c.action);
    word.resize(std::max<std::size_t>(word.size(), 10), ' ');
    text += "  " + word + " " + c.path + (c.note.empty() ? "" : " (" + c.note + ")") + "\n";
  }
  for (const auto& note : notes) text += "\n" + note + "\n";
  return text;
}

TreeReport write_new_tree(const fs::path& target, const TreeInputs& inputs) {
  std::error_code ec;
  const auto status = fs::symlink_status(target, ec);
  if (fs::exists(status) && !(fs::is_directory(status) && fs::is_empty(target, ec))) {
    throw DiagnosticError({{target.string(), 0, 0, "refusing to write into an existing non-empty directory",
                            "choose another --dir or name, or run `accelgen generate` there to regenerate"}});
  }
  const Manifest manifest = complete_manifest(inputs);
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  fs::create_directories(parent, ec);  // `init --dir` may name a directory that does not exist yet
  // A fresh, unpredictable staging directory beside the target, renamed into place in one step.
  std::string staging_name;
  std::random_device random;
  for (int attempt = 0;; ++attempt) {
    staging_name = "." + target.filename().string() + ".accelgen-staging-" + std::to_string(random() % 1000000);
    if (::mkdir((parent / staging_name).c_str(), 0777) == 0) break;
    if (errno != EEXIST || attempt > 100) throw_os_error((parent / staging_name).string(), "create", errno);
  }
  const fs::path staging = parent / staging_name;
  TreeReport report;
  try {
    const TreeFs tree(staging);
    tree.create(inputs.spec_file, inputs.spec_content, false);
    for (const auto& f : inputs.files) {
      tree.create(f.path, f.content, f.executable);
      report.changes.push_back({TreeChange::Action::Create, f.path});
    }
    tree.create(kSpecCopyPath, inputs.spec_content, false);
    tree.create(kManifestPath, manifest.to_json(), false);
    if (fs::exists(fs::symlink_status(target, ec))) fs::remove(target);  // the empty directory
    if (::rename(staging.c_str(), target.c_str()) != 0) throw_os_error(target.string(), "create", errno);
  } catch (...) {
    fs::remove_all(staging, ec);
    throw;
  }
  return report;
}

TreeReport write_scaffolds(const fs::path& dir, const FileSet& files) {
  const TreeFs tree(dir);
  const TreeLock lock(tree, report_waiting_for_lock);
  TreeReport report;
  report.recovery = recover_transaction(tree);
  std::vector<TransactionWrite> writes;
  for (const auto& f : files) {
    if (auto problem = tree_path_problem(f.path)) {
      throw DiagnosticError({{tree.display(f.path), 0, 0, "refusing an unsafe path: " + *problem,
                              "accelgen only writes plain relative paths inside the backend directory"}});
    }
    if (tree.kind(f.path) != TreeFs::Kind::Missing) {  // a link on the way throws, naming it
      throw DiagnosticError({{tree.display(f.path), 0, 0,
                              "already exists; accelgen never overwrites a file of yours, and nothing was written",
                              "move it away first, or pass --beside to write the scaffold beside it"}});
    }
    writes.push_back({f.path, f.content, f.executable});
    report.changes.push_back({TreeChange::Action::Create, f.path});
  }
  run_transaction(tree, writes, {});
  return report;
}

std::string recover_tree(const fs::path& dir) {
  const TreeFs tree(dir);
  if (!transaction_pending(tree)) return "";
  const TreeLock lock(tree, report_waiting_for_lock);
  return recover_transaction(tree);
}

TreeReport update_tree(const fs::path& dir, const TreeInputs& inputs, const UpdateOptions& options) {
  const TreeFs tree(dir);
  TreeReport report;
  std::optional<TreeLock> lock;
  if (options.dry_run) {
    if (transaction_pending(tree)) {
      throw DiagnosticError({{tree.display(".accelgen/txn"), 0, 0, "an interrupted accelgen run is pending here",
                              "run the command without --dry-run: it completes or discards the interrupted run"}});
    }
  } else {
    lock.emplace(tree, report_waiting_for_lock);
    report.recovery = recover_transaction(tree);
  }
  // Without a manifest (a spec written by hand, or a tree whose .accelgen/ was removed) nothing is known to be
  // generated: existing files are merged against an empty ancestor, so nothing of the user's is overwritten.
  const auto old_manifest_text = tree.read(kManifestPath, 16u << 20);
  const Manifest old_manifest =
      old_manifest_text ? Manifest::from_json(*old_manifest_text, tree.display(kManifestPath)) : Manifest{};
  Manifest manifest = complete_manifest(inputs);
  MergeBase base(tree, old_manifest, options.render_recorded);
  std::vector<TransactionWrite> writes;
  std::vector<TransactionRemoval> removals;

  // Files of an earlier layout (inputs.moved_from) that this tree still has at their old place: old -> new path.
  std::map<std::string, std::string> relocated;
  std::set<std::string> carried;  // old paths whose file moved to the new place in this run

  for (const auto& f : inputs.files) {
    std::string old_path;  // set when this file is carried over from where an earlier layout had it
    if (const auto moved = inputs.moved_from.find(f.path);
        moved != inputs.moved_from.end() && !old_manifest.files.contains(f.path) &&
        old_manifest.files.contains(moved->second)) {
      old_path = moved->second;
      relocated[old_path] = f.path;
    }
    const auto previous = old_manifest.files.find(old_path.empty() ? f.path : old_path);
    const bool known = previous != old_manifest.files.end();
    auto current = tree.read(f.path);  // a link or a special file here is refused before anything is written
    // Carried over: the file at its old place is the one the user has; whatever is decided for it is written at
    // the new place, and the old place is emptied (only if it still holds what was read here).
    std::string carried_from;
    if (!old_path.empty() && !current) {
      current = tree.read(old_path);
      if (current) {
        carried_from = old_path;
        carried.insert(old_path);
        removals.push_back({old_path, blob_id(*current)});
      }
    }
    const std::string note = carried_from.empty() ? "" : "moved from " + carried_from;
    // The user's text stays as it is: when it moves, it is written at the new place.
    auto keep_current = [&](TreeChange::Action action) {
      if (carried_from.empty()) return;
      writes.push_back({f.path, *current, f.executable});
      report.changes.push_back({action, f.path, note});
    };

    if (f.owner == FileOwner::User) {
      // Scaffolded once: created if it never existed; afterwards the user's, even if deleted.
      if (!known && !current) {
        writes.push_back({f.path, f.content, f.executable});
        report.changes.push_back({TreeChange::Action::Create, f.path});
      }
      if (current) keep_current(TreeChange::Action::Move);
      continue;
    }
    if (!current) {
      if (known) {
        report.changes.push_back({TreeChange::Action::KeepDeleted, f.path});
      } else {
        writes.push_back({f.path, f.content, f.executable});
        report.changes.push_back({TreeChange::Action::Create, f.path});
      }
      continue;
    }
    // Conflicted by an earlier run: left alone until the user removes the markers.
    if (known && previous->second.conflicted && has_conflict_markers(*current)) {
      manifest.files[f.path].conflicted = true;
      if (previous->second.blob_id != manifest.files[f.path].blob_id) {
        // The output changed again meanwhile: the unresolved conflict is against the previous output, which stays
        // the merge base until the user has resolved it.
        manifest.files[f.path].blob_id = previous->second.blob_id;
      }
      if (!carried_from.empty()) writes.push_back({f.path, *current, f.executable});
      report.changes.push_back({TreeChange::Action::Unresolved, f.path, note});
      continue;
    }
    if (*current == f.content) {  // already what we would write
      keep_current(TreeChange::Action::Move);
      continue;
    }
    const std::string current_id = blob_id(*current);
    if (known && current_id == previous->second.blob_id) {
      writes.push_back({f.path, f.content, f.executable});
      report.changes.push_back({TreeChange::Action::Update, f.path, note});
      continue;
    }
    // Edited by the user, and the generator has nothing new for it: the user's text stands, nothing to do.
    if (known && previous->second.blob_id == manifest.files[f.path].blob_id) {
      keep_current(TreeChange::Action::Move);
      continue;
    }
    // Edited by the user (or a file the user created where we now generate one): merge three ways, with the
    // last generated text as the common ancestor (empty if we never generated this path).
    const std::string ancestor = known && !options.merge_without_base
                                     ? base.text(f.path, previous->second.blob_id, old_path)
                                     : std::string();
    const auto merged = merge::merge_three_way(ancestor, *current, f.content, f.path);
    if (merged.text != *current || !carried_from.empty()) writes.push_back({f.path, merged.text, f.executable});
    if (merged.conflicted) manifest.files[f.path].conflicted = true;
    report.changes.push_back(
        {merged.conflicted ? TreeChange::Action::Conflict : TreeChange::Action::Merge, f.path, note});
  }

  // Generated last time but not now (for example a capability switched off).
  for (const auto& [path, entry] : old_manifest.files) {
    if (manifest.files.contains(path) || carried.contains(path)) continue;
    const auto kind = tree.kind(path);
    const auto moved = relocated.find(path);
    if (entry.owner == FileOwner::User) {
      // Scaffolded for something the spec no longer has (a kernel whose operator left operators.native): the
      // user's code is never deleted. Reported once; if the operator comes back, the file is used again as is.
      // At the old place of a file that moved, while the new place has one too: kept, and said which is used.
      if (kind == TreeFs::Kind::Missing) continue;
      if (moved != relocated.end()) {
        report.changes.push_back({TreeChange::Action::KeepStale, path, "the backend uses " + moved->second});
      } else {
        report.changes.push_back({TreeChange::Action::KeepUnused, path});
      }
      continue;
    }
    if (kind == TreeFs::Kind::Missing) continue;
    const auto current = kind == TreeFs::Kind::File ? tree.read(path) : std::nullopt;
    if (current && blob_id(*current) == entry.blob_id && !entry.conflicted) {
      removals.push_back({path, entry.blob_id});
      report.changes.push_back({TreeChange::Action::Remove, path});
    } else {
      report.changes.push_back(
          {TreeChange::Action::KeepEdited, path, moved == relocated.end() ? "" : "the backend uses " + moved->second});
    }
  }
  if (!relocated.empty()) {
    // Only files accelgen recorded move; what else the old folders hold (build outputs, caches, files of the
    // user's own) stays where it is.
    std::set<std::string> old_folders;
    for (const auto& [old_path, new_path] : relocated) {
      const auto slash = old_path.rfind('/');
      if (slash != std::string::npos) old_folders.insert(old_path.substr(0, slash + 1));
    }
    std::string folders, last;
    for (const auto& folder : old_folders) {
      if (!last.empty() && folder.starts_with(last)) continue;  // inside a folder already named
      folders += (folders.empty() ? "" : ", ") + folder;
      last = folder;
    }
    report.notes.push_back("The layout changed since this tree was generated: accelgen moves the files it recorded to "
                           "their new place. What else is left in " + (folders.empty() ? "the old places" : folders) +
                           " (build outputs such as __pycache__/ or an extension module built in place, files of "
                           "your own) stays there: move what you need, then delete the old folders.");
  }

  // What the user's own files need to hear about this update, and the fresh scaffolds that go beside them.
  if (options.review_user_files) {
    UserFileReview review = options.review_user_files(tree, old_manifest);
    for (auto& note : review.notes) report.notes.push_back(std::move(note));
    for (const auto& f : review.beside) {
      if (auto problem = tree_path_problem(f.path)) {
        throw std::logic_error("a scaffold beside a file of the user's at an unsafe path '" + f.path + "': " + *problem);
      }
      if (tree.kind(f.path) != TreeFs::Kind::Missing) continue;  // one from an earlier run, or the user's: kept
      writes.push_back({f.path, f.content, f.executable});
      report.changes.push_back({TreeChange::Action::Create, f.path, "fresh scaffold beside your file"});
    }
  }

  // The spec itself, when `upgrade` recorded its torch target in it.
  if (options.rewrite_spec_from && *options.rewrite_spec_from != inputs.spec_content) {
    writes.push_back(spec_rewrite(tree, inputs, *options.rewrite_spec_from));
    report.changes.push_back({TreeChange::Action::Update, inputs.spec_file});
  }
  // The spec as used (the merge base's input) and the manifest, last: it describes the tree after every write.
  if (tree.read(kSpecCopyPath, 1u << 20) != inputs.spec_content) {
    writes.push_back({kSpecCopyPath, inputs.spec_content, false});
  }
  const std::string new_manifest_text = manifest.to_json();
  if (old_manifest_text != new_manifest_text) writes.push_back({kManifestPath, new_manifest_text, false});

  std::sort(report.changes.begin(), report.changes.end(),
            [](const TreeChange& a, const TreeChange& b) { return a.path < b.path; });
  if (!options.dry_run) {
    run_transaction(tree, writes, removals);
    tree.remove_all(kLegacyPristineDir);  // older accelgen's full copy: no longer needed once the manifest is new
  }
  return report;
}

}  // namespace accelgen
