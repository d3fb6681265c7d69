#include "cli/init_command.h"

#include <algorithm>
#include <iostream>

#include "base/diagnostic.h"
#include "cli/command_common.h"
#include "render/backend_renderer.h"
#include "output/generation.h"
#include "plan/target_versions.h"
#include "spec/name_rules.h"
#include "spec/suggest.h"

namespace accelgen::cli {

void setup_init_command(CLI::App& app, InitOptions& options) {
  auto* cmd = app.add_subcommand("init", "Create NAME/ with a commented device spec (accelgen.yaml) and the "
                                         "backend generated from it");
  cmd->add_option("name", options.name, "Device name: a lowercase identifier, e.g. mydevice")->required();
  cmd->add_option("--dir", options.parent_dir, "Parent directory of the new backend")->capture_default_str();
  cmd->add_option("--torch", options.torch,
                  "Target torch: a version (2.14), a range (2.6:2.14) or auto (the installed torch)")
      ->capture_default_str();
  cmd->add_option("--torch-prefix", options.torch_prefix, "Where `--torch auto` looks for torch")
      ->capture_default_str();
  cmd->add_option("--runtime", options.runtime,
                  "The device runtime (device.runtime): accelsim, an adapter over the bundled simulated runtime, or "
                  "custom, an adapter for your own driver whose every function fails naming itself until you "
                  "write it (csrc/driver/README.md in the tree is the porting guide)")
      ->capture_default_str();
}

namespace {

/// --runtime is checked as an option, with the spec field's words: the spec it goes into does not exist yet.
void check_runtime_option(const std::string& runtime) {
  if (std::find(kDeviceRuntimes.begin(), kDeviceRuntimes.end(), runtime) != kDeviceRuntimes.end()) return;
  const std::string typo = closest_match(runtime, kDeviceRuntimes);
  throw DiagnosticError({{"--runtime", 0, 0, "unknown device runtime '" + runtime + "'",
                          (typo.empty() ? "" : "did you mean '" + typo + "'? ") + "use " + kDeviceRuntimesExplained}});
}

}  // namespace

int run_init_command(const InitOptions& options) {
  return run_guarded([&] {
    if (auto problem = device_name_problem(options.name)) {
      throw DiagnosticError({{"NAME", 0, 0, "invalid device name '" + options.name + "': " + *problem,
                              "a device name is a lowercase identifier such as 'mydevice' or 'npu2'"}});
    }
    check_runtime_option(options.runtime);
    // --torch is checked as an option first: the spec it goes into does not exist yet.
    resolve_targets(DeviceSpec{}, options.torch, options.torch_prefix);
    const std::filesystem::path target = std::filesystem::path(options.parent_dir) / options.name;
    GenerationRequest request;
    request.spec_text = render_initial_spec(options.name, torch_option_as_yaml(options.torch), options.runtime);
    request.spec_source = (target / "accelgen.yaml").string();
    request.torch_prefix = options.torch_prefix;
    const Generation generation = prepare_generation(request);
    const TreeReport report = write_new_tree(target, generation.inputs);
    std::cout << "Created " << target.string() << ": " << report.changes.size() << " files for device '"
              << options.name << "', torch " << generation.targets.display() << ", runtime " << options.runtime
              << ".\n";
    if (const std::string beyond = beyond_knowledge_note(generation.targets); !beyond.empty()) {
      std::cout << beyond << " Run `accelgen contract-diff` against it for what else changed.\n";
    }
    if (options.runtime == "custom") {
      const bool has_guide = std::any_of(generation.inputs.files.begin(), generation.inputs.files.end(),
                                         [](const GeneratedFile& f) { return f.path == "csrc/driver/README.md"; });
      std::cout << "Your driver adapter is " << (target / "csrc/driver/driver.cc").string()
                << ": every function fails naming itself until you write it"
                << (has_guide ? "; " + (target / "csrc/driver/README.md").string() + " is the porting guide" : "")
                << ".\n";
    }
    std::cout << "Next: edit " << (target / "accelgen.yaml").string()
              << " and run `accelgen generate " << target.string() << "`; build with `pip install "
              << "--no-build-isolation " << target.string() << "`.\n";
    return kExitOk;
  });
}

}  // namespace accelgen::cli
