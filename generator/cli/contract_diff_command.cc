#include "cli/contract_diff_command.h"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "base/diagnostic.h"
#include "cli/command_common.h"
#include "contract_diff/contract_diff.h"
#include "guide/report.h"
#include "plan/version_knowledge.h"

namespace accelgen::cli {

namespace fs = std::filesystem;

void setup_contract_diff_options(CLI::App& app, ContractDiffOptions& options) {
  auto* cmd = &app;
  const std::string what = " torch: a prefix (/usr), a root filesystem, a pip wheel's site-packages/torch, a "
                           "site-packages directory or a virtual environment";
  cmd->add_option("old_prefix", options.old_prefix, "The older" + what)->required();
  cmd->add_option("new_prefix", options.new_prefix, "The newer" + what)->required();
  cmd->add_option("--format", options.format, "text, md, json, or list (one \"<added|removed|changed> <id>\" per line)")
      ->check(CLI::IsMember({"text", "md", "json", "list"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", options.output, "Write the report to this file instead of stdout");
  cmd->add_flag("--fail-on-unexplained", options.fail_on_unexplained,
                "Exit 1 when an item is not explained by the knowledge base (for CI)");
}

int run_contract_diff_command(const ContractDiffOptions& options) {
  return run_guarded([&] {
    for (const auto& p : {options.old_prefix, options.new_prefix}) {
      if (!fs::is_directory(p)) {
        throw DiagnosticError({{p, 0, 0, "not a directory",
                                "pass a libtorch prefix (/usr), a root filesystem, a pip wheel's site-packages/torch "
                                "or a virtual environment"}});
      }
    }
    const auto old_snapshot = contract_diff::extract(options.old_prefix);
    const auto new_snapshot = contract_diff::extract(options.new_prefix);
    const auto d = contract_diff::diff(old_snapshot, new_snapshot, version_knowledge());
    std::string text;
    if (options.format == "json") text = contract_diff::render_json(d);
    else if (options.format == "md") text = contract_diff::render_markdown(d);
    else if (options.format == "list") text = contract_diff::render_list(d);
    else text = contract_diff::render_text(d, options.output.empty() && guide::stdout_wants_color());
    if (options.output.empty()) {
      std::cout << text << std::flush;
    } else {
      std::ofstream out(options.output, std::ios::binary);
      if (!out || !(out << text)) throw DiagnosticError({{options.output, 0, 0, "cannot write the report", ""}});
    }
    if (old_snapshot.error_count || new_snapshot.error_count) {
      std::cerr << "accelgen: warning: parse errors (old " << old_snapshot.error_count << ", new "
                << new_snapshot.error_count << "); items declared after an error may be missing\n";
    }
    if (options.fail_on_unexplained && d.unexplained() > 0) {
      std::cerr << d.unexplained() << " contract item(s) are not explained by knowledge/torch-changes.yaml; add "
                   "`contract_items` to the changes that explain them\n";
      return kExitUserError;
    }
    return kExitOk;
  });
}

}  // namespace accelgen::cli
