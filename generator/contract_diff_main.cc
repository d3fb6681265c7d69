// accelgen-contract-diff: the one command that needs libclang, as its own executable so that every other accelgen
// command starts without loading LLVM. `accelgen contract-diff ARGS` executes it with ARGS.
#include <CLI/CLI.hpp>

#include "cli/command_common.h"
#include "cli/contract_diff_command.h"

int main(int argc, char** argv) {
  using namespace accelgen::cli;
  CLI::App app{kContractDiffDescription, "accelgen contract-diff"};
  ContractDiffOptions options;
  setup_contract_diff_options(app, options);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  }
  return run_contract_diff_command(options);
}
