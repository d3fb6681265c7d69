// What the templates know about torch features (knowledge/torch-changes.yaml) for the targeted versions:
// `features.<id>` flags and `torch_probes` (docs/template-context.md "Features").
#pragma once

#include <string>

#include "plan/target_versions.h"
#include "render/render_context.h"

namespace accelgen {

/// `features.<id>` for every feature of the knowledge base: {has, lacks, mixed, guard_cpp, guard_py, compat,
/// compat_lines, landing}.
std::map<std::string, FeatureEntry> build_feature_flags(const TargetVersions& targets, const std::string& macro_prefix);
/// torch_probes for templates: the features the targeted range straddles, by how the generated code detects them
/// (cxx: a configure-time compile probe; python: a function run on first use; version_only: nothing can be probed).
TorchProbes build_torch_probes(const TargetVersions& targets, const std::string& macro_prefix);
/// The macro a C++ probe defines to 0 or 1: "MYDEVICE_TORCH_HAS_DEVICE_ALLOCATOR".
std::string probe_macro(const std::string& feature_id, const std::string& macro_prefix);

}  // namespace accelgen
