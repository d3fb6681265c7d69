// accelgen conformance [DIR]: runs the installed backend's conformance suites and writes the report.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace accelgen::cli {

struct ConformanceOptions {
  std::string dir = ".";
  std::string python = "python3";  // the Python that has torch and the built backend installed
  std::string out;                 // empty: DIR/conformance-report
  bool quick = false;
  std::vector<std::string> areas;
  int timeout_seconds = 1800;
};

void setup_conformance_command(CLI::App& app, ConformanceOptions& options);
int run_conformance_command(const ConformanceOptions& options);

}  // namespace accelgen::cli
