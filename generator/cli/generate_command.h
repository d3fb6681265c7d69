// accelgen generate [DIR]: regenerate the backend in DIR from DIR/accelgen.yaml, keeping the user's edits.
#pragma once

#include <CLI/CLI.hpp>

namespace accelgen::cli {

struct GenerateOptions {
  std::string dir = ".";
  std::string torch;  // empty: the spec's torch field
  std::string torch_prefix = "/usr";
  bool dry_run = false;
  bool no_merge_base = false;
};

void setup_generate_command(CLI::App& app, GenerateOptions& options);
int run_generate_command(const GenerateOptions& options);

}  // namespace accelgen::cli
