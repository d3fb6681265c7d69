#include "cli/guide_command.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "base/diagnostic.h"
#include "cli/command_common.h"
#include "contract/torch_version.h"
#include "guide/report.h"
#include "render/backend_renderer.h"
#include "plan/version_knowledge.h"
#include "spec/spec_loader.h"

namespace accelgen::cli {

namespace fs = std::filesystem;

CLI::Validator report_format_validator() {
  return CLI::IsMember({"text", "md", "markdown", "json", "html"});
}

TargetVersions parse_target_option(const std::string& text, const std::string& option,
                                   contract::BeyondKnowledge beyond) {
  const auto parsed = contract::parse_torch_range(text, beyond);
  if (!parsed) throw DiagnosticError({{option, 0, 0, parsed.problem, parsed.hint}});
  return parsed.range;
}

void emit_report(const guide::Guidance& guidance, const std::string& format, const std::string& output) {
  const auto parsed = guide::parse_report_format(format);
  if (!parsed) throw DiagnosticError({{"--format", 0, 0, "unknown report format '" + format + "'", "use text, md, json or html"}});
  const bool color = output.empty() && *parsed == guide::ReportFormat::Text && guide::stdout_wants_color();
  const std::string text = guide::render_report(guidance, *parsed, color);
  if (output.empty()) {
    std::cout << text << std::flush;
    return;
  }
  const fs::path path(output);
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text)) {
    throw DiagnosticError({{output, 0, 0, "cannot write the report", "check that the directory is writable"}});
  }
  std::cerr << "Wrote " << output << "\n";
}

void add_report_options(CLI::App* cmd, std::vector<std::string>& scan, std::string& format, std::string& output) {
  cmd->add_option("--scan", scan, "Also scan this file or directory of your own code (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--format", format, "Report format: text, md, json or html")
      ->check(report_format_validator())
      ->capture_default_str();
  cmd->add_option("-o,--output", output, "Write the report to this file instead of stdout");
}

void setup_guide_command(CLI::App& app, GuideOptions& options) {
  auto* cmd = app.add_subcommand(
      "guide", "Upgrade guidance between two torch targets for a spec, without a backend tree (for planning)");
  cmd->add_option("--from", options.from, "Torch target now: a version (2.6) or a range (2.6:2.14)")->required();
  cmd->add_option("--to", options.to, "Torch target to move to: a version (2.14), a range or auto")->required();
  cmd->add_option("--torch-prefix", options.torch_prefix,
                  "Where the installed torch is: what `--to auto` detects, and what a --from or --to newer than "
                  "the releases accelgen knows must match")
      ->capture_default_str();
  cmd->add_option("spec", options.spec,
                  "Device spec (default: ./accelgen.yaml, else the reference spec of `accelgen init mydevice`)");
  add_report_options(cmd, options.scan, options.format, options.output);
}

int run_guide_command(const GuideOptions& options) {
  return run_guarded([&] {
    // A release newer than the knowledge base only as the torch installed under --torch-prefix.
    const TargetVersions from =
        resolve_targets(DeviceSpec{}, options.from, options.torch_prefix, std::nullopt, "--from");
    const TargetVersions to = resolve_targets(DeviceSpec{}, options.to, options.torch_prefix, std::nullopt, "--to");
    std::string spec_text, spec_source;
    fs::path spec_path = options.spec;
    if (spec_path.empty() && fs::exists("accelgen.yaml")) spec_path = "accelgen.yaml";
    if (spec_path.empty()) {
      spec_text = render_initial_spec("mydevice", "\"" + to.max.to_string() + "\"");
      spec_source = "<reference spec: accelgen init mydevice>";
      std::cerr << "No spec given and no ./accelgen.yaml: using the reference spec of `accelgen init mydevice`.\n";
    } else {
      spec_text = read_spec_text(spec_path, "cannot read the spec",
                                 "pass the path of an accelgen.yaml, or omit it to use the reference spec");
      spec_source = spec_path.string();
    }
    guide::GuidanceRequest request;
    request.spec = parse_spec(spec_text, spec_source);
    request.from = from;
    request.to = to;
    for (const auto& s : options.scan) {
      if (!fs::exists(s)) throw DiagnosticError({{s, 0, 0, "--scan path does not exist", "pass a file or directory of your code"}});
      request.scan_roots.emplace_back(s);
      request.scan_root_labels.push_back(s);
    }
    request.scan = !options.scan.empty();
    const guide::Guidance guidance = guide::build_guidance(request, version_knowledge());
    emit_report(guidance, options.format, options.output);
    report_beyond_knowledge(to, options.torch_prefix, "");
    return kExitOk;
  });
}

}  // namespace accelgen::cli
