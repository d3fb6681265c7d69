#include "cli/scaffold_command.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "base/diagnostic.h"
#include "cli/command_common.h"
#include "output/manifest.h"
#include "output/tree_writer.h"
#include "render/backend_renderer.h"
#include "output/generation.h"
#include "spec/spec_loader.h"
#include "spec/suggest.h"

namespace accelgen::cli {

namespace fs = std::filesystem;

void setup_scaffold_command(CLI::App& app, ScaffoldOptions& options) {
  auto* cmd = app.add_subcommand(
      "scaffold", "Write again the scaffold of a file of yours that is missing (the driver adapter, its build, a "
                  "kernel file, ...); never over an existing file");
  cmd->add_option("args", options.args,
                  "[TREE] PATH...: the backend directory (default: .), then paths relative to it, e.g. "
                  "csrc/driver/driver.cc csrc/kernels/add_Tensor.cc");
  cmd->add_flag("--list", options.list, "List the paths accelgen scaffolds and whether each exists");
  cmd->add_flag("--beside", options.beside,
                "Write each scaffold beside its path, as PATH.scaffold (to compare with a file you have)");
  cmd->add_option("--torch-prefix", options.torch_prefix, "Where a spec with `torch: auto` looks for torch")
      ->capture_default_str();
}

namespace {

/// The user-owned scaffolds of the tree in `dir`, rendered from its spec for the torch target it was last
/// generated for (the manifest's), or the spec's own when it has never been generated.
FileSet user_scaffolds(const fs::path& dir, const std::string& torch_prefix) {
  const fs::path spec_path = dir / kSpecFileName;
  GenerationRequest request;
  request.spec_text = read_spec_text(spec_path, "no spec here",
                                     "pass the backend directory first: `accelgen scaffold TREE PATH...`");
  request.spec_source = spec_path.string();
  request.torch_prefix = torch_prefix;
  if (const auto manifest = read_manifest(dir)) {
    request.torch_override = manifest->torch_min + ":" + manifest->torch_max;
    request.recorded_targets = recorded_targets(*manifest);
  }
  FileSet scaffolds;
  for (auto& f : prepare_generation(request).inputs.files) {
    if (f.owner == FileOwner::User) scaffolds.push_back(std::move(f));
  }
  return scaffolds;
}

bool exists_no_follow(const fs::path& path) {
  std::error_code ec;
  return fs::exists(fs::symlink_status(path, ec));
}

}  // namespace

int run_scaffold_command(const ScaffoldOptions& options) {
  return run_guarded([&] {
    std::vector<std::string> paths = options.args;
    fs::path dir = ".";
    // The first argument is the tree when it is a backend directory (holds accelgen.yaml), or when --list names one.
    if (!paths.empty() && (options.list || fs::is_regular_file(fs::path(paths.front()) / kSpecFileName))) {
      dir = paths.front();
      paths.erase(paths.begin());
    }
    if (options.list && !paths.empty()) {
      throw DiagnosticError({{paths.front(), 0, 0, "--list takes only the backend directory",
                              "run `accelgen scaffold --list [TREE]`, then `accelgen scaffold [TREE] PATH...`"}});
    }
    if (!options.list && paths.empty()) {
      throw DiagnosticError({{(dir / kSpecFileName).string(), 0, 0, "no path to scaffold was named",
                              "name the files, e.g. `accelgen scaffold " + dir.string() +
                                  " csrc/driver/driver.cc`; `accelgen scaffold --list " + dir.string() +
                                  "` lists them"}});
    }
    const FileSet scaffolds = user_scaffolds(dir, options.torch_prefix);
    if (options.list) {
      std::cout << "Scaffolds of " << dir.string() << " (files of yours that accelgen writes once):\n";
      for (const auto& f : scaffolds) {
        std::cout << "  " << (exists_no_follow(dir / f.path) ? "exists " : "missing") << "  " << f.path << "\n";
      }
      return kExitOk;
    }
    std::vector<std::string> known;
    for (const auto& f : scaffolds) known.push_back(f.path);
    std::vector<Diagnostic> unknown;
    FileSet chosen;
    for (const auto& path : paths) {
      const auto it = std::find_if(scaffolds.begin(), scaffolds.end(),
                                   [&](const GeneratedFile& f) { return f.path == path; });
      if (it == scaffolds.end()) {
        const std::string close = closest_match(path, known);
        unknown.push_back({path, 0, 0, "not a file accelgen scaffolds in " + dir.string(),
                           (close.empty() ? "" : "did you mean '" + close + "'? ") + "`accelgen scaffold --list " +
                               dir.string() + "` lists them (paths are relative to the backend directory)"});
        continue;
      }
      GeneratedFile file = *it;
      if (options.beside) file.path += ".scaffold";
      chosen.push_back(std::move(file));
    }
    if (!unknown.empty()) throw DiagnosticError(unknown);
    const TreeReport report = write_scaffolds(dir, chosen);
    report_recovery(report);
    for (const auto& change : report.changes) std::cout << "Wrote " << (dir / change.path).string() << "\n";
    return kExitOk;
  });
}

}  // namespace accelgen::cli
