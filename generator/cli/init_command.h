// accelgen init NAME [--dir PARENT] [--torch VERSION] [--runtime accelsim|custom]: write a commented spec and
// generate the backend.
#pragma once

#include <CLI/CLI.hpp>

namespace accelgen::cli {

struct InitOptions {
  std::string name;
  std::string parent_dir = ".";
  std::string torch = "2.14";
  std::string torch_prefix = "/usr";  // where `--torch auto` looks for torch
  std::string runtime = "accelsim";   // device.runtime of the written spec (kDeviceRuntimes)
};

void setup_init_command(CLI::App& app, InitOptions& options);
int run_init_command(const InitOptions& options);

}  // namespace accelgen::cli
