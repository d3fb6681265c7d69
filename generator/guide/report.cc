#include "guide/report.h"

#include <unistd.h>

#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace accelgen::guide {

using contract::Change;
using contract::ChangeKind;

std::optional<ReportFormat> parse_report_format(std::string_view text) {
  if (text == "text") return ReportFormat::Text;
  if (text == "md" || text == "markdown") return ReportFormat::Markdown;
  if (text == "json") return ReportFormat::Json;
  if (text == "html") return ReportFormat::Html;
  return std::nullopt;
}

bool stdout_wants_color() {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  if (term && std::string_view(term) == "dumb") return false;
  return isatty(STDOUT_FILENO) == 1;
}

std::string render_report(const Guidance& g, ReportFormat format, bool color) {
  switch (format) {
    case ReportFormat::Text: return render_text(g, color);
    case ReportFormat::Markdown: return render_markdown(g);
    case ReportFormat::Json: return render_json(g);
    case ReportFormat::Html: return render_html(g);
  }
  return render_text(g, color);
}

namespace {

constexpr ChangeKind kKinds[] = {ChangeKind::CompileError, ChangeKind::RuntimeError, ChangeKind::Rebuild,
                                 ChangeKind::BehaviourChange, ChangeKind::Deprecation, ChangeKind::NewFeature};

// Section titles, plural.
std::string section_title(ChangeKind k) {
  switch (k) {
    case ChangeKind::CompileError: return "Compile errors";
    case ChangeKind::RuntimeError: return "Runtime errors or crashes";
    case ChangeKind::Rebuild: return "Rebuild required";
    case ChangeKind::BehaviourChange: return "Behaviour changes";
    case ChangeKind::Deprecation: return "Deprecations";
    case ChangeKind::NewFeature: return "New optional features";
  }
  return "?";
}

std::string arrow(const Guidance& g) { return "torch " + g.from.display() + " -> " + g.to.display(); }

std::string counts_line(const Guidance& g) {
  std::string out;
  for (ChangeKind k : kKinds) {
    const int n = g.count(k);
    if (n == 0) continue;
    if (!out.empty()) out += ", ";
    out += std::to_string(n) + " " + std::string(contract::describe(k));
  }
  return out.empty() ? "none" : out;
}

std::string file_status(const FileGuidance& f) {
  switch (f.status) {
    case FileGuidance::Status::Added: return "new file";
    case FileGuidance::Status::Removed: return "removed";
    case FileGuidance::Status::Modified: break;
  }
  return "";
}

std::string file_stat(const FileGuidance& f) {
  std::string s = "+" + std::to_string(f.diff.additions) + " -" + std::to_string(f.diff.deletions);
  const std::string status = file_status(f);
  if (!status.empty()) s += ", " + status;
  if (f.owner == FileOwner::User) s += ", yours after the first generation";
  return s;
}

std::string join_references(const std::vector<std::string>& refs, const std::string& separator) {
  std::string out;
  for (const auto& r : refs) out += (out.empty() ? "" : separator) + r;
  return out;
}

bool is_url(const std::string& ref) { return ref.starts_with("https://"); }

// URLs as autolinks, pages of this project's docs as code.
std::string markdown_references(const std::vector<std::string>& refs) {
  std::vector<std::string> shown;
  for (const auto& r : refs) shown.push_back(is_url(r) ? "<" + r + ">" : "`" + r + "`");
  return join_references(shown, ", ");
}

// Word-wraps `text` at `width` columns, each line prefixed by `indent`.
std::string wrap(const std::string& text, std::size_t width, const std::string& indent) {
  std::istringstream words(text);
  std::string word, line, out;
  while (words >> word) {
    if (!line.empty() && indent.size() + line.size() + 1 + word.size() > width) {
      out += indent + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += indent + line + "\n";
  return out;
}

// ------------------------------------------------------------------------------------------------ text

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

// The changes the knowledge base dates only to a span of releases that reaches past one end of the step.
std::vector<std::string> not_known_in_step(const Guidance& g) {
  std::vector<std::string> ids;
  for (const auto& cg : g.changes) {
    if (!cg.known_in_step) ids.push_back(cg.change->id);
  }
  return ids;
}

std::string uncertain_sentence(const Guidance& g, const std::vector<std::string>& ids) {
  using Presence = contract::Landing::Presence;
  bool from_unsure = false, to_unsure = false;
  for (const auto& cg : g.changes) {
    if (cg.known_in_step) continue;
    from_unsure |= cg.change->landing.in(g.from.min) == Presence::Unknown;
    to_unsure |= cg.change->landing.in(g.to.max) == Presence::Unknown;
  }
  std::string releases = from_unsure && to_unsure ? "torch " + g.from.min.to_string() + " and " + g.to.max.to_string()
                         : from_unsure            ? "torch " + g.from.min.to_string()
                                                  : "torch " + g.to.max.to_string();
  std::string list;
  for (const auto& id : ids) list += (list.empty() ? "" : ", ") + id;
  return std::to_string(ids.size()) + " of them are dated only to a span of releases around " + releases +
         ", which may or may not have them (each says which releases): " + list +
         ". The generated backend detects these in the installed torch, so it is right either way.";
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

// ------------------------------------------------------------------------------------------------ markdown

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

// ------------------------------------------------------------------------------------------------ json

namespace {

nlohmann::ordered_json file_json(const FileGuidance& f, bool with_diff) {
  nlohmann::ordered_json j;
  j["path"] = f.path;
  j["owner"] = f.owner == FileOwner::User ? "user" : "generated";
  j["status"] = f.status == FileGuidance::Status::Added ? "added"
                : f.status == FileGuidance::Status::Removed ? "removed" : "modified";
  j["additions"] = f.diff.additions;
  j["deletions"] = f.diff.deletions;
  if (with_diff) j["diff"] = f.unified;
  return j;
}

std::string action_name(TreeChange::Action a) {
  switch (a) {
    case TreeChange::Action::Create: return "create";
    case TreeChange::Action::Update: return "update";
    case TreeChange::Action::Merge: return "merge";
    case TreeChange::Action::Conflict: return "conflict";
    case TreeChange::Action::Unresolved: return "unresolved-conflict";
    case TreeChange::Action::Remove: return "remove";
    case TreeChange::Action::KeepEdited: return "keep-edited";
    case TreeChange::Action::KeepDeleted: return "keep-deleted";
    case TreeChange::Action::KeepUnused: return "keep-unused";
  }
  return "?";
}

}  // namespace

std::string render_json(const Guidance& g) {
  nlohmann::ordered_json j;
  j["schema"] = "accelgen-upgrade-guidance/1";
  j["device"] = g.device;
  j["from"] = {{"min", g.from.min.to_string()}, {"max", g.from.max.to_string()}};
  j["to"] = {{"min", g.to.min.to_string()}, {"max", g.to.max.to_string()}};
  nlohmann::ordered_json counts = nlohmann::ordered_json::object();
  for (ChangeKind k : kKinds) counts[std::string(contract::to_string(k))] = g.count(k);
  j["counts"] = counts;
  j["needs_user_action"] = g.needs_user_action();
  nlohmann::ordered_json changes = nlohmann::ordered_json::array();
  for (const auto& cg : g.changes) {
    const Change& ch = *cg.change;
    nlohmann::ordered_json c;
    c["id"] = ch.id;
    c["kind"] = std::string(contract::to_string(ch.kind));
    c["severity"] = std::string(contract::describe(ch.kind));
    c["component"] = ch.component;
    c["newest_without"] = ch.landing.newest_without.to_string();
    c["oldest_with"] = ch.landing.oldest_with.to_string();
    c["known_in_step"] = cg.known_in_step;
    c["timing"] = cg.timing;
    c["feature"] = ch.feature.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(ch.feature);
    c["applies_when"] = ch.applies_when.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(ch.applies_when);
    c["summary"] = ch.summary;
    c["upstream"] = ch.explanation;
    c["generated_change"] = ch.generated_change;
    c["user_action"] = ch.user_action;
    c["references"] = ch.references;
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (const auto& f : cg.files) files.push_back(file_json(f, cg.same_diff_as.empty()));
    c["files"] = files;
    c["same_diff_as"] = cg.same_diff_as.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(cg.same_diff_as);
    if (!cg.contract_items.empty()) c["contract_items"] = cg.contract_items;
    changes.push_back(c);
  }
  j["changes"] = changes;
  if (g.scanned) {
    nlohmann::ordered_json scan;
    scan["roots"] = g.scanned_roots;
    scan["files_scanned"] = g.scanned_files;
    nlohmann::ordered_json hits = nlohmann::ordered_json::array();
    for (const auto& h : g.hits) {
      hits.push_back({{"path", h.path},
                      {"line", h.line},
                      {"change", h.change_id},
                      {"kind", std::string(contract::to_string(h.kind))},
                      {"since", h.since},
                      {"new_in_range", h.new_in_range},
                      {"text", h.text},
                      {"message", h.message},
                      {"fix", h.fix}});
    }
    scan["hits"] = hits;
    j["user_code"] = scan;
  } else {
    j["user_code"] = nullptr;
  }
  nlohmann::ordered_json others = nlohmann::ordered_json::array();
  for (const auto& f : g.other_files) others.push_back(file_json(f, true));
  j["other_generated_changes"] = others;
  nlohmann::ordered_json left = nlohmann::ordered_json::array();
  for (const auto& l : g.left_out) left.push_back({{"id", l.id}, {"capability", l.capability}});
  j["left_out"] = left;
  if (g.regeneration) {
    nlohmann::ordered_json r;
    r["dry_run"] = g.regeneration->dry_run;
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (const auto& ch : g.regeneration->report.changes) files.push_back({{"path", ch.path}, {"action", action_name(ch.action)}});
    r["files"] = files;
    r["conflicts"] = g.regeneration->report.conflicts();
    j["regeneration"] = r;
  }
  return j.dump(2) + "\n";
}

// ------------------------------------------------------------------------------------------------ html

namespace {

std::string esc(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += ch;
    }
  }
  return out;
}

// URLs as links (navigation only: the page still loads nothing), pages of this project's docs as code.
std::string html_references(const std::vector<std::string>& refs) {
  std::vector<std::string> shown;
  for (const auto& r : refs) {
    shown.push_back(is_url(r) ? "<a href=\"" + esc(r) + "\">" + esc(r) + "</a>" : "<code>" + esc(r) + "</code>");
  }
  return join_references(shown, ", ");
}

std::string kind_class(ChangeKind k) { return std::string(contract::to_string(k)); }

// One side-by-side table: removed lines on the left, added on the right, runs of both paired row by row.
std::string side_by_side(const FileGuidance& f) {
  std::ostringstream out;
  out << "<table class=\"sbs\"><colgroup><col class=\"n\"><col class=\"t\"><col class=\"n\"><col class=\"t\">"
         "</colgroup>\n";
  auto cell = [](const merge::DiffLine* l, bool left) -> std::string {
    if (!l) return "<td class=\"n\"></td><td class=\"t empty\"></td>";
    const int n = left ? l->old_lineno : l->new_lineno;
    const char* cls = l->kind == merge::LineKind::Context ? "ctx" : (left ? "del" : "add");
    return "<td class=\"n\">" + std::to_string(n) + "</td><td class=\"t " + cls + "\">" + esc(l->text) + "</td>";
  };
  for (const auto& h : f.diff.hunks) {
    out << "<tr class=\"hunk\"><td colspan=\"4\">" << esc(h.header) << "</td></tr>\n";
    std::size_t i = 0;
    while (i < h.lines.size()) {
      const auto& line = h.lines[i];
      if (line.kind == merge::LineKind::Context) {
        out << "<tr>" << cell(&line, true) << cell(&line, false) << "</tr>\n";
        ++i;
        continue;
      }
      std::vector<const merge::DiffLine*> removed, added;
      while (i < h.lines.size() && h.lines[i].kind == merge::LineKind::Removed) removed.push_back(&h.lines[i++]);
      while (i < h.lines.size() && h.lines[i].kind == merge::LineKind::Added) added.push_back(&h.lines[i++]);
      const std::size_t rows = std::max(removed.size(), added.size());
      for (std::size_t r = 0; r < rows; ++r) {
        out << "<tr>" << cell(r < removed.size() ? removed[r] : nullptr, true)
            << cell(r < added.size() ? added[r] : nullptr, false) << "</tr>\n";
      }
    }
  }
  out << "</table>\n";
  return out.str();
}

std::string file_block(const FileGuidance& f, bool open) {
  std::ostringstream out;
  out << "<details class=\"file\"" << (open ? " open" : "") << "><summary><code>" << esc(f.path)
      << "</code> <span class=\"stat\"><span class=\"plus\">+" << f.diff.additions << "</span> <span class=\"minus\">-"
      << f.diff.deletions << "</span>" << (file_status(f).empty() ? "" : " " + esc(file_status(f)))
      << "</span></summary>\n"
      << side_by_side(f) << "</details>\n";
  return out.str();
}

constexpr const char* kCss = R"css(
:root { --fg:#1f2328; --muted:#59636e; --bd:#d1d9e0; --add:#dafbe1; --del:#ffebe9; --hunk:#ddf4ff; }
* { box-sizing: border-box; }
body { font: 14px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); margin: 0 auto;
       max-width: 1400px; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 8px; } h2 { border-bottom: 1px solid var(--bd); padding-bottom: 4px; margin-top: 32px; }
code, pre, table.sbs { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
.summary td, .summary th, table.hits td, table.hits th { border: 1px solid var(--bd); padding: 4px 8px; text-align: left; }
.summary, table.hits { border-collapse: collapse; margin: 8px 0; }
.change { border: 1px solid var(--bd); border-left-width: 6px; border-radius: 6px; padding: 8px 16px; margin: 16px 0; }
.change.compile-error, .change.runtime-error { border-left-color: #cf222e; }
.change.rebuild, .change.behaviour-change { border-left-color: #bf8700; }
.change.deprecation { border-left-color: #8250df; } .change.new-feature { border-left-color: #0969da; }
.badge { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 12px; color: #fff; background: #59636e; }
.badge.compile-error, .badge.runtime-error { background: #cf222e; } .badge.rebuild, .badge.behaviour-change { background: #9a6700; }
.badge.deprecation { background: #8250df; } .badge.new-feature { background: #0969da; }
.meta { color: var(--muted); font-size: 12px; }
dt { font-weight: 600; margin-top: 8px; } dd { margin: 2px 0 0 0; }
details.file { margin: 8px 0; border: 1px solid var(--bd); border-radius: 6px; }
details.file > summary { padding: 4px 8px; background: #f6f8fa; cursor: pointer; }
.plus { color: #1a7f37; } .minus { color: #cf222e; }
table.sbs { width: 100%; border-collapse: collapse; table-layout: fixed; }
table.sbs col.n { width: 48px; } table.sbs col.t { width: calc(50% - 48px); }
table.sbs td { padding: 0 6px; vertical-align: top; white-space: pre-wrap; word-break: break-all; }
table.sbs td.n { color: var(--muted); text-align: right; user-select: none; }
table.sbs td.add { background: var(--add); } table.sbs td.del { background: var(--del); }
table.sbs td.empty { background: #f6f8fa; } table.sbs tr.hunk td { background: var(--hunk); color: var(--muted); }
)css";

}  // namespace

std::string render_html(const Guidance& g) {
  std::ostringstream out;
  const std::string title = "Upgrade guidance for " + g.device + ": torch " + g.from.display() + " to " + g.to.display();
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
         "script-src 'unsafe-inline'; img-src data:\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>" << esc(title) << "</title>\n<style>" << kCss << "</style>\n</head>\n<body>\n";
  out << "<h1>Upgrade guidance for <code>" << esc(g.device) << "</code>: torch " << esc(g.from.display())
      << " &rarr; " << esc(g.to.display()) << "</h1>\n";
  out << "<table class=\"summary\"><tr><th>Severity</th><th>Changes</th></tr>\n";
  for (ChangeKind k : kKinds) {
    if (g.count(k)) {
      out << "<tr><td><span class=\"badge " << kind_class(k) << "\">" << esc(contract::describe(k))
          << "</span></td><td>" << g.count(k) << "</td></tr>\n";
    }
  }
  out << "</table>\n";
  if (const auto uncertain = not_known_in_step(g); !uncertain.empty()) {
    out << "<p>" << esc(uncertain_sentence(g, uncertain)) << "</p>\n";
  }
  if (g.scanned) {
    out << "<p>Your code: <strong>" << g.hits.size() << "</strong> finding(s) in " << g.scanned_files
        << " file(s) scanned.</p>\n";
  }
  int number = 0;
  for (ChangeKind k : kKinds) {
    if (g.count(k) == 0) continue;
    out << "<section class=\"kind\" id=\"kind-" << kind_class(k) << "\">\n<h2>" << esc(section_title(k)) << "</h2>\n";
    for (const auto& cg : g.changes) {
      const Change& ch = *cg.change;
      if (ch.kind != k) continue;
      ++number;
      out << "<article class=\"change " << kind_class(k) << "\" id=\"change-" << esc(ch.id) << "\">\n";
      out << "<h3>" << number << ". <code>" << esc(ch.id) << "</code> <span class=\"badge " << kind_class(k) << "\">"
          << esc(contract::describe(k)) << "</span></h3>\n";
      out << "<p>" << esc(ch.summary) << "</p>\n<p class=\"meta\">component " << esc(ch.component)
          << " &middot; " << esc(cg.timing) << "</p>\n<dl>\n";
      out << "<dt>What changed upstream and why</dt><dd>" << esc(ch.explanation) << "</dd>\n";
      out << "<dt>What accelgen changes</dt><dd>" << esc(ch.generated_change) << "</dd>\n";
      out << "<dt>Affected generated files</dt><dd>";
      if (cg.files.empty()) {
        out << "none (no generated-code change for this backend)";
      } else if (!cg.same_diff_as.empty()) {
        for (const auto& f : cg.files) out << "<code>" << esc(f.path) << "</code> ";
        out << "&mdash; same generated-code change as <a href=\"#change-" << esc(cg.same_diff_as) << "\"><code>"
            << esc(cg.same_diff_as) << "</code></a>";
      } else {
        for (const auto& f : cg.files) out << file_block(f, true);
      }
      out << "</dd>\n<dt>What you must do</dt><dd>"
          << (ch.user_action.empty() ? "Nothing by hand." : esc(ch.user_action)) << "</dd>\n";
      out << "<dt>References</dt><dd class=\"meta\">" << html_references(ch.references) << "</dd>\n</dl>\n</article>\n";
    }
    out << "</section>\n";
  }
  if (g.scanned) {
    out << "<section id=\"user-code\">\n<h2>Your code</h2>\n";
    if (g.hits.empty()) {
      out << "<p>No use that breaks or is deprecated in torch " << esc(g.to.display()) << " was found.</p>\n";
    } else {
      out << "<table class=\"hits\"><tr><th>Location</th><th>Severity</th><th>Change</th><th>Code</th><th>Why</th>"
             "<th>Fix</th></tr>\n";
      for (const auto& h : g.hits) {
        out << "<tr class=\"hit\"><td><code>" << esc(h.path) << ":" << h.line << "</code></td><td><span class=\"badge "
            << kind_class(h.kind) << "\">" << esc(contract::describe(h.kind)) << "</span></td><td><a href=\"#change-"
            << esc(h.change_id) << "\"><code>" << esc(h.change_id) << "</code></a></td><td><code>" << esc(h.text)
            << "</code></td><td>" << esc(h.message) << "</td><td>" << esc(h.fix) << "</td></tr>\n";
      }
      out << "</table>\n";
    }
    out << "</section>\n";
  }
  if (!g.other_files.empty()) {
    out << "<section id=\"other\">\n<h2>Other generated changes</h2>\n<p>Differences between the torch "
        << esc(g.from.display()) << " and " << esc(g.to.display())
        << " output that no knowledge-base change explains.</p>\n";
    for (const auto& f : g.other_files) out << file_block(f, false);
    out << "</section>\n";
  }
  if (!g.left_out.empty()) {
    out << "<section id=\"left-out\">\n<h2>Left out</h2>\n<ul>\n";
    for (const auto& l : g.left_out) {
      out << "<li><code>" << esc(l.id) << "</code> (capability <code>" << esc(l.capability) << "</code> is off)</li>\n";
    }
    out << "</ul>\n</section>\n";
  }
  if (g.regeneration) {
    const auto& report = g.regeneration->report;
    out << "<section id=\"regeneration\">\n<h2>Regeneration</h2>\n<pre>"
        << esc(report.changes.empty() ? std::string("Nothing to change.\n") : report.describe()) << "</pre>\n";
    if (report.has_conflicts()) {
      out << "<p><strong>" << report.conflicts().size() << " file(s) have conflicts</strong> to resolve.</p>\n";
    }
    out << "</section>\n";
  }
  // The only script: marks the page as fully rendered (the headless-browser test looks for the marker).
  out << "<script>document.body.setAttribute('data-report-rendered', String(document.querySelectorAll("
         "'article.change').length));</script>\n";
  out << "</body>\n</html>\n";
  return out.str();
}

}  // namespace accelgen::guide
