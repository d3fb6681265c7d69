#include "render/feature_flags.h"

#include <cctype>
#include <string>
#include <vector>

#include "base/text_wrap.h"
#include "contract/knowledge_base.h"
#include "plan/version_knowledge.h"

namespace accelgen {
namespace {

// The compat note cut into lines of at most kCompatColumns characters between words, so that a comment or a string
// built from them stays within 120 columns wherever a template puts it. Each line knows whether it is the last
// (a string built from the lines puts a space after every other one).
constexpr std::size_t kCompatColumns = 90;

kainjow::mustache::data compat_lines(const std::string& note) {
  using kainjow::mustache::data;
  const std::vector<std::string> lines = wrap_words(note, kCompatColumns);
  data list{data::type::list};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    data item{data::type::object};
    item.set("line", lines[i]);
    item.set("last", data(i + 1 == lines.size() ? data::type::bool_true : data::type::bool_false));
    list.push_back(item);
  }
  return list;
}

kainjow::mustache::data flag(bool value) {
  using kainjow::mustache::data;
  return value ? data(data::type::bool_true) : data(data::type::bool_false);
}

// "device_allocator" -> "DEVICE_ALLOCATOR"
std::string upper(std::string id) {
  for (auto& ch : id) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return id;
}

// A multi-line source as a list of {line} items, so that a template can indent or comment every line.
kainjow::mustache::data source_lines(const std::string& source) {
  using kainjow::mustache::data;
  data list{data::type::list};
  std::size_t start = 0;
  while (start < source.size()) {
    std::size_t end = source.find('\n', start);
    if (end == std::string::npos) end = source.size();
    data item{data::type::object};
    item.set("line", source.substr(start, end - start));
    list.push_back(item);
    start = end + 1;
  }
  return list;
}

std::string version_guard_cpp(const contract::Feature& f, const std::string& macro_prefix) {
  return macro_prefix + "_TORCH_VERSION_GE(" + std::to_string(f.landing.oldest_with.major) + ", " +
         std::to_string(f.landing.oldest_with.minor) + ")";
}

}  // namespace

std::string probe_macro(const std::string& feature_id, const std::string& macro_prefix) {
  return macro_prefix + "_TORCH_HAS_" + upper(feature_id);
}

TemplateData build_feature_flags(const TargetVersions& targets, const std::string& macro_prefix) {
  using kainjow::mustache::data;
  using Kind = contract::Probe::Kind;
  data features{data::type::object};
  const auto& kb = version_knowledge();
  for (const auto& [id, flags] : kb.features_for({targets.min, targets.max})) {
    const contract::Feature& f = *kb.feature(id);
    data item{data::type::object};
    item.set("has", flag(flags.has));
    item.set("lacks", flag(flags.lacks));
    item.set("mixed", flag(flags.mixed));
    // Where a targeted range straddles the feature, the generated code asks the torch it is built against: the
    // configure-time probe's macro in C++ (cmake/torch_features.cmake), torch_has() in Python (_torch_features.py).
    // Only a feature nothing can probe falls back to the release that is known to have it.
    item.set("guard_cpp",
             f.probe.kind == Kind::Cxx ? probe_macro(id, macro_prefix) : version_guard_cpp(f, macro_prefix));
    item.set("guard_py", "torch_has(\"" + id + "\")");
    item.set("compat", flags.compat_note);
    item.set("compat_lines", compat_lines(flags.compat_note));
    features.set(id, item);
  }
  return features;
}

TemplateData build_torch_probes(const TargetVersions& targets, const std::string& macro_prefix) {
  using kainjow::mustache::data;
  using Kind = contract::Probe::Kind;
  data cxx{data::type::list}, python{data::type::list}, version_only{data::type::list};
  const auto& kb = version_knowledge();
  for (const auto& [id, flags] : kb.features_for({targets.min, targets.max})) {
    if (!flags.mixed) continue;  // every targeted release has it, or none does: nothing to detect
    const contract::Feature& f = *kb.feature(id);
    data item{data::type::object};
    item.set("feature", id);
    item.set("macro", probe_macro(id, macro_prefix));
    item.set("landing", f.landing.display());
    item.set("summary", f.summary);
    item.set("heading_lines", compat_lines(id + " (torch " + f.landing.display() + "): " + f.summary));
    item.set("source_lines", source_lines(f.probe.source));
    item.set("major", std::to_string(f.landing.oldest_with.major));
    item.set("minor", std::to_string(f.landing.oldest_with.minor));
    item.set("compat_lines", compat_lines(flags.compat_note));
    (f.probe.kind == Kind::Cxx ? cxx : f.probe.kind == Kind::Python ? python : version_only).push_back(item);
  }
  data probes{data::type::object};
  probes.set("any_cxx", flag(!cxx.is_empty_list()));
  probes.set("any_python", flag(!python.is_empty_list()));
  probes.set("any_version_only", flag(!version_only.is_empty_list()));
  probes.set("any_probe", flag(!cxx.is_empty_list() || !python.is_empty_list()));
  probes.set("cxx", cxx);
  probes.set("python", python);
  probes.set("version_only", version_only);
  return probes;
}

}  // namespace accelgen
