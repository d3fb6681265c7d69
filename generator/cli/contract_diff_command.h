// accelgen contract-diff OLD_PREFIX NEW_PREFIX: contract drift between two installed libtorch trees (libclang); either
// side may be a contract snapshot file, which `accelgen contract-diff --snapshot PREFIX` writes.
// Built into the accelgen-contract-diff helper only (generator/contract_diff_main.cc), so that no other command
// loads libclang; `accelgen contract-diff` executes the helper.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace accelgen::cli {

struct ContractDiffOptions {
  std::string old_prefix;  // a torch tree, or a contract snapshot file (.json)
  std::string new_prefix;
  std::string snapshot_prefix;  // --snapshot: write this tree's contract snapshot instead of comparing two
  std::string backend;          // --backend: a generated backend tree whose uses of each change are listed
  std::string format = "text";  // text, md, json, list
  std::string output;
  std::string draft;  // --draft FILE: knowledge-base entries drafted from the unknown changes
  bool fail_on_unexplained = false;
};

inline constexpr const char* kContractDiffDescription =
    "Compare the PrivateUse1 contract headers of two installed torch trees (prefixes such as /usr, root "
    "filesystems, pip wheels' site-packages/torch or virtual environments, or contract snapshots written by "
    "--snapshot) and mark what the knowledge base does not explain yet";

/// Declares the options on `cmd` (the accelgen-contract-diff helper's own command line).
void setup_contract_diff_options(CLI::App& cmd, ContractDiffOptions& options);
int run_contract_diff_command(const ContractDiffOptions& options);

}  // namespace accelgen::cli
