#include "cli/init_command.h"

#include <iostream>

#include "cli/command_common.h"
#include "plan/target_versions.h"
#include "plan/backend_renderer.h"
#include "plan/generation.h"
#include "spec/diagnostic.h"
#include "spec/name_rules.h"

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
}

int run_init_command(const InitOptions& options) {
  return run_guarded([&] {
    if (auto problem = device_name_problem(options.name)) {
      throw DiagnosticError({{"NAME", 0, 0, "invalid device name '" + options.name + "': " + *problem,
                              "a device name is a lowercase identifier such as 'mydevice' or 'npu2'"}});
    }
    // --torch is checked as an option first: the spec it goes into does not exist yet.
    resolve_targets(DeviceSpec{}, options.torch, options.torch_prefix);
    const std::filesystem::path target = std::filesystem::path(options.parent_dir) / options.name;
    GenerationRequest request;
    request.spec_text = render_initial_spec(options.name, torch_option_as_yaml(options.torch));
    request.spec_source = (target / "accelgen.yaml").string();
    request.torch_prefix = options.torch_prefix;
    const Generation generation = prepare_generation(request);
    const TreeReport report = write_new_tree(target, generation.inputs);
    std::cout << "Created " << target.string() << ": " << report.changes.size() << " files for device '"
              << options.name << "', torch " << generation.targets.display() << ".\n"
              << "Next: edit " << (target / "accelgen.yaml").string()
              << " and run `accelgen generate " << target.string() << "`; build with `pip install "
              << "--no-build-isolation " << target.string() << "`.\n";
    return kExitOk;
  });
}

}  // namespace accelgen::cli
