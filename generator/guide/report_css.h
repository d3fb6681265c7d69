// The stylesheet of the HTML report (report_html.cc), inlined into the page: the report loads nothing.
#pragma once

#include <string_view>

namespace accelgen::guide::report_parts {

inline constexpr std::string_view kCss = R"css(
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

}  // namespace accelgen::guide::report_parts
