// The HTML form of a contract-diff report: one self-contained page, styled as the upgrade guide's.
#include <sstream>

#include "base/html_text.h"
#include "contract_diff/contract_diff.h"
#include "guide/report_css.h"

namespace accelgen::contract_diff {

namespace {

std::string code(const std::string& s) { return "<code>" + html_text(s) + "</code>"; }

}  // namespace

std::string render_html(const ContractDiff& d) {
  const std::string title = "Contract diff: torch " + d.old_version + " to " + d.new_version;
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
      << "<title>" << html_text(title) << "</title>\n<style>" << guide::report_parts::kCss
      << "</style>\n</head>\n<body>\n<h1>" << html_text(title) << "</h1>\n";
  out << "<p>" << d.changes.size() << " item(s) differ; " << d.unexplained()
      << " not explained by the knowledge base.";
  if (!d.backend.empty()) {
    out << " " << d.touching_backend() << " touch the backend in " << code(d.backend) << ", "
        << d.unknown_touching_backend() << " of them unknown to the knowledge base.";
  }
  out << "</p>\n<table class=\"summary\">\n<tr><th>Change</th><th>Item</th><th>Header</th><th>Note</th>"
      << "<th>Explained by</th></tr>\n";
  for (const auto& ch : d.changes) {
    std::string by;
    for (const auto& e : ch.explained_by) by += (by.empty() ? "" : ", ") + code(e);
    out << "<tr><td>" << to_string(ch.kind) << "</td><td>" << code(ch.id) << "</td><td>" << code(declared_at(ch))
        << "</td><td>" << html_text(ch.note) << "</td><td>" << (by.empty() ? "<strong>unknown</strong>" : by)
        << "</td></tr>\n";
  }
  out << "</table>\n";
  if (!d.backend.empty()) {
    out << "<h2>What the backend uses</h2>\n";
    for (const auto& ch : d.changes) {
      if (ch.uses.empty()) continue;
      out << "<div class=\"change\"><h3>" << to_string(ch.kind) << " " << code(ch.id) << "</h3>\n<p>"
          << html_text(ch.action) << ".</p>\n<table class=\"hits\">\n";
      for (const auto& use : ch.uses) {
        out << "<tr><td>" << code(use.path + ":" + std::to_string(use.line)) << "</td><td>"
            << (use.generated ? "generated" : "yours") << "</td><td>" << code(use.text) << "</td></tr>\n";
      }
      out << "</table></div>\n";
    }
  }
  if (d.old_error_count || d.new_error_count) {
    out << "<p>Parse errors: old " << d.old_error_count << ", new " << d.new_error_count << ".</p>\n";
  }
  out << "</body>\n</html>\n";
  return out.str();
}

}  // namespace accelgen::contract_diff
