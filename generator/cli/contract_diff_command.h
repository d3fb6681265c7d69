// accelgen contract-diff OLD_PREFIX NEW_PREFIX: contract drift between two installed libtorch trees (libclang).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace accelgen::cli {

struct ContractDiffOptions {
  std::string old_prefix;
  std::string new_prefix;
  std::string format = "text";  // text, md, json, list
  std::string output;
  bool fail_on_unexplained = false;
};

void setup_contract_diff_command(CLI::App& app, ContractDiffOptions& options);
int run_contract_diff_command(const ContractDiffOptions& options);

}  // namespace accelgen::cli
