// accelgen: generates PyTorch PrivateUse1 device backends from a device capability spec.
#include <CLI/CLI.hpp>
#include <accelgen_version.h>

#include <iostream>

#include "cli/command_common.h"
#include "cli/contract_diff_command.h"
#include "cli/generate_command.h"
#include "cli/guide_command.h"
#include "cli/init_command.h"
#include "cli/upgrade_command.h"
#include "cli/validate_command.h"

int main(int argc, char** argv) {
  using namespace accelgen::cli;
  CLI::App app{"accelgen: generate a complete PyTorch PrivateUse1 backend from a device capability spec"};
  app.set_version_flag("--version", std::string("accelgen ") + accelgen::kVersion);
  app.require_subcommand(1);

  InitOptions init;
  GenerateOptions generate;
  ValidateOptions validate;
  setup_init_command(app, init);
  setup_generate_command(app, generate);
  setup_validate_command(app, validate);
  UpgradeOptions upgrade;
  setup_upgrade_command(app, upgrade);
  GuideOptions guide;
  setup_guide_command(app, guide);
  ContractDiffOptions contract_diff;
  setup_contract_diff_command(app, contract_diff);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);  // prints the message and the usage hint
    return kExitUsage;
  }

  if (app.got_subcommand("init")) return run_init_command(init);
  if (app.got_subcommand("generate")) return run_generate_command(generate);
  if (app.got_subcommand("validate")) return run_validate_command(validate);
  if (app.got_subcommand("upgrade")) return run_upgrade_command(upgrade);
  if (app.got_subcommand("guide")) return run_guide_command(guide);
  if (app.got_subcommand("contract-diff")) return run_contract_diff_command(contract_diff);
  return kExitUsage;
}
