// The one place where the typed rendering context (render/render_context.h) becomes Mustache data: every name a
// template can use is set here, and the display name is given only in its escaped forms (render/escape.h).
#pragma once

#include "render/mustache_renderer.h"
#include "render/render_context.h"

namespace accelgen {

TemplateData to_template_data(const RenderContext& ctx);

}  // namespace accelgen
