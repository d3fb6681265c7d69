#include "spec/torch_field.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

#include "base/diagnostic.h"
#include "spec/spec_loader.h"
#include "spec/yaml_document.h"

namespace accelgen {
namespace {

using contract::TorchVersion;

/// One replacement in the spec's text.
struct TextEdit {
  std::size_t offset = 0;
  std::size_t length = 0;
  std::string replacement;
};

/// Where a scalar of the torch field is written in the text.
struct WrittenScalar {
  std::size_t offset = 0;
  std::size_t length = 0;  // quotes included
  char quote = 0;          // '"', '\'' or 0 for a bare value
};

/// Finds the scalar `node` in `text`. yaml-cpp gives where a node starts (its Mark: a byte offset, not counting a
/// UTF-8 byte order mark at the start) but not where it ends; a torch version or `auto` needs no escapes, so as
/// written it is its value, bare or between two quotes. Anything else found there (an escape sequence, a tag, an
/// anchor) is refused rather than guessed at.
WrittenScalar find_written_scalar(std::string_view text, const YAML::Node& node, std::string_view source) {
  const YAML::Mark mark = node.Mark();
  if (!mark.is_null() && mark.pos >= 0) {
    const std::size_t byte_order_mark = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    const std::size_t at = byte_order_mark + static_cast<std::size_t>(mark.pos);
    for (const char quote : {'"', '\'', '\0'}) {
      const std::string written = quote ? quote + node.Scalar() + quote : node.Scalar();
      if (text.substr(at, written.size()) == written) return {at, written.size(), quote};
    }
  }
  throw DiagnosticError({{std::string(source), mark.is_null() ? 0 : mark.line + 1, mark.is_null() ? 0 : mark.column + 1,
                          "cannot record the new torch target here: the value is not written as a plain or quoted "
                          "version",
                          "write it as torch: \"2.14\" or torch: {min: \"2.6\", max: \"2.14\"}, then run the command "
                          "again"}});
}

bool names(const YAML::Node& scalar, TorchVersion version) {
  const auto parsed = TorchVersion::parse(scalar.Scalar());
  return parsed && *parsed == version;
}

std::string quoted(TorchVersion version, char quote) { return quote + version.to_string() + quote; }

/// The field is one version or `auto`: it is replaced by the target where it stands.
std::vector<TextEdit> scalar_field_edits(std::string_view text, const YAML::Node& field, std::string_view source,
                                         const contract::TorchRange& target) {
  if (target.single() && names(field, target.min)) return {};
  const WrittenScalar written = find_written_scalar(text, field, source);
  const char quote = written.quote ? written.quote : '"';
  const std::string replacement = target.single() ? quoted(target.min, quote)
                                                  : "{min: " + quoted(target.min, quote) + ", max: " +
                                                        quoted(target.max, quote) + "}";
  return {{written.offset, written.length, replacement}};
}

/// The field is a {min, max} mapping: each bound that differs is replaced where it stands, so the mapping keeps its
/// layout and the comments between its lines.
std::vector<TextEdit> range_field_edits(std::string_view text, const YAML::Node& field, std::string_view source,
                                        const contract::TorchRange& target) {
  std::vector<TextEdit> edits;
  for (const auto& [key, version] : {std::pair{"min", target.min}, std::pair{"max", target.max}}) {
    const YAML::Node bound = field[key];
    if (names(bound, version)) continue;
    const WrittenScalar written = find_written_scalar(text, bound, source);
    edits.push_back({written.offset, written.length, quoted(version, written.quote ? written.quote : '"')});
  }
  return edits;
}

/// The edited spec must read back as naming `target`; a wrong edit of the user's file is a bug, never written.
void check_names_target(std::string_view edited, std::string_view source, const contract::TorchRange& target) {
  const DeviceSpec spec = parse_spec(edited, source);
  if (spec.torch.kind == TorchRequest::Kind::Auto || spec.torch.min != target.min.to_string() ||
      spec.torch.max != target.max.to_string()) {
    throw std::logic_error("recording torch " + target.display() + " in " + std::string(source) +
                           " produced a spec that names another target");
  }
}

}  // namespace

std::string with_torch_target(std::string_view text, std::string_view source_name, const contract::TorchRange& target) {
  parse_spec(text, source_name);  // a valid spec has exactly one torch field, a version, `auto` or {min, max}
  const YAML::Node root = load_single_yaml_document(text, source_name);
  const YAML::Node field = root["torch"];
  std::vector<TextEdit> edits = field.IsMap() ? range_field_edits(text, field, source_name, target)
                                              : scalar_field_edits(text, field, source_name, target);
  // From the last edit back to the first, so that every offset still points where it did in `text`.
  std::sort(edits.begin(), edits.end(), [](const TextEdit& a, const TextEdit& b) { return a.offset > b.offset; });
  std::string edited(text);
  for (const auto& edit : edits) edited.replace(edit.offset, edit.length, edit.replacement);
  if (!edits.empty()) check_names_target(edited, source_name, target);
  return edited;
}

}  // namespace accelgen
