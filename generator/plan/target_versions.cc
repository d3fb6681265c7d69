#include "plan/target_versions.h"

#include "base/diagnostic.h"

namespace accelgen {

namespace {

// Names where the target came from in messages: the option (--torch, upgrade's --to) or the spec's torch field.
struct Origin {
  const DeviceSpec& spec;
  bool from_option;
  const std::string& option_name;
};

[[noreturn]] void fail(const Origin& origin, std::string message, std::string hint) {
  if (origin.from_option) throw DiagnosticError({{origin.option_name, 0, 0, std::move(message), std::move(hint)}});
  const DeviceSpec& spec = origin.spec;
  throw DiagnosticError({{spec.source, spec.torch.pos.line, spec.torch.pos.column, std::move(message),
                          std::move(hint)}});
}

TargetVersions detect(const Origin& origin, const std::string& torch_prefix) {
  auto detected = contract::detect_torch_version(torch_prefix);
  if (!detected) {
    fail(origin, "torch: auto found no torch under " + torch_prefix + ": " + detected.error,
         "name the version (torch: \"2.14\") or pass --torch-prefix for another installation");
  }
  const auto version = detected.torch->version;
  if (!contract::is_supported(version) && !contract::is_beyond_knowledge(version)) {
    fail(origin,
         "torch: auto found torch " + detected.torch->full_version + " (" + detected.torch->evidence.string() +
             "), which accelgen does not support; supported: " + contract::supported_versions_text(),
         "install a supported torch, or name a supported version to generate for it anyway");
  }
  return {version, version};
}

// A named target newer than the knowledge base: accepted when the tree already records it or when it is the torch
// installed under `torch_prefix`.
void check_beyond_knowledge(const Origin& origin, const TargetVersions& targets,
                            const std::string& torch_prefix, const std::optional<TargetVersions>& recorded) {
  if (recorded && *recorded == targets) return;
  const auto detected = contract::detect_torch_version(torch_prefix);
  if (detected && detected.torch->version == targets.max) return;
  const std::string found = detected ? "torch " + detected.torch->full_version + " is installed there ("
                                           + detected.torch->evidence.string() + ")"
                                     : detected.error;
  fail(origin,
       "torch " + targets.max.to_string() + " is newer than the newest release accelgen knows (" +
           contract::max_supported_version().to_string() + "); accelgen generates for it only against that torch "
           "installed, and looked under " + torch_prefix + ": " + found,
       contract::beyond_knowledge_hint(targets.max));
}

}  // namespace

TargetVersions resolve_targets(const DeviceSpec& spec, const std::string& override_text,
                               const std::string& torch_prefix, const std::optional<TargetVersions>& recorded,
                               const std::string& option_name) {
  const bool from_option = !override_text.empty();
  const Origin origin{spec, from_option, option_name};
  if (from_option && override_text == "auto") return detect(origin, torch_prefix);
  if (!from_option && spec.torch.kind == TorchRequest::Kind::Auto) return detect(origin, torch_prefix);
  constexpr auto accept = contract::BeyondKnowledge::Accept;
  const auto parsed = from_option ? contract::parse_torch_range(override_text, accept)
                                  : contract::parse_torch_range(spec.torch.min, spec.torch.max, accept);
  if (!parsed) fail(origin, parsed.problem, parsed.hint);
  if (contract::is_beyond_knowledge(parsed.range)) {
    check_beyond_knowledge(origin, parsed.range, torch_prefix, recorded);
  }
  return parsed.range;
}

}  // namespace accelgen
