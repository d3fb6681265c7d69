#include "render/mustache_renderer.h"

#include <map>
#include <set>
#include <sstream>

namespace accelgen {
namespace {

// Note [Standalone lines]
// The Mustache spec removes a line that holds nothing but one section, inverted-section, closing, comment or
// set-delimiter tag ("standalone" lines), so `{{#feature}}` on its own line leaves no trace in the output.
// kainjow mustache does this only for sections that render, and it also drops blank lines next to section
// tags. We therefore do it ourselves before kainjow sees the text: standalone tag lines lose their
// indentation and newline, and every blank line gets a sentinel character (removed after rendering) so
// kainjow never takes it for an empty standalone line.
constexpr char kBlankLineSentinel = kBlankLineValue[0];

bool is_blank(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

std::string preprocess_standalone_lines(std::string_view text) {
  std::string open = "{{", close = "}}";
  std::string result;
  result.reserve(text.size());
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    const bool has_newline = end != std::string_view::npos;
    if (!has_newline) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    const auto first = line.find_first_not_of(" \t");
    const auto last = line.find_last_not_of(" \t\r");
    if (first != std::string_view::npos) {
      const std::string_view body = line.substr(first, last - first + 1);
      const bool one_tag = body.size() > open.size() + close.size() && body.starts_with(open) &&
                           body.ends_with(close) &&
                           body.find(open, open.size()) == std::string_view::npos &&
                           std::string_view("#^/!=").find(body[open.size()]) != std::string_view::npos;
      if (one_tag) {
        result += body;  // standalone: no indentation, no newline
        if (body[open.size()] == '=') {
          // {{=<% %>=}}: the new delimiters apply from here on.
          std::string_view spec = body.substr(open.size() + 1, body.size() - open.size() - close.size() - 2);
          const auto space = spec.find(' ');
          const std::string new_open(spec.substr(0, space));
          const std::string new_close(spec.substr(spec.find_first_not_of(' ', space)));
          open = new_open;
          close = new_close;
        }
        continue;
      }
    }
    if (is_blank(line) && has_newline) result += kBlankLineSentinel;
    result += line;
    if (has_newline) result += '\n';
  }
  return result;
}

std::string remove_sentinels(std::string text) {
  std::erase(text, kBlankLineSentinel);
  return text;
}

using kainjow::mustache::basic_data;
using kainjow::mustache::context;

/// A context that remembers every name it was asked for and could not find. Sections that test a flag use
/// names that exist with the value false, so a miss always means a typo or a missing context entry.
class StrictContext : public context<std::string> {
 public:
  explicit StrictContext(const TemplateData* data) : context<std::string>(data) {}

  const basic_data<std::string>* get(const std::string& name) const override {
    const auto* found = context<std::string>::get(name);
    if (!found) missing_.insert(name);
    return found;
  }

  const basic_data<std::string>* get_partial(const std::string& name) const override {
    missing_.insert("> " + name);
    return nullptr;
  }

  const std::set<std::string>& missing() const { return missing_; }

 private:
  mutable std::set<std::string> missing_;
};

}  // namespace

std::string render_template(std::string_view template_text, const TemplateData& data,
                            std::string_view template_name) {
  kainjow::mustache::mustache tmpl{preprocess_standalone_lines(template_text)};
  if (!tmpl.is_valid()) {
    throw RenderError(std::string(template_name) + ": template syntax error: " + tmpl.error_message());
  }
  tmpl.set_custom_escape([](const std::string& text) { return text; });
  StrictContext ctx(&data);
  std::string output = tmpl.render(ctx);
  if (!tmpl.is_valid()) {
    throw RenderError(std::string(template_name) + ": " + tmpl.error_message());
  }
  if (!ctx.missing().empty()) {
    std::ostringstream message;
    message << template_name << ": the rendering context has no ";
    bool first = true;
    for (const auto& name : ctx.missing()) {
      message << (first ? "" : ", ") << "'" << name << "'";
      first = false;
    }
    message << " (see docs/template-context.md)";
    throw RenderError(message.str());
  }
  return remove_sentinels(std::move(output));
}

}  // namespace accelgen
