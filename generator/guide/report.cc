#include "guide/report.h"

#include <unistd.h>

#include <cstdlib>

namespace accelgen::guide {

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

}  // namespace accelgen::guide
