// accelgen validate SPEC: print "ok" or the errors, and write nothing.
#pragma once

#include <CLI/CLI.hpp>

namespace accelgen::cli {

struct ValidateOptions {
  std::string spec_path;
};

void setup_validate_command(CLI::App& app, ValidateOptions& options);
int run_validate_command(const ValidateOptions& options);

}  // namespace accelgen::cli
