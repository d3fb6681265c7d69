#include "cli/conformance_command.h"

#include <filesystem>
#include <iostream>

#include "base/diagnostic.h"
#include "cli/child_process.h"
#include "cli/command_common.h"
#include "model/device_names.h"
#include "spec/spec_loader.h"

namespace accelgen::cli {

namespace {

/// The last non-empty line of a program's output: where Python puts the exception.
std::string last_line(const std::string& text) {
  const std::size_t end = text.find_last_not_of("\n\r ");
  if (end == std::string::npos) return "(no output)";
  const std::size_t newline = text.rfind('\n', end);
  const std::size_t start = newline == std::string::npos ? 0 : newline + 1;
  return text.substr(start, end + 1 - start);
}

[[noreturn]] void fail(std::string message, std::string hint) {
  throw DiagnosticError({Diagnostic{"accelgen conformance", 0, 0, std::move(message), std::move(hint)}});
}

}  // namespace

void setup_conformance_command(CLI::App& app, ConformanceOptions& options) {
  auto* cmd = app.add_subcommand(
      "conformance",
      "Run the installed backend's conformance suites (its own tests, PyTorch's device-generic tests, the OpInfo "
      "sweep, compile, distributed and profiler smoke tests); write a Markdown and an HTML report");
  cmd->add_option("dir", options.dir, "Backend directory (holds accelgen.yaml and tests/)")->capture_default_str();
  cmd->add_option("--python", options.python, "The Python with torch and the built backend installed")
      ->capture_default_str();
  cmd->add_option("--out", options.out, "Report directory (default: DIR/conformance-report)");
  cmd->add_flag("--quick", options.quick, "Reduced mode for CI: the OpInfo sweep samples operators");
  cmd->add_option("--area", options.areas, "Only this area (repeatable): the report lists the areas");
  cmd->add_option("--timeout", options.timeout_seconds, "Seconds per area")->capture_default_str()->check(
      CLI::PositiveNumber);
}

int run_conformance_command(const ConformanceOptions& options) {
  return run_guarded([&] {
    namespace fs = std::filesystem;
    const fs::path dir(options.dir);
    const DeviceSpec spec = load_spec(dir / "accelgen.yaml");
    const DeviceNames names = device_names(spec.name);
    const fs::path tests = dir / "tests";
    if (!fs::is_directory(tests)) {
      fail(tests.string() + ": not a directory (the generated backend's tests)",
           "run `accelgen generate " + dir.string() + "` to restore them");
    }

    // The suites run against the INSTALLED backend: say so clearly before running anything.
    const ChildResult probe = run_child({options.python, "-c", "import torch, " + names.package}, true);
    if (!probe.started) {
      fail("cannot run " + options.python + ": " + probe.error,
           "pass --python PATH: the Python that has torch and the built backend installed");
    }
    if (probe.exit_code != 0) {
      fail(options.python + " cannot import " + names.package + ": " + last_line(probe.output),
           "build and install the backend into that Python first: " + options.python +
               " -m pip install --no-build-isolation " + dir.string());
    }

    const std::string out = options.out.empty() ? (dir / "conformance-report").string() : options.out;
    std::vector<std::string> argv = {options.python, "-m", names.package + ".conformance", "--tests",
                                     tests.string(), "--out", out, "--timeout",
                                     std::to_string(options.timeout_seconds)};
    if (options.quick) argv.push_back("--quick");
    for (const auto& area : options.areas) {
      argv.push_back("--area");
      argv.push_back(area);
    }
    const ChildResult run = run_child(argv, false);
    if (!run.started) fail("cannot run " + options.python + ": " + run.error, "");
    if (run.exit_code != 0) {
      std::cerr << "accelgen: error: the conformance run failed (exit " << run.exit_code << ")\n";
      return kExitUserError;
    }
    return kExitOk;
  });
}

}  // namespace accelgen::cli
