// Report builders for upgrade guidance: terminal text (ANSI colour only on a terminal), Markdown for a pull
// request, JSON for CI and a self-contained HTML page with side-by-side diffs (no network, no external resources).
// One file per format (report_text.cc, report_markdown.cc, report_json.cc, report_html.cc with its stylesheet in
// report_css.h); what they share is in report_common.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "guide/guidance.h"

namespace accelgen::guide {

enum class ReportFormat { Text, Markdown, Json, Html };

/// "text", "md" (or "markdown"), "json", "html".
std::optional<ReportFormat> parse_report_format(std::string_view text);

/// Text report; `color` adds ANSI escapes (see stdout_wants_color()).
std::string render_text(const Guidance& g, bool color);
std::string render_markdown(const Guidance& g);
/// JSON report (schema "accelgen-upgrade-guidance/1"), two-space indent, trailing newline.
std::string render_json(const Guidance& g);
/// One HTML document with inline CSS and a tiny inline script (it only marks the page as rendered); no
/// reference to anything outside the file. A Content-Security-Policy forbids network access.
std::string render_html(const Guidance& g);

std::string render_report(const Guidance& g, ReportFormat format, bool color);

/// True when stdout is a terminal, NO_COLOR is unset (or empty) and TERM is not "dumb".
bool stdout_wants_color();

}  // namespace accelgen::guide
