#include "cli/validate_command.h"

#include <iostream>

#include "cli/command_common.h"
#include "spec/spec_loader.h"

namespace accelgen::cli {

void setup_validate_command(CLI::App& app, ValidateOptions& options) {
  auto* cmd = app.add_subcommand("validate", "Check a spec; print \"ok\" or the errors (nothing is written)");
  cmd->add_option("spec", options.spec_path, "The spec file (accelgen.yaml)")->required();
}

int run_validate_command(const ValidateOptions& options) {
  return run_guarded([&] {
    load_spec(options.spec_path);
    std::cout << "ok\n";
    return kExitOk;
  });
}

}  // namespace accelgen::cli
