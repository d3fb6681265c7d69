#include "cli/contract_diff_command.h"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "base/diagnostic.h"
#include "cli/command_common.h"
#include "contract_diff/contract_diff.h"
#include "contract_diff/backend_uses.h"
#include "contract_diff/draft_entries.h"
#include "contract_diff/snapshot_file.h"
#include "guide/report.h"
#include "plan/version_knowledge.h"

namespace accelgen::cli {

namespace fs = std::filesystem;

void setup_contract_diff_options(CLI::App& app, ContractDiffOptions& options) {
  auto* cmd = &app;
  const std::string what = " torch: a prefix (/usr), a root filesystem, a pip wheel's site-packages/torch, a "
                           "site-packages directory or a virtual environment";
  const std::string or_snapshot = ", or a contract snapshot file (.json) written by --snapshot";
  cmd->add_option("old_prefix", options.old_prefix,
                  "The older" + what + or_snapshot + "; alone, the newer one, compared with the contract of the "
                  "newest release accelgen knows (its embedded snapshot)");
  cmd->add_option("new_prefix", options.new_prefix, "The newer" + what + or_snapshot);
  cmd->add_option("--snapshot", options.snapshot_prefix,
                  "Write the contract snapshot of this torch tree (JSON, to -o or stdout) instead of comparing two: "
                  "knowledge/contract-snapshot-<MAJOR.MINOR>.json is made this way");
  cmd->add_option("--format", options.format,
                  "text, md, json, html, or list (one \"<added|removed|changed> <id>\" per line)")
      ->check(CLI::IsMember({"text", "md", "json", "html", "list"}))
      ->capture_default_str();
  cmd->add_option("--backend", options.backend,
                  "A generated backend tree: list, for each change, the files that use the declaration (generated or "
                  "yours) and what to do; exit 3 when a change the knowledge base does not know touches it");
  cmd->add_option("-o,--output", options.output, "Write the report to this file instead of stdout");
  cmd->add_option("--draft", options.draft,
                  "Also write a draft knowledge-base entry (with a C++ probe) for every change the knowledge base "
                  "does not know to this file, for review (docs/upgrade-guidance.md)");
  cmd->add_flag("--fail-on-unexplained", options.fail_on_unexplained,
                "Exit 1 when an item is not explained by the knowledge base (for CI)");
}

namespace {

constexpr const char* kTreeHint =
    "pass a libtorch prefix (/usr), a root filesystem, a pip wheel's site-packages/torch, a virtual environment "
    "or a contract snapshot file (.json)";

// One side of a comparison: a snapshot file as it was written, or the contract a torch tree declares.
contract_diff::Snapshot snapshot_of(const std::string& path) {
  if (contract_diff::is_snapshot_file(path)) return contract_diff::load_snapshot(path);
  if (!fs::is_directory(path)) throw DiagnosticError({{path, 0, 0, "not a directory or a snapshot file", kTreeHint}});
  return contract_diff::extract(path);
}

void write_file(const std::string& path, const std::string& text, const char* what) {
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text)) throw DiagnosticError({{path, 0, 0, std::string("cannot write the ") + what, ""}});
}

void write_output(const ContractDiffOptions& options, const std::string& text, const char* what) {
  if (options.output.empty()) {
    std::cout << text << std::flush;
    return;
  }
  write_file(options.output, text, what);
}

int write_snapshot(const ContractDiffOptions& options) {
  if (!options.old_prefix.empty() || !options.new_prefix.empty()) {
    throw DiagnosticError({{options.old_prefix, 0, 0, "--snapshot reads one tree and compares nothing",
                            "drop the other paths, or drop --snapshot to compare two trees"}});
  }
  if (!fs::is_directory(options.snapshot_prefix)) {
    throw DiagnosticError({{options.snapshot_prefix, 0, 0, "not a directory", kTreeHint}});
  }
  const auto snapshot = contract_diff::extract(options.snapshot_prefix);
  write_output(options, contract_diff::snapshot_to_json(snapshot), "snapshot");
  if (snapshot.error_count) {
    std::cerr << "accelgen: warning: " << snapshot.error_count
              << " parse error(s); items declared after an error may be missing\n";
  }
  return kExitOk;
}

}  // namespace

int run_contract_diff_command(const ContractDiffOptions& options) {
  return run_guarded([&]() -> int {
    if (!options.snapshot_prefix.empty()) return write_snapshot(options);
    if (options.old_prefix.empty()) {
      throw DiagnosticError({{"accelgen contract-diff", 0, 0,
                              "expected a torch tree to compare with the newest release accelgen knows (NEW), or "
                              "two to compare with each other (OLD NEW)",
                              "or --snapshot PREFIX to write one tree's contract snapshot"}});
    }
    // One tree: compared with the contract of the newest known release, as embedded (knowledge/).
    const bool against_known = options.new_prefix.empty();
    const auto old_snapshot =
        against_known ? contract_diff::newest_known_snapshot() : snapshot_of(options.old_prefix);
    const auto new_snapshot = snapshot_of(against_known ? options.old_prefix : options.new_prefix);
    auto d = contract_diff::diff(old_snapshot, new_snapshot, version_knowledge());
    if (!options.backend.empty()) contract_diff::attach_backend_uses(d, new_snapshot, options.backend);
    std::string text;
    if (options.format == "json") text = contract_diff::render_json(d);
    else if (options.format == "md") text = contract_diff::render_markdown(d);
    else if (options.format == "html") text = contract_diff::render_html(d);
    else if (options.format == "list") text = contract_diff::render_list(d);
    else text = contract_diff::render_text(d, options.output.empty() && guide::stdout_wants_color());
    write_output(options, text, "report");
    if (!options.draft.empty()) write_file(options.draft, contract_diff::draft_entries(d), "draft entries");
    if (old_snapshot.error_count || new_snapshot.error_count) {
      std::cerr << "accelgen: warning: parse errors (old " << old_snapshot.error_count << ", new "
                << new_snapshot.error_count << "); items declared after an error may be missing\n";
    }
    if (options.fail_on_unexplained && d.unexplained() > 0) {
      std::cerr << d.unexplained() << " contract item(s) are not explained by knowledge/torch-changes.yaml; add "
                   "`contract_items` to the changes that explain them\n";
      return kExitUserError;
    }
    if (!options.backend.empty() && d.unknown_touching_backend() > 0) {
      std::cerr << d.unknown_touching_backend() << " change(s) the knowledge base does not know touch the backend in "
                << options.backend << "; --draft FILE writes a knowledge-base entry for each to review\n";
      return kExitUnknownChanges;
    }
    return kExitOk;
  });
}

}  // namespace accelgen::cli
