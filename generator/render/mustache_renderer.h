// Renders Mustache templates (kainjow mustache) for source code: no HTML escaping, and a variable or section
// name that the context does not define is an error instead of silently rendering empty.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <mustache.hpp>

namespace accelgen {

using TemplateData = kainjow::mustache::data;

class RenderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Looks up a partial by name ({{> name}}); nullopt if there is none.
using PartialLookup = std::function<std::optional<std::string>(const std::string& name)>;

/// Renders `template_text` with `data`. `template_name` names the template in error messages.
/// Throws RenderError for a syntax error or a name the context does not define.
std::string render_template(std::string_view template_text, const TemplateData& data,
                            std::string_view template_name, const PartialLookup& partials = {});

}  // namespace accelgen
