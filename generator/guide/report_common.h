// What the four report formats (report_text.cc, report_markdown.cc, report_json.cc, report_html.cc) share:
// the order and titles of the change kinds, counts, file summaries and the sentence about uncertain changes.
#pragma once

#include <string>
#include <vector>

#include "guide/guidance.h"

namespace accelgen::guide::report_parts {

/// The change kinds, most severe first: the order of every report's sections.
inline constexpr contract::ChangeKind kKinds[] = {contract::ChangeKind::CompileError, contract::ChangeKind::RuntimeError,
                                                  contract::ChangeKind::Rebuild, contract::ChangeKind::BehaviourChange,
                                                  contract::ChangeKind::Deprecation, contract::ChangeKind::NewFeature};

/// Section titles, plural: "Compile errors".
std::string section_title(contract::ChangeKind k);
/// "torch 2.6 -> 2.14"
std::string arrow(const Guidance& g);
/// "2 compile errors, 1 deprecation", or "none".
std::string counts_line(const Guidance& g);
/// "new file", "removed", or "" for a modified file.
std::string file_status(const FileGuidance& f);
/// "+3 -1, new file, yours after the first generation"
std::string file_stat(const FileGuidance& f);
std::string join_references(const std::vector<std::string>& refs, const std::string& separator);
bool is_url(const std::string& ref);
/// The changes the knowledge base dates only to a span of releases that reaches past one end of the step.
std::vector<std::string> not_known_in_step(const Guidance& g);
/// What the report says about the changes `ids` (not_known_in_step): which releases may or may not have them.
std::string uncertain_sentence(const Guidance& g, const std::vector<std::string>& ids);

}  // namespace accelgen::guide::report_parts
