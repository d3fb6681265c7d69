#include "output/tree_writer.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <system_error>

#include "merge/three_way_merge.h"
#include "spec/diagnostic.h"

namespace fs = std::filesystem;

namespace accelgen {
namespace {

std::optional<std::string> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const fs::path& path, const std::string& content, bool executable) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << content;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path.string());
  if (executable) {
    fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add);
  }
}

/// One file write that is part of a transaction.
struct PendingWrite {
  fs::path path;
  std::string content;
  bool executable = false;
};

/// Writes every file next to its destination first (".accelgen-new" suffix), then renames them all into place,
/// then deletes. A failure while staging removes the staged files and leaves the tree as it was.
void apply_transaction(const std::vector<PendingWrite>& writes, const std::vector<fs::path>& removals) {
  std::vector<fs::path> staged;
  try {
    for (const auto& w : writes) {
      fs::path temp = w.path;
      temp += ".accelgen-new";
      write_file(temp, w.content, w.executable);
      staged.push_back(temp);
    }
  } catch (...) {
    std::error_code ignored;
    for (const auto& temp : staged) fs::remove(temp, ignored);
    throw;
  }
  for (std::size_t i = 0; i < writes.size(); ++i) fs::rename(staged[i], writes[i].path);
  for (const auto& path : removals) {
    std::error_code ignored;
    fs::remove(path, ignored);
  }
}

Manifest complete_manifest(const TreeInputs& inputs) {
  Manifest m = inputs.manifest;
  m.spec_file = inputs.spec_file;
  m.spec_blob_id = blob_id(inputs.spec_content);
  m.files.clear();
  for (const auto& f : inputs.files) m.files[f.path] = {f.owner, blob_id(f.content)};
  return m;
}

}  // namespace

bool TreeReport::has_conflicts() const { return !conflicts().empty(); }

std::vector<std::string> TreeReport::conflicts() const {
  std::vector<std::string> paths;
  for (const auto& c : changes) {
    if (c.action == TreeChange::Action::Conflict) paths.push_back(c.path);
  }
  return paths;
}

std::string TreeReport::describe() const {
  static const std::map<TreeChange::Action, const char*> words = {
      {TreeChange::Action::Create, "create"},     {TreeChange::Action::Update, "update"},
      {TreeChange::Action::Merge, "merge"},       {TreeChange::Action::Conflict, "CONFLICT"},
      {TreeChange::Action::Remove, "remove"},     {TreeChange::Action::KeepEdited, "keep (edited, no longer generated)"},
      {TreeChange::Action::KeepDeleted, "keep deleted"}};
  std::string text;
  for (const auto& c : changes) {
    std::string word = words.at(c.action);
    word.resize(std::max<std::size_t>(word.size(), 10), ' ');
    text += "  " + word + " " + c.path + "\n";
  }
  return text;
}

TreeReport write_new_tree(const fs::path& target, const TreeInputs& inputs) {
  if (fs::exists(target) && !(fs::is_directory(target) && fs::is_empty(target))) {
    throw DiagnosticError({{target.string(), 0, 0, "refusing to write into an existing non-empty directory",
                            "choose another --dir or name, or run `accelgen generate` there to regenerate"}});
  }
  const Manifest manifest = complete_manifest(inputs);
  fs::path staging = target.parent_path() / ("." + target.filename().string() + ".accelgen-staging");
  std::error_code ignored;
  fs::remove_all(staging, ignored);
  TreeReport report;
  try {
    write_file(staging / inputs.spec_file, inputs.spec_content, false);
    for (const auto& f : inputs.files) {
      write_file(staging / f.path, f.content, f.executable);
      if (f.owner == FileOwner::Generated) write_file(staging / kPristineDir / f.path, f.content, false);
      report.changes.push_back({TreeChange::Action::Create, f.path});
    }
    write_file(staging / kManifestPath, manifest.to_json(), false);
    if (fs::exists(target)) fs::remove(target);  // the empty directory
    fs::rename(staging, target);
  } catch (...) {
    fs::remove_all(staging, ignored);
    throw;
  }
  return report;
}

TreeReport update_tree(const fs::path& dir, const TreeInputs& inputs, bool dry_run) {
  // Without a manifest (a spec written by hand, or a tree whose .accelgen/ was removed) nothing is known to be
  // generated: existing files are merged against an empty ancestor, so nothing of the user's is overwritten.
  const auto old_manifest = read_manifest(dir).value_or(Manifest{});
  const Manifest manifest = complete_manifest(inputs);
  TreeReport report;
  std::vector<PendingWrite> writes;
  std::vector<fs::path> removals;

  for (const auto& f : inputs.files) {
    const fs::path path = dir / f.path;
    const auto previous = old_manifest.files.find(f.path);
    const bool known = previous != old_manifest.files.end();
    const auto current = read_file(path);
    const fs::path pristine_path = dir / kPristineDir / f.path;

    if (f.owner == FileOwner::User) {
      // Scaffolded once: created if it never existed; afterwards the user's, even if deleted.
      if (!known && !current) {
        writes.push_back({path, f.content, f.executable});
        report.changes.push_back({TreeChange::Action::Create, f.path});
      }
      continue;
    }
    // The pristine copy always tracks the newest generated text (the next merge's common ancestor).
    const auto pristine = read_file(pristine_path);
    if (pristine != f.content) writes.push_back({pristine_path, f.content, false});

    if (!current) {
      if (known) {
        report.changes.push_back({TreeChange::Action::KeepDeleted, f.path});
      } else {
        writes.push_back({path, f.content, f.executable});
        report.changes.push_back({TreeChange::Action::Create, f.path});
      }
      continue;
    }
    if (*current == f.content) continue;  // already what we would write
    const bool untouched = known && blob_id(*current) == previous->second.blob_id;
    if (untouched) {
      writes.push_back({path, f.content, f.executable});
      report.changes.push_back({TreeChange::Action::Update, f.path});
      continue;
    }
    // Edited by the user, and the generator has nothing new for it: the user's text stands, nothing to do.
    if (known && pristine == f.content) continue;
    // Edited by the user (or a file the user created where we now generate one): merge three ways, with the
    // last generated text as the common ancestor (empty if we never generated this path).
    const std::string base = known && pristine ? *pristine : std::string();
    const auto merged = merge::merge_three_way(base, *current, f.content, f.path);
    if (merged.text != *current) writes.push_back({path, merged.text, f.executable});
    report.changes.push_back({merged.conflicted ? TreeChange::Action::Conflict : TreeChange::Action::Merge, f.path});
  }

  // Generated last time but not now (for example a capability switched off).
  for (const auto& [path, entry] : old_manifest.files) {
    if (manifest.files.contains(path) || entry.owner == FileOwner::User) continue;
    const auto current = read_file(dir / path);
    removals.push_back(dir / kPristineDir / path);
    if (!current) continue;
    if (blob_id(*current) == entry.blob_id) {
      removals.push_back(dir / path);
      report.changes.push_back({TreeChange::Action::Remove, path});
    } else {
      report.changes.push_back({TreeChange::Action::KeepEdited, path});
    }
  }

  const auto old_manifest_text = read_file(dir / kManifestPath);
  const std::string new_manifest_text = manifest.to_json();
  if (old_manifest_text != new_manifest_text) writes.push_back({dir / kManifestPath, new_manifest_text, false});

  std::sort(report.changes.begin(), report.changes.end(),
            [](const TreeChange& a, const TreeChange& b) { return a.path < b.path; });
  if (!dry_run) apply_transaction(writes, removals);
  return report;
}

}  // namespace accelgen
