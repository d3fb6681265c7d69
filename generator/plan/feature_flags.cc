// features.<id> for templates: one flag set per knowledge-base feature (docs/template-context.md "Features").
#include "contract/knowledge_base.h"
#include "embed/embedded_files.h"
#include "plan/render_context.h"
#include "plan/version_knowledge.h"

namespace accelgen {

const contract::KnowledgeBase& version_knowledge() {
  static const contract::KnowledgeBase kb = [] {
    constexpr const char* kPath = "knowledge/torch-changes.yaml";
    auto text = embedded::file(kPath);
    if (!text) throw std::logic_error(std::string(kPath) + " is not embedded in this build");
    return contract::KnowledgeBase::load(*text, kPath);
  }();
  return kb;
}

TemplateData build_feature_flags(const TargetVersions& targets, const std::string& macro_prefix) {
  using kainjow::mustache::data;
  auto flag = [](bool value) { return value ? data(data::type::bool_true) : data(data::type::bool_false); };
  data features{data::type::object};
  for (const auto& [id, f] : version_knowledge().features_for({targets.min, targets.max})) {
    const std::string major = std::to_string(f.since.major), minor = std::to_string(f.since.minor);
    data item{data::type::object};
    item.set("has", flag(f.has));
    item.set("lacks", flag(f.lacks));
    item.set("mixed", flag(f.mixed));
    item.set("guard_cpp", macro_prefix + "_TORCH_VERSION_GE(" + major + ", " + minor + ")");
    item.set("guard_py", "_TORCH_VERSION >= (" + major + ", " + minor + ")");
    item.set("compat", f.compat_note);
    features.set(id, item);
  }
  return features;
}

}  // namespace accelgen
