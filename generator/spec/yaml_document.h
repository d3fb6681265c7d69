// The spec's YAML, read strictly: exactly one document, no key given twice in a mapping, bounded nesting.
// yaml-cpp alone accepts a second document and duplicate keys silently (the first value wins), which would make
// the spec mean something other than what its reader sees.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string_view>

namespace accelgen {

inline constexpr int kMaxSpecDepth = 32;  // a spec nests three levels

/// Parses `text` (already checked by check_spec_text). Throws DiagnosticError (file:line:column) for a syntax
/// error, a second document, a duplicate key (naming both places) or nesting deeper than kMaxSpecDepth.
YAML::Node load_single_yaml_document(std::string_view text, std::string_view source_name);

}  // namespace accelgen
