// features.<id> for templates: one flag set per knowledge-base feature (docs/template-context.md "Features").
#include "contract/knowledge_base.h"
#include "embed/embedded_files.h"
#include "plan/render_context.h"
#include "plan/version_knowledge.h"

#include <string>
#include <vector>

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

namespace {

// The compat note cut into lines of at most kCompatColumns characters at spaces, so that a comment or a string
// built from them stays within 120 columns wherever a template puts it. Each line knows whether it is the last
// (a string built from the lines puts a space after every other one).
constexpr std::size_t kCompatColumns = 90;

kainjow::mustache::data compat_lines(const std::string& note) {
  using kainjow::mustache::data;
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start < note.size()) {
    std::size_t end = note.find(' ', start);
    if (end == std::string::npos) end = note.size();
    const std::string word = note.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > kCompatColumns) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  data list{data::type::list};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    data item{data::type::object};
    item.set("line", lines[i]);
    item.set("last", data(i + 1 == lines.size() ? data::type::bool_true : data::type::bool_false));
    list.push_back(item);
  }
  return list;
}

}  // namespace

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
    item.set("compat_lines", compat_lines(f.compat_note));
    features.set(id, item);
  }
  return features;
}

}  // namespace accelgen
