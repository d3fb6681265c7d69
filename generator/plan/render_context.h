// Builds the Mustache rendering context (docs/template-context.md) from a validated spec and its target versions.
#pragma once

#include "model/device_spec.h"
#include "plan/target_versions.h"
#include "render/mustache_renderer.h"

namespace accelgen {

TemplateData build_render_context(const DeviceSpec& spec, const TargetVersions& targets);

}  // namespace accelgen
