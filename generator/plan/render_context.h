// Builds the Mustache rendering context (docs/template-context.md) from a validated spec and its target versions.
#pragma once

#include "plan/target_versions.h"
#include "render/mustache_renderer.h"
#include "spec/device_spec.h"

namespace accelgen {

TemplateData build_render_context(const DeviceSpec& spec, const TargetVersions& targets);

/// `features.<id>` for every feature of the knowledge base: {has, lacks, mixed, guard_cpp, guard_py, compat}.
TemplateData build_feature_flags(const TargetVersions& targets, const std::string& macro_prefix);

}  // namespace accelgen
