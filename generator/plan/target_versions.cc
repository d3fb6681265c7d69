#include "plan/target_versions.h"

#include "base/diagnostic.h"

namespace accelgen {

namespace {

[[noreturn]] void fail(const DeviceSpec& spec, bool from_option, std::string message, std::string hint) {
  if (from_option) throw DiagnosticError({{"--torch", 0, 0, std::move(message), std::move(hint)}});
  throw DiagnosticError({{spec.source, spec.torch.pos.line, spec.torch.pos.column, std::move(message),
                          std::move(hint)}});
}

TargetVersions detect(const DeviceSpec& spec, bool from_option, const std::string& torch_prefix) {
  auto detected = contract::detect_torch_version(torch_prefix);
  if (!detected) {
    fail(spec, from_option, "torch: auto found no torch under " + torch_prefix + ": " + detected.error,
         "name the version (torch: \"2.14\") or pass --torch-prefix for another installation");
  }
  const auto version = detected.torch->version;
  if (!contract::is_supported(version)) {
    fail(spec, from_option,
         "torch: auto found torch " + detected.torch->full_version + " (" + detected.torch->evidence.string() +
             "), which accelgen does not support; supported: " + contract::supported_versions_text(),
         "install a supported torch, or name a supported version to generate for it anyway");
  }
  return {version, version};
}

}  // namespace

TargetVersions resolve_targets(const DeviceSpec& spec, const std::string& override_text,
                               const std::string& torch_prefix) {
  const bool from_option = !override_text.empty();
  if (from_option && override_text == "auto") return detect(spec, true, torch_prefix);
  if (!from_option && spec.torch.kind == TorchRequest::Kind::Auto) return detect(spec, false, torch_prefix);
  const auto parsed = from_option ? contract::parse_torch_range(override_text)
                                  : contract::parse_torch_range(spec.torch.min, spec.torch.max);
  if (!parsed) fail(spec, from_option, parsed.problem, parsed.hint);
  return parsed.range;
}

}  // namespace accelgen
