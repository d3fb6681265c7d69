#include "cli/upgrade_command.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "base/diagnostic.h"
#include "cli/command_common.h"
#include "cli/guide_command.h"
#include "cli/user_file_notices.h"
#include "guide/guidance.h"
#include "guide/user_code.h"
#include "output/manifest.h"
#include "output/generation.h"
#include "plan/version_knowledge.h"
#include "spec/spec_loader.h"
#include "spec/torch_field.h"

namespace accelgen::cli {

namespace fs = std::filesystem;

void setup_upgrade_command(CLI::App& app, UpgradeOptions& options) {
  auto* cmd = app.add_subcommand("upgrade",
                                 "Explain what moving the backend in DIR to another torch target means (every change, "
                                 "why, the exact diff, what you must do), then regenerate it for that target");
  cmd->add_option("--to", options.to,
                  "Torch target to move to: a version (2.14), a range (2.6:2.14) or auto (the installed torch)")
      ->required();
  cmd->add_option("--torch-prefix", options.torch_prefix,
                  "Where the installed torch is: what `--to auto` detects, and what a --to newer than the releases "
                  "accelgen knows must match")
      ->capture_default_str();
  cmd->add_option("dir", options.dir, "Backend directory (holds accelgen.yaml and .accelgen/)")->capture_default_str();
  cmd->add_flag("--guide-only", options.guide_only, "Print the guidance only; change no file");
  cmd->add_flag("--dry-run", options.dry_run, "Regenerate in a dry run: list what would change, write nothing");
  cmd->add_flag("--no-scan", options.no_scan, "Do not scan your own code in DIR");
  cmd->add_flag("--no-merge-base", options.no_merge_base,
                "Merge edited files against nothing when their merge base cannot be rebuilt");
  add_report_options(cmd, options.scan, options.format, options.output);
}

namespace {

/// Regenerates the tree for `to` from its spec with the torch field set to `to`, and writes that spec over
/// accelgen.yaml in the same transaction: the tree's spec names the target the tree was generated for, so a later
/// `accelgen generate` keeps it there (conflicts or not) instead of going back to the target the spec named before.
guide::Regeneration regenerate_for_target(const fs::path& dir, const fs::path& spec_path, const std::string& spec_text,
                                          const TargetVersions& to, const UpgradeOptions& options) {
  const std::string recorded_spec = with_torch_target(spec_text, spec_path.string(), to);
  // `to` was checked against the installed torch already (a release newer than the knowledge base included).
  GenerationRequest request{recorded_spec, spec_path.string(), "", options.torch_prefix, to};
  const Generation generation = prepare_generation(request);
  UpdateOptions update = tree_update_options(options.dry_run, options.no_merge_base);
  update.rewrite_spec_from = spec_text;
  update.review_user_files = user_file_review(generation);
  return {update_tree(dir, generation.inputs, update), options.dry_run};
}

/// One line on stderr (the report on stdout may be JSON): where the new target is recorded.
void report_recorded_target(const fs::path& spec_path, const TargetVersions& to, bool dry_run) {
  std::cerr << (dry_run ? "Would record" : "Recorded") << " torch "
            << torch_option_text(to.min.to_string(), to.max.to_string()) << " in " << spec_path.string()
            << " (its torch: field), the target `accelgen generate` keeps.\n";
}

}  // namespace

int run_upgrade_command(const UpgradeOptions& options) {
  return run_guarded([&] {
    const fs::path dir(options.dir);
    const fs::path spec_path = dir / "accelgen.yaml";
    const std::string spec_text = read_spec_text(
        spec_path, "no spec here", "pass the directory of a backend made by `accelgen init` (it holds accelgen.yaml)");
    if (!options.dry_run) {
      TreeReport recovered;
      recovered.recovery = recover_tree(dir);
      report_recovery(recovered);
    }
    const auto manifest = read_manifest(dir);
    if (!manifest) {
      throw DiagnosticError({{(dir / kManifestPath).string(), 0, 0,
                              "no manifest: this backend was never generated, so its current torch target is unknown",
                              "run `accelgen generate` first, or use `accelgen guide --from A --to B` to plan"}});
    }
    const TargetVersions from = parse_target_option(
        manifest->torch_min + (manifest->torch_min == manifest->torch_max ? "" : ":" + manifest->torch_max),
        (dir / kManifestPath).string(), contract::BeyondKnowledge::Accept);
    // A release newer than the knowledge base only as the torch installed under --torch-prefix (or the tree's own).
    const TargetVersions to = resolve_targets(parse_spec(spec_text, spec_path.string()), options.to,
                                              options.torch_prefix, from, "--to");

    guide::GuidanceRequest request;
    request.spec = parse_spec(spec_text, spec_path.string());
    request.from = from;
    request.to = to;
    request.display_base = dir;
    if (!options.no_scan) {
      request.scan = true;
      request.scan_roots = guide::user_code_files(dir);
      request.scan_root_labels.clear();
    }
    for (const auto& s : options.scan) {
      if (!fs::exists(s)) throw DiagnosticError({{s, 0, 0, "--scan path does not exist", "pass a file or directory of your code"}});
      request.scan = true;
      request.scan_roots.emplace_back(s);
    }
    // Show "the backend's own files" as one root instead of listing every file.
    if (request.scan) {
      if (!options.no_scan) request.scan_root_labels.push_back("the backend's own files (not generated by accelgen)");
      for (const auto& s : options.scan) request.scan_root_labels.push_back(s);
    }
    guide::Guidance guidance = guide::build_guidance(request, version_knowledge());
    // build_guidance labels roots one per entry; keep the compact labels.
    guidance.scanned_roots = request.scan_root_labels;

    if (!options.guide_only) guidance.regeneration = regenerate_for_target(dir, spec_path, spec_text, to, options);
    emit_report(guidance, options.format, options.output);
    if (guidance.regeneration) report_recorded_target(spec_path, to, options.dry_run);
    report_beyond_knowledge(to, options.torch_prefix, dir.string());
    if (guidance.regeneration && guidance.regeneration->report.has_conflicts()) {
      std::cerr << guidance.regeneration->report.conflicts().size()
                << " file(s) have conflicts between your edits and the new output; resolve the <<<<<<< / >>>>>>> "
                   "blocks, then run `accelgen generate`:\n";
      for (const auto& p : guidance.regeneration->report.conflicts()) std::cerr << "  " << (dir / p).string() << "\n";
      return kExitUserError;
    }
    return kExitOk;
  });
}

}  // namespace accelgen::cli
