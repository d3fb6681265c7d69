// The generation pipeline shared by init and generate: spec -> targets -> rendered files -> tree inputs.
#pragma once

#include <string>

#include "output/tree_writer.h"
#include "plan/target_versions.h"
#include "spec/device_spec.h"

namespace accelgen {

struct GenerationRequest {
  std::string spec_text;        // the spec as written on disk
  std::string spec_source;      // how messages name it
  std::string torch_override;   // --torch, or empty
  std::string torch_prefix = "/usr";  // where `auto` looks for torch
};

struct Generation {
  DeviceSpec spec;
  TargetVersions targets;
  TreeInputs inputs;
};

/// Validates, resolves and renders; throws DiagnosticError on bad input. Touches no file.
Generation prepare_generation(const GenerationRequest& request);

}  // namespace accelgen
