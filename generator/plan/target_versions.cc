#include "plan/target_versions.h"

#include "spec/diagnostic.h"

namespace accelgen {

std::string TargetVersions::display() const {
  return contract::TorchRange{min, max}.display();
}

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
  std::string min_text = spec.torch.min, max_text = spec.torch.max;
  if (from_option) {
    if (override_text == "auto") return detect(spec, true, torch_prefix);
    const auto colon = override_text.find(':');
    min_text = override_text.substr(0, colon);
    max_text = colon == std::string::npos ? min_text : override_text.substr(colon + 1);
  } else if (spec.torch.kind == TorchRequest::Kind::Auto) {
    return detect(spec, false, torch_prefix);
  }
  for (const auto& text : {min_text, max_text}) {
    if (auto problem = contract::torch_version_problem(text); !problem.empty()) {
      fail(spec, from_option, problem, "use one version (\"2.14\") or a range (\"2.6:2.14\" on the command line)");
    }
  }
  contract::TorchRange range{*contract::TorchVersion::parse(min_text), *contract::TorchVersion::parse(max_text)};
  if (auto problem = contract::validate_range(range); !problem.empty()) {
    fail(spec, from_option, problem, "the lower bound comes first");
  }
  return {range.min, range.max};
}

}  // namespace accelgen
