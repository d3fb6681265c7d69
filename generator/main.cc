// accelgen: generates PyTorch PrivateUse1 device backends from a device capability spec.
#include <CLI/CLI.hpp>
#include <accelgen_version.h>

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string_view>
#include <vector>

#include "cli/command_common.h"
#include "cli/conformance_command.h"
#include "cli/contract_diff_command.h"
#include "cli/generate_command.h"
#include "cli/guide_command.h"
#include "cli/init_command.h"
#include "cli/scaffold_command.h"
#include "cli/upgrade_command.h"
#include "cli/validate_command.h"

namespace {

/// `accelgen contract-diff ARGS`: executes the accelgen-contract-diff helper (the only part that loads libclang)
/// from this executable's directory, or from ../libexec/accelgen when installed that way.
int exec_contract_diff(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  const fs::path dir = ec ? fs::path(argv[0]).parent_path() : self.parent_path();
  std::vector<char*> args;
  std::string name = "accelgen contract-diff";
  args.push_back(name.data());
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  for (const fs::path& helper : {dir / "accelgen-contract-diff", dir / "../libexec/accelgen/accelgen-contract-diff"}) {
    ::execv(helper.c_str(), args.data());
  }
  std::cerr << "accelgen: error: cannot run " << (dir / "accelgen-contract-diff").string() << ": "
            << std::strerror(errno) << "\n  hint: contract-diff is a separate executable installed beside accelgen; "
            << "reinstall accelgen\n";
  return accelgen::cli::kExitUserError;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace accelgen::cli;
  if (argc >= 2 && std::string_view(argv[1]) == "contract-diff") return exec_contract_diff(argc, argv);
  CLI::App app{"accelgen: generate a complete PyTorch PrivateUse1 backend from a device capability spec"};
  app.set_version_flag("--version", std::string("accelgen ") + accelgen::kVersion);
  app.require_subcommand(1);

  InitOptions init;
  GenerateOptions generate;
  ValidateOptions validate;
  setup_init_command(app, init);
  setup_generate_command(app, generate);
  setup_validate_command(app, validate);
  ScaffoldOptions scaffold;
  setup_scaffold_command(app, scaffold);
  UpgradeOptions upgrade;
  setup_upgrade_command(app, upgrade);
  GuideOptions guide;
  setup_guide_command(app, guide);
  ConformanceOptions conformance;
  setup_conformance_command(app, conformance);
  // Listed for --help; handled by exec_contract_diff above.
  app.add_subcommand("contract-diff", kContractDiffDescription)->allow_extras();

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
  if (app.got_subcommand("scaffold")) return run_scaffold_command(scaffold);
  if (app.got_subcommand("conformance")) return run_conformance_command(conformance);
  return kExitUsage;
}
