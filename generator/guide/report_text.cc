#include "guide/report.h"

#include <sstream>

#include "base/text_wrap.h"
#include "guide/report_common.h"

namespace accelgen::guide {

using contract::Change;
using contract::ChangeKind;
using namespace report_parts;

namespace {

// `text` word-wrapped at `width` columns, each line prefixed by `indent` and ended by a newline.
std::string wrap(const std::string& text, std::size_t width, const std::string& indent) {
  std::string out;
  for (const auto& line : wrap_words(text, width, indent)) out += line + "\n";
  return out;
}

struct Ansi {
  bool on;
  std::string operator()(const std::string& code, const std::string& text) const {
    return on ? "\x1b[" + code + "m" + text + "\x1b[0m" : text;
  }
};

std::string kind_colour(ChangeKind k) {
  switch (k) {
    case ChangeKind::CompileError:
    case ChangeKind::RuntimeError: return "1;31";
    case ChangeKind::Rebuild:
    case ChangeKind::BehaviourChange: return "1;33";
    case ChangeKind::Deprecation: return "1;35";
    case ChangeKind::NewFeature: return "1;36";
  }
  return "1";
}

std::string coloured_diff(const std::string& unified, const Ansi& c, const std::string& indent) {
  std::string out;
  std::istringstream lines(unified);
  std::string line;
  while (std::getline(lines, line)) {
    std::string shown = line;
    if (line.starts_with("+++") || line.starts_with("---")) shown = c("1", line);
    else if (line.starts_with("@@")) shown = c("36", line);
    else if (line.starts_with("+")) shown = c("32", line);
    else if (line.starts_with("-")) shown = c("31", line);
    out += indent + shown + "\n";
  }
  return out;
}

}  // namespace

std::string render_text(const Guidance& g, bool color) {
  const Ansi c{color};
  std::ostringstream out;
  out << c("1", "Upgrade guidance for " + g.device + ": " + arrow(g)) << "\n";
  out << g.changes.size() << " knowledge-base change(s) apply to this backend: " << counts_line(g) << ".\n";
  if (const auto uncertain = not_known_in_step(g); !uncertain.empty()) {
    out << wrap(uncertain_sentence(g, uncertain), 100, "");
  }
  if (!g.left_out.empty()) {
    out << g.left_out.size() << " more left out because the spec turns the feature off (listed at the end).\n";
  }
  if (g.scanned) {
    out << "Your code: " << g.hits.size() << " finding(s) in " << g.scanned_files << " file(s) scanned.\n";
  }
  if (g.regeneration) {
    out << "Regeneration: " << (g.regeneration->report.has_conflicts() ? c("1;31", "conflicts to resolve") : "done")
        << " (see the end).\n";
  }
  int number = 0;
  for (ChangeKind k : kKinds) {
    if (g.count(k) == 0) continue;
    out << "\n" << c(kind_colour(k), "== " + section_title(k) + " ==") << "\n";
    for (const auto& cg : g.changes) {
      const Change& ch = *cg.change;
      if (ch.kind != k) continue;
      ++number;
      out << "\n"
          << c("1", "[" + std::to_string(number) + "] " + ch.id) << " (" << ch.component << ", " << cg.timing << ", " << contract::describe(ch.kind) << ")\n";
      out << wrap(ch.summary, 100, "    ");
      out << "  " << c("1", "Upstream:") << "\n" << wrap(ch.explanation, 100, "    ");
      out << "  " << c("1", "accelgen:") << "\n" << wrap(ch.generated_change, 100, "    ");
      if (cg.files.empty()) {
        out << "  " << c("1", "Generated files:") << " no generated-code change for this backend\n";
      } else {
        out << "  " << c("1", "Generated files:") << "\n";
        for (const auto& f : cg.files) out << "    " << f.path << " (" << file_stat(f) << ")\n";
        if (!cg.same_diff_as.empty()) {
          out << "    (same generated-code change as " << cg.same_diff_as << ", diff shown there)\n";
        } else {
          for (const auto& f : cg.files) out << coloured_diff(f.unified, c, "    ");
        }
      }
      out << "  " << c("1", "You:") << "\n"
          << (ch.user_action.empty() ? "    Nothing by hand.\n" : wrap(ch.user_action, 100, "    "));
      out << "  References: " << join_references(ch.references, ", ") << "\n";
    }
  }
  if (g.scanned) {
    out << "\n" << c("1", "== Your code ==") << "\n";
    if (g.hits.empty()) {
      out << "No use that breaks or is deprecated in torch " << g.to.display() << " was found in:";
      for (const auto& r : g.scanned_roots) out << " " << r;
      out << "\n";
    }
    for (const auto& h : g.hits) {
      out << c("1", h.path + ":" + std::to_string(h.line)) << ": " << c(kind_colour(h.kind), std::string(contract::describe(h.kind)))
          << " [" << h.change_id << (h.new_in_range ? "" : ", since " + h.since) << "]\n";
      out << "    " << h.text << "\n";
      out << wrap("why: " + h.message, 100, "    ");
      out << wrap("fix: " + h.fix, 100, "    ");
    }
  }
  if (!g.other_files.empty()) {
    out << "\n" << c("1", "== Other generated changes ==") << "\n";
    out << "Differences between the torch " << g.from.display() << " and " << g.to.display()
        << " output that no knowledge-base change explains:\n";
    for (const auto& f : g.other_files) {
      out << "  " << f.path << " (" << file_stat(f) << ")\n" << coloured_diff(f.unified, c, "    ");
    }
  }
  if (!g.left_out.empty()) {
    out << "\n" << c("1", "== Left out ==") << "\n";
    for (const auto& l : g.left_out) out << "  " << l.id << " (capability " << l.capability << " is off)\n";
  }
  if (g.regeneration) {
    const auto& report = g.regeneration->report;
    out << "\n" << c("1", "== Regeneration ==") << "\n";
    if (report.changes.empty()) out << "Nothing to change.\n";
    else out << (g.regeneration->dry_run ? "Would change:\n" : "Changed:\n") << report.describe();
    if (report.has_conflicts()) {
      out << c("1;31", std::to_string(report.conflicts().size()) + " file(s) have conflicts") << "; resolve the "
          << "<<<<<<< / >>>>>>> blocks, then run `accelgen generate`:\n";
      for (const auto& p : report.conflicts()) out << "  " << p << "\n";
    }
  }
  return out.str();
}

}  // namespace accelgen::guide
