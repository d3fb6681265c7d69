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

NoteLines compat_lines(const std::string& note) { return {wrap_words(note, kCompatColumns)}; }

// "device_allocator" -> "DEVICE_ALLOCATOR"
std::string upper(std::string id) {
  for (auto& ch : id) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return id;
}

// A multi-line source as lines, so that a template can indent or comment every line. Its empty lines are left out.
Lines source_lines(const std::string& source) {
  Lines lines;
  std::size_t start = 0;
  while (start < source.size()) {
    std::size_t end = source.find('\n', start);
    if (end == std::string::npos) end = source.size();
    if (end > start) lines.push_back(source.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string version_guard_cpp(const contract::Feature& f, const std::string& macro_prefix) {
  return macro_prefix + "_TORCH_VERSION_GE(" + std::to_string(f.landing.oldest_with.major) + ", " +
         std::to_string(f.landing.oldest_with.minor) + ")";
}

}  // namespace

std::string probe_macro(const std::string& feature_id, const std::string& macro_prefix) {
  return macro_prefix + "_TORCH_HAS_" + upper(feature_id);
}

std::map<std::string, FeatureEntry> build_feature_flags(const TargetVersions& targets, const std::string& macro_prefix) {
  using Kind = contract::Probe::Kind;
  std::map<std::string, FeatureEntry> features;
  const auto& kb = version_knowledge();
  for (const auto& [id, flags] : kb.features_for({targets.min, targets.max})) {
    const contract::Feature& f = *kb.feature(id);
    FeatureEntry& item = features[id];
    item.has = flags.has;
    item.lacks = flags.lacks;
    item.mixed = flags.mixed;
    // Where a targeted range straddles the feature, the generated code asks the torch it is built against: the
    // configure-time probe's macro in C++ (cmake/torch_features.cmake), torch_has() in Python (_torch_features.py).
    // Only a feature nothing can probe falls back to the release that is known to have it.
    item.guard_cpp = f.probe.kind == Kind::Cxx ? probe_macro(id, macro_prefix) : version_guard_cpp(f, macro_prefix);
    item.guard_py = "torch_has(\"" + id + "\")";
    item.compat = flags.compat_note;
    item.compat_lines = compat_lines(flags.compat_note);
    item.landing = f.landing.display();
  }
  return features;
}

TorchProbes build_torch_probes(const TargetVersions& targets, const std::string& macro_prefix) {
  using Kind = contract::Probe::Kind;
  TorchProbes probes;
  const auto& kb = version_knowledge();
  for (const auto& [id, flags] : kb.features_for({targets.min, targets.max})) {
    if (!flags.mixed) continue;  // every targeted release has it, or none does: nothing to detect
    const contract::Feature& f = *kb.feature(id);
    ProbeEntry item;
    item.feature = id;
    item.macro = probe_macro(id, macro_prefix);
    item.landing = f.landing.display();
    item.summary = f.summary;
    item.heading_lines = compat_lines(id + " (torch " + f.landing.display() + "): " + f.summary);
    item.source_lines = source_lines(f.probe.source);
    item.major = std::to_string(f.landing.oldest_with.major);
    item.minor = std::to_string(f.landing.oldest_with.minor);
    item.compat_lines = compat_lines(flags.compat_note);
    (f.probe.kind == Kind::Cxx ? probes.cxx : f.probe.kind == Kind::Python ? probes.python : probes.version_only)
        .push_back(std::move(item));
  }
  return probes;
}

}  // namespace accelgen
