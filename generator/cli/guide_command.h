// accelgen guide --from A --to B [SPEC]: upgrade guidance without a backend tree, for planning.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "guide/guidance.h"
#include "plan/target_versions.h"

namespace accelgen::cli {

struct GuideOptions {
  std::string from;
  std::string to;
  std::string spec;  // empty: ./accelgen.yaml if present, else the reference spec (`accelgen init mydevice`)
  std::string torch_prefix = "/usr";
  std::vector<std::string> scan;
  std::string format = "text";
  std::string output;  // empty: stdout
};

void setup_guide_command(CLI::App& app, GuideOptions& options);
int run_guide_command(const GuideOptions& options);

/// A --from/--to/--to value: "2.14" or "MIN:MAX". Throws DiagnosticError naming `option` when it is not a
/// supported version or range.
TargetVersions parse_target_option(const std::string& text, const std::string& option,
                                   contract::BeyondKnowledge beyond = contract::BeyondKnowledge::Refuse);

/// Writes the report in `format` ("text", "md", "json", "html") to `output` (a file) or stdout. Colour only for
/// text on a terminal with NO_COLOR unset. Throws DiagnosticError for an unknown format or unwritable file.
void emit_report(const guide::Guidance& guidance, const std::string& format, const std::string& output);

/// The CLI11 validator for --format.
CLI::Validator report_format_validator();

/// The options every guidance report takes: --scan (repeatable), --format and -o/--output.
void add_report_options(CLI::App* cmd, std::vector<std::string>& scan, std::string& format, std::string& output);

}  // namespace accelgen::cli
