// Renders Mustache templates (kainjow mustache) for source code: no HTML escaping, and a variable or section
// name that the context does not define is an error instead of silently rendering empty.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include <mustache.hpp>

namespace accelgen {

using TemplateData = kainjow::mustache::data;

/// The value of a variable that stands for a blank line of code. kainjow drops a line inside a section when it
/// renders empty ({{#lines}}{{{line}}}{{/lines}} would lose every empty line); this character is rendered and then
/// removed, so the line stays, empty.
inline constexpr std::string_view kBlankLineValue = "\x01";

class RenderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Renders `template_text` with `data`. `template_name` names the template in error messages.
/// Throws RenderError for a syntax error, a name the context does not define or a partial ({{> name}}: templates
/// have none).
std::string render_template(std::string_view template_text, const TemplateData& data,
                            std::string_view template_name);

}  // namespace accelgen
