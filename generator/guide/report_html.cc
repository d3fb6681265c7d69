#include "guide/report.h"

#include <sstream>

#include "base/html_text.h"
#include "guide/report_common.h"
#include "guide/report_css.h"

namespace accelgen::guide {

using contract::Change;
using contract::ChangeKind;
using namespace report_parts;

namespace {

std::string esc(std::string_view s) { return html_text(s); }

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
