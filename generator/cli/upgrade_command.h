// accelgen upgrade --to VERSION [DIR]: upgrade guidance for the backend in DIR (from the torch target it has now
// to VERSION), then, unless --guide-only, its regeneration for VERSION with the three-way merge.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace accelgen::cli {

struct UpgradeOptions {
  std::string dir = ".";
  std::string to;
  std::string torch_prefix = "/usr";
  bool guide_only = false;
  bool dry_run = false;
  bool no_merge_base = false;
  bool no_scan = false;
  std::vector<std::string> scan;
  std::string format = "text";
  std::string output;
};

void setup_upgrade_command(CLI::App& app, UpgradeOptions& options);
int run_upgrade_command(const UpgradeOptions& options);

}  // namespace accelgen::cli
