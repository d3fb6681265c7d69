#include "guide/report.h"

#include <sstream>

#include "guide/report_common.h"

namespace accelgen::guide {

using contract::Change;
using contract::ChangeKind;
using namespace report_parts;

namespace {

// URLs as autolinks, pages of this project's docs as code.
std::string markdown_references(const std::vector<std::string>& refs) {
  std::vector<std::string> shown;
  for (const auto& r : refs) shown.push_back(is_url(r) ? "<" + r + ">" : "`" + r + "`");
  return join_references(shown, ", ");
}

}  // namespace

std::string render_markdown(const Guidance& g) {
  std::ostringstream out;
  out << "# Upgrade guidance for `" << g.device << "`: torch " << g.from.display() << " → " << g.to.display()
      << "\n\n";
  out << "| Severity | Changes |\n|---|---|\n";
  for (ChangeKind k : kKinds) {
    if (g.count(k)) out << "| " << contract::describe(k) << " | " << g.count(k) << " |\n";
  }
  out << "\n";
  if (const auto uncertain = not_known_in_step(g); !uncertain.empty()) {
    out << uncertain_sentence(g, uncertain) << "\n\n";
  }
  if (g.scanned) out << "Your code: **" << g.hits.size() << "** finding(s) in " << g.scanned_files << " file(s) scanned.\n\n";
  if (!g.left_out.empty()) {
    out << g.left_out.size() << " change(s) left out because the spec turns the feature off (see the end).\n\n";
  }
  int number = 0;
  for (ChangeKind k : kKinds) {
    if (g.count(k) == 0) continue;
    out << "## " << section_title(k) << "\n\n";
    for (const auto& cg : g.changes) {
      const Change& ch = *cg.change;
      if (ch.kind != k) continue;
      ++number;
      out << "### " << number << ". `" << ch.id << "`: " << ch.summary << "\n\n";
      out << "*Component:* " << ch.component << " · *Landed:* " << cg.timing << " · *Severity:* "
          << contract::describe(ch.kind) << "\n\n";
      out << "**What changed upstream and why.** " << ch.explanation << "\n\n";
      out << "**What accelgen changes.** " << ch.generated_change << "\n\n";
      if (cg.files.empty()) {
        out << "**Affected generated files:** none (no generated-code change for this backend).\n\n";
      } else {
        out << "**Affected generated files:**";
        for (const auto& f : cg.files) out << " `" << f.path << "` (" << file_stat(f) << ")";
        out << "\n\n";
        if (!cg.same_diff_as.empty()) {
          out << "Same generated-code change as `" << cg.same_diff_as << "` (diff shown there).\n\n";
        } else {
          for (const auto& f : cg.files) {
            out << "<details><summary><code>" << f.path << "</code></summary>\n\n```diff\n" << f.unified
                << "```\n\n</details>\n\n";
          }
        }
      }
      out << "**What you must do.** " << (ch.user_action.empty() ? "Nothing by hand." : ch.user_action) << "\n\n";
      out << "*References:* " << markdown_references(ch.references) << "\n\n";
    }
  }
  if (g.scanned) {
    out << "## Your code\n\n";
    if (g.hits.empty()) {
      out << "No use that breaks or is deprecated in torch " << g.to.display() << " was found.\n\n";
    } else {
      out << "| Location | Severity | Change | Why | Fix |\n|---|---|---|---|---|\n";
      auto cell = [](std::string s) {
        std::string r;
        for (char ch : s) r += ch == '|' ? std::string("\\|") : std::string(1, ch);
        return r;
      };
      for (const auto& h : g.hits) {
        out << "| `" << h.path << ":" << h.line << "` | " << contract::describe(h.kind) << " | `" << h.change_id
            << "` | " << cell(h.message) << " | " << cell(h.fix) << " |\n";
      }
      out << "\n";
    }
  }
  if (!g.other_files.empty()) {
    out << "## Other generated changes\n\nDifferences between the torch " << g.from.display() << " and "
        << g.to.display() << " output that no knowledge-base change explains.\n\n";
    for (const auto& f : g.other_files) {
      out << "<details><summary><code>" << f.path << "</code> (" << file_stat(f) << ")</summary>\n\n```diff\n"
          << f.unified << "```\n\n</details>\n\n";
    }
  }
  if (!g.left_out.empty()) {
    out << "## Left out\n\n";
    for (const auto& l : g.left_out) out << "- `" << l.id << "` (capability `" << l.capability << "` is off)\n";
    out << "\n";
  }
  if (g.regeneration) {
    const auto& report = g.regeneration->report;
    out << "## Regeneration\n\n";
    if (report.changes.empty()) out << "Nothing to change.\n\n";
    else out << "```\n" << report.describe() << "```\n\n";
    if (report.has_conflicts()) {
      out << "**" << report.conflicts().size() << " file(s) have conflicts** to resolve:\n\n";
      for (const auto& p : report.conflicts()) out << "- `" << p << "`\n";
      out << "\n";
    }
  }
  return out.str();
}

}  // namespace accelgen::guide
