// Upgrade guidance: what moving a backend from one torch target to another means, why, and the exact diff of the
// generated code (docs/upgrade-guidance.md). The model is built once and rendered by the report builders
// (guide/report.h) as text, Markdown, JSON or HTML.
//
// Note [Attributing generated-code changes to knowledge-base changes]
// Templates never test torch versions, only `features.<id>` (knowledge/torch-changes.yaml). For a change with a
// feature F, the generated-code change it causes is measured directly: every template is rendered with the TO
// context, and again with the TO context where only features.F is replaced by its FROM value. The files whose
// output differs are the files F affects, and the diff between the two renderings is exactly F's part of the
// FROM -> TO diff (line numbers are those of the TO file). Changes that share a feature share that diff; the
// report shows it under the first of them and refers to it from the others. Whatever differs between the FROM and
// TO renderings but is explained by no feature (version strings, for example) is listed as "other generated
// changes" with its own FROM -> TO diff; files that differ only in the banner are not listed.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "contract/knowledge_base.h"
#include "merge/unified_diff.h"
#include "model/device_spec.h"
#include "render/file_set.h"
#include "output/tree_writer.h"
#include "plan/target_versions.h"

namespace accelgen::guide {

/// One generated file affected by a change (or by no known change), with the diff.
struct FileGuidance {
  std::string path;             // relative to the backend, '/'-separated
  FileOwner owner = FileOwner::Generated;
  enum class Status { Modified, Added, Removed } status = Status::Modified;
  merge::FileDiff diff;         // structured (side-by-side HTML)
  std::string unified;          // "--- a/<path>" / "+++ b/<path>" unified diff
};

struct ChangeGuidance {
  const contract::Change* change = nullptr;  // points into the knowledge base (outlives the guidance)
  std::vector<FileGuidance> files;           // generated files this change alters (empty: no generated-code change)
  std::string same_diff_as;                  // another change id that already shows the same diff (shared feature)
  std::vector<std::string> contract_items;   // contract-diff item ids the change explains (knowledge base)
  /// True when the change is known absent at `from` and present at `to`; false when the knowledge base only dates
  /// it to releases on both sides of one of them (the step may or may not include it).
  bool known_in_step = true;
  /// When it landed, for the reports: "since torch 2.11", "in torch 2.7 to 2.11 (not dated more precisely)", or
  /// "in torch 2.7 to 2.14, not dated more precisely: torch 2.11 may or may not have it".
  std::string timing;
};

struct UserCodeHit {
  std::string path;  // as shown: relative to the backend directory, or as given with --scan
  int line = 0;
  std::string change_id;
  contract::ChangeKind kind = contract::ChangeKind::NewFeature;
  std::string since;
  bool new_in_range = false;
  std::string message;
  std::string fix;
  std::string text;
};

struct LeftOutChange {
  std::string id;
  std::string capability;  // the spec capability that is off
};

/// The regeneration `accelgen upgrade` ran (absent for `guide` and `upgrade --guide-only`).
struct Regeneration {
  TreeReport report;
  bool dry_run = false;
};

struct Guidance {
  std::string device;        // the spec's device name
  std::string display_name;
  TargetVersions from;
  TargetVersions to;
  std::vector<ChangeGuidance> changes;      // most severe first
  std::vector<LeftOutChange> left_out;      // changes in the range whose capability the spec turns off
  std::vector<FileGuidance> other_files;    // FROM -> TO changes explained by no feature
  bool scanned = false;                     // the user's code was scanned
  std::vector<std::string> scanned_roots;   // as shown
  int scanned_files = 0;
  std::vector<UserCodeHit> hits;            // sorted by path, line
  std::optional<Regeneration> regeneration;

  /// Number of changes with this kind.
  int count(contract::ChangeKind kind) const;
  /// True when something needs the user's hands: a user-code hit, or a compile/runtime change with a user action.
  bool needs_user_action() const;
};

struct GuidanceRequest {
  DeviceSpec spec;
  TargetVersions from;
  TargetVersions to;
  /// User code to scan: files or directories (the caller has already applied the ownership rules).
  std::vector<std::filesystem::path> scan_roots;
  /// How hit paths are shown: relative to this directory when they lie inside it (empty: as given).
  std::filesystem::path display_base;
  /// Shown in the report instead of the absolute roots (same order as scan_roots; may be empty).
  std::vector<std::string> scan_root_labels;
  bool scan = false;
};

/// Builds the guidance. Throws RenderError / DiagnosticError on template or spec problems.
Guidance build_guidance(const GuidanceRequest& request, const contract::KnowledgeBase& kb);

}  // namespace accelgen::guide
