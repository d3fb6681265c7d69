#include "output/generation.h"

#include <accelgen_version.h>

#include "embed/embedded_files.h"
#include "plan/dtype_availability.h"
#include "render/backend_renderer.h"
#include "spec/spec_loader.h"

namespace accelgen {

ResolvedRequest resolve_request(const GenerationRequest& request) {
  DeviceSpec spec = parse_spec(request.spec_text, request.spec_source);
  TargetVersions targets =
      resolve_targets(spec, request.torch_override, request.torch_prefix, request.recorded_targets);
  check_dtypes_available(spec, targets);
  return {std::move(spec), targets};
}

std::optional<TargetVersions> recorded_targets(const Manifest& manifest) {
  const auto min = contract::TorchVersion::parse(manifest.torch_min);
  const auto max = contract::TorchVersion::parse(manifest.torch_max);
  if (!min || !max) return std::nullopt;
  return TargetVersions{*min, *max};
}

RecordedInputs recorded_inputs(const GenerationRequest& request, const ResolvedRequest& resolved) {
  return {request.spec_text, kVersion, std::string(embedded::fingerprint()), resolved.targets.min.to_string(),
          resolved.targets.max.to_string()};
}

Generation render_generation(const GenerationRequest& request, ResolvedRequest resolved) {
  TreeInputs inputs;
  inputs.files = render_backend(resolved.spec, resolved.targets);
  inputs.moved_from = earlier_layout_paths(inputs.files, resolved.spec);
  inputs.spec_file = kSpecFileName;
  inputs.spec_content = request.spec_text;
  const RecordedInputs recorded = recorded_inputs(request, resolved);
  inputs.manifest.accelgen_version = recorded.accelgen_version;
  inputs.manifest.embedded_fingerprint = recorded.embedded_fingerprint;
  inputs.manifest.torch_min = recorded.torch_min;
  inputs.manifest.torch_max = recorded.torch_max;
  return {std::move(resolved.spec), resolved.targets, std::move(inputs)};
}

Generation prepare_generation(const GenerationRequest& request) {
  return render_generation(request, resolve_request(request));
}

}  // namespace accelgen
