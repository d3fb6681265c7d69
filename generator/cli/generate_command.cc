#include "cli/generate_command.h"

#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "base/diagnostic.h"
#include "cli/command_common.h"
#include "cli/user_file_notices.h"
#include "output/manifest.h"
#include "output/tree_fs.h"
#include "output/tree_lock.h"
#include "render/backend_renderer.h"
#include "output/generation.h"
#include "spec/spec_loader.h"

namespace accelgen::cli {

void setup_generate_command(CLI::App& app, GenerateOptions& options) {
  auto* cmd = app.add_subcommand("generate", "Regenerate the backend in DIR from DIR/accelgen.yaml; edited "
                                             "generated files are merged three ways, your own files kept");
  cmd->add_option("dir", options.dir, "Backend directory (holds accelgen.yaml)")->capture_default_str();
  cmd->add_option("--torch", options.torch,
                  "Override the spec's torch: a version (2.14), a range (2.6:2.14) or auto");
  cmd->add_option("--torch-prefix", options.torch_prefix, "Where `auto` looks for torch")->capture_default_str();
  cmd->add_flag("--dry-run", options.dry_run, "List what would change and write nothing");
  cmd->add_flag("--no-merge-base", options.no_merge_base,
                "Merge edited files against nothing when their merge base cannot be rebuilt (every difference "
                "becomes a conflict block)");
}

namespace {

/// The manifest of the tree in `dir`, if it has one that can be read (if not, the update that follows says why).
std::optional<Manifest> readable_manifest(const std::filesystem::path& dir) {
  try {
    return read_manifest(dir);
  } catch (const DiagnosticError&) {
    return std::nullopt;
  }
}

/// Where this run's torch target comes from, as the user wrote it: `--torch 2.6`, `accelgen.yaml torch: "2.6"`.
std::string target_origin(const GenerateOptions& options, const DeviceSpec& spec) {
  if (!options.torch.empty()) return "--torch " + options.torch;
  const std::string field = kSpecFileName + " torch: ";
  if (spec.torch.kind == TorchRequest::Kind::Auto) return field + "auto, the torch under " + options.torch_prefix;
  const bool range = spec.torch.kind == TorchRequest::Kind::Range;
  return field + torch_option_as_yaml(range ? spec.torch.min + ":" + spec.torch.max : spec.torch.min);
}

/// When this run moves the tree to another torch target than the one it was generated for, the report says so
/// first, so that nothing goes back silently (for instance a spec whose torch field still names the version the
/// tree was generated for before an upgrade): "torch target: 2.14 -> 2.6 (from accelgen.yaml torch: "2.6")". A
/// move back to an older torch also says how to stay. Nothing is printed when the target is the same or the tree
/// had no manifest.
void report_target_change(const std::optional<Manifest>& before, const Generation& generation,
                          const GenerateOptions& options) {
  const TargetVersions& now = generation.targets;
  if (!before || (before->torch_min == now.min.to_string() && before->torch_max == now.max.to_string())) return;
  const std::string was = torch_option_text(before->torch_min, before->torch_max);
  std::cout << "torch target: " << was << " -> " << torch_option_text(now.min.to_string(), now.max.to_string())
            << " (from " << target_origin(options, generation.spec) << ")";
  const auto was_max = contract::TorchVersion::parse(before->torch_max);
  if (was_max && now.max < *was_max) {
    std::cout << ", back to an older torch\n  to keep the tree at " << was << ", run `accelgen upgrade --to " << was
              << "`: it regenerates for " << was << " and records it in " << kSpecFileName;
  }
  std::cout << "\n";
}

}  // namespace

int run_generate_command(const GenerateOptions& options) {
  return run_guarded([&] {
    const std::filesystem::path dir(options.dir);
    const std::filesystem::path spec_path = dir / "accelgen.yaml";
    const std::string spec_text = read_spec_text(
        spec_path, "no spec here", "run `accelgen init NAME` to create a backend, or pass its directory");
    GenerationRequest request{spec_text, spec_path.string(), options.torch, options.torch_prefix, std::nullopt};
    const std::optional<Manifest> before = readable_manifest(dir);
    if (before) request.recorded_targets = recorded_targets(*before);
    ResolvedRequest resolved = resolve_request(request);
    {
      // The no-op fast path: when the tree already is what these inputs render, render nothing. Under the tree's
      // lock (except in a dry run, which takes none) so that a run in progress is waited for.
      std::optional<TreeLock> lock;
      if (!options.dry_run && std::filesystem::is_directory(dir / kStateDir)) {
        lock.emplace(TreeFs(dir), report_waiting_for_lock);
      }
      const std::string why_not = why_not_up_to_date(dir, recorded_inputs(request, resolved));
      if (why_not.empty()) {
        trace("no-op fast path: the tree matches the recorded inputs; nothing rendered");
        std::cout << "Up to date: nothing to change (torch " << resolved.targets.display() << ").\n";
        for (const auto& note : up_to_date_notes(dir, runtime_name(resolved.spec.runtime))) std::cout << "\n" << note << "\n";
        return kExitOk;
      }
      trace("full path: " + why_not);
    }
    const Generation generation = render_generation(request, std::move(resolved));
    UpdateOptions update = tree_update_options(options.dry_run, options.no_merge_base);
    update.review_user_files = user_file_review(generation);
    const TreeReport report = update_tree(dir, generation.inputs, update);
    report_recovery(report);
    report_target_change(before, generation, options);
    if (const std::string beyond = beyond_knowledge_note(generation.targets); !beyond.empty()) {
      std::cout << beyond << "\n";
    }
    if (report.changes.empty()) {
      std::cout << "Up to date: nothing to change (torch " << generation.targets.display() << ").\n";
      for (const auto& note : report.notes) std::cout << "\n" << note << "\n";
    } else {
      std::cout << (options.dry_run ? "Would change" : "Changed") << " (torch " << generation.targets.display()
                << "):\n" << report.describe();
    }
    if (report.has_conflicts()) {
      std::cerr << "\n" << report.conflicts().size()
                << " file(s) have conflicts between your edits and the new output; resolve the <<<<<<< / "
                   ">>>>>>> blocks, then run `accelgen generate` again:\n";
      for (const auto& path : report.conflicts()) std::cerr << "  " << (dir / path).string() << "\n";
      return kExitUserError;
    }
    return kExitOk;
  });
}

}  // namespace accelgen::cli
