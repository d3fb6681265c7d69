#include "render/mustache_renderer.h"

#include <map>
#include <set>
#include <sstream>

namespace accelgen {
namespace {

using kainjow::mustache::basic_data;
using kainjow::mustache::context;

/// A context that remembers every name it was asked for and could not find. Sections that test a flag use
/// names that exist with the value false, so a miss always means a typo or a missing context entry.
class StrictContext : public context<std::string> {
 public:
  StrictContext(const TemplateData* data, const PartialLookup& partials)
      : context<std::string>(data), partials_(partials) {}

  const basic_data<std::string>* get(const std::string& name) const override {
    const auto* found = context<std::string>::get(name);
    if (!found) missing_.insert(name);
    return found;
  }

  const basic_data<std::string>* get_partial(const std::string& name) const override {
    if (auto it = partial_cache_.find(name); it != partial_cache_.end()) return &it->second;
    std::optional<std::string> text = partials_ ? partials_(name) : std::nullopt;
    if (!text) {
      missing_.insert("> " + name);
      return nullptr;
    }
    return &partial_cache_.emplace(name, TemplateData(*text)).first->second;
  }

  const std::set<std::string>& missing() const { return missing_; }

 private:
  const PartialLookup& partials_;
  mutable std::set<std::string> missing_;
  mutable std::map<std::string, TemplateData> partial_cache_;
};

}  // namespace

std::string render_template(std::string_view template_text, const TemplateData& data,
                            std::string_view template_name, const PartialLookup& partials) {
  kainjow::mustache::mustache tmpl{std::string(template_text)};
  if (!tmpl.is_valid()) {
    throw RenderError(std::string(template_name) + ": template syntax error: " + tmpl.error_message());
  }
  tmpl.set_custom_escape([](const std::string& text) { return text; });
  StrictContext ctx(&data, partials);
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
  return output;
}

}  // namespace accelgen
