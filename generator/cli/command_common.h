// Shared pieces of the subcommands: exit codes and how errors reach the user.
#pragma once

#include <functional>
#include <string>

#include "model/device_spec.h"
#include "render/file_set.h"
#include "output/tree_writer.h"
#include "plan/target_versions.h"

namespace accelgen::cli {

enum ExitCode : int {
  kExitOk = 0,
  kExitUserError = 1,  // bad spec, bad name, refused write, merge conflicts
  kExitUsage = 2,      // bad command line (CLI11 parse errors)
  kExitUnknownChanges = 3,  // contract-diff --backend: a change the knowledge base does not know touches the tree
};

/// Runs a subcommand body, turning DiagnosticError and other failures into messages on stderr and exit 1.
int run_guarded(const std::function<int()>& body);

/// How generate and upgrade update a tree: the merge base is rebuilt by rendering the recorded spec for the
/// recorded torch target (output/merge_base.h).
UpdateOptions tree_update_options(bool dry_run, bool no_merge_base);

/// Prints what was done about an interrupted earlier run (if anything) on stderr.
void report_recovery(const TreeReport& report);

/// A torch target as --torch and --to spell it: "2.14" (min == max), or "2.6:2.14" for a range.
std::string torch_option_text(const std::string& min, const std::string& max);

/// After upgrade guidance for a target newer than the knowledge base: one line on stderr saying that no change of
/// it is known and which `accelgen contract-diff` command (with --backend `backend` when not empty) finds them.
void report_beyond_knowledge(const TargetVersions& to, const std::string& torch_prefix, const std::string& backend);

/// The --torch value as the spec's YAML spelling: "2.14" -> "\"2.14\"", "2.6:2.14" -> {min: .., max: ..}.
std::string torch_option_as_yaml(const std::string& option);

}  // namespace accelgen::cli
