// Builds the Mustache rendering context (docs/template-context.md) from a validated spec and its target versions.
#pragma once

#include "model/device_spec.h"
#include "model/operator_catalog.h"
#include "plan/target_versions.h"
#include "render/mustache_renderer.h"

namespace accelgen {

/// `catalog`: the operators the spec's native list names (the embedded catalog; a test passes its own).
TemplateData build_render_context(const DeviceSpec& spec, const TargetVersions& targets,
                                  const OperatorCatalog& catalog = operator_catalog());

}  // namespace accelgen
