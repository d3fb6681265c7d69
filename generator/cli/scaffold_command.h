// accelgen scaffold [TREE] PATH... [--beside] | accelgen scaffold --list [TREE]: writes again the scaffolds of
// user-owned files (the ones accelgen creates once and never rewrites: the driver adapter, its build, each native
// operator's kernel file, csrc/user/, user.py) that are missing, for instance after the user deleted one.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace accelgen::cli {

struct ScaffoldOptions {
  std::vector<std::string> args;  // [TREE] PATH...: TREE when the first one is a backend directory
  bool list = false;
  bool beside = false;
  std::string torch_prefix = "/usr";  // where a spec with `torch: auto` looks for torch
};

void setup_scaffold_command(CLI::App& app, ScaffoldOptions& options);
int run_scaffold_command(const ScaffoldOptions& options);

}  // namespace accelgen::cli
