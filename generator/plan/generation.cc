#include "plan/generation.h"

#include <accelgen_version.h>

#include "plan/backend_renderer.h"
#include "spec/spec_loader.h"

namespace accelgen {

Generation prepare_generation(const GenerationRequest& request) {
  DeviceSpec spec = parse_spec(request.spec_text, request.spec_source);
  TargetVersions targets = resolve_targets(spec, request.torch_override, request.torch_prefix);
  TreeInputs inputs;
  inputs.files = render_backend(spec, targets);
  inputs.spec_file = kSpecFileName;
  inputs.spec_content = request.spec_text;
  inputs.manifest.accelgen_version = kVersion;
  inputs.manifest.torch_min = targets.min.to_string();
  inputs.manifest.torch_max = targets.max.to_string();
  return {std::move(spec), targets, std::move(inputs)};
}

}  // namespace accelgen
