// The generation pipeline shared by init and generate: spec -> targets -> rendered files -> tree inputs.
#pragma once

#include <optional>
#include <string>

#include "model/device_spec.h"
#include "output/manifest.h"
#include "output/tree_writer.h"
#include "output/up_to_date.h"
#include "plan/target_versions.h"

namespace accelgen {

struct GenerationRequest {
  std::string spec_text;        // the spec as written on disk
  std::string spec_source;      // how messages name it
  std::string torch_override;   // --torch, or empty
  std::string torch_prefix = "/usr";  // where `auto` looks for torch
  /// The target the tree's manifest records, if any: a release newer than the knowledge base stays a target when the
  /// tree was generated for it (plan/target_versions.h).
  std::optional<TargetVersions> recorded_targets;
};

/// The target a manifest records (its torch_min and torch_max), if both read as versions.
std::optional<TargetVersions> recorded_targets(const Manifest& manifest);

struct Generation {
  DeviceSpec spec;
  TargetVersions targets;
  TreeInputs inputs;
};

struct ResolvedRequest {
  DeviceSpec spec;
  TargetVersions targets;
};

/// Validates the spec and resolves the torch target (cheap: renders nothing); throws DiagnosticError.
ResolvedRequest resolve_request(const GenerationRequest& request);

/// What rendering `resolved` would depend on, for the no-op fast path (output/up_to_date.h).
RecordedInputs recorded_inputs(const GenerationRequest& request, const ResolvedRequest& resolved);

/// Renders a resolved request. Touches no file.
Generation render_generation(const GenerationRequest& request, ResolvedRequest resolved);

/// Validates, resolves and renders; throws DiagnosticError on bad input. Touches no file.
Generation prepare_generation(const GenerationRequest& request);

}  // namespace accelgen
