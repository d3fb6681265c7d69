// Renders the whole backend for a spec and its target torch versions into memory.
#pragma once

#include <map>
#include <string>

#include "output/file_set.h"
#include "plan/target_versions.h"
#include "render/mustache_renderer.h"
#include "spec/device_spec.h"

namespace accelgen {

/// Every file of the backend: the rendered templates/backend/ tree and the bundled runtime (third_party/accelsim).
/// `spec_file_name` is how headers name the spec (relative to the backend: "accelgen.yaml").
/// Deterministic: the same inputs give byte-identical output.
FileSet render_backend(const DeviceSpec& spec, const TargetVersions& targets,
                       const std::string& spec_file_name = "accelgen.yaml");

/// One rendered template, before the file header is added.
struct RenderedBody {
  std::string body;
  FileOwner owner = FileOwner::Generated;
};

/// The templates/backend/ tree rendered with `ctx`, by output path, without file headers. Templates whose body
/// is only whitespace are absent (a capability the spec turns off drops the whole file). render_backend is built
/// on this; upgrade guidance uses it to render with a modified context.
std::map<std::string, RenderedBody> render_template_bodies(const DeviceSpec& spec, const TemplateData& ctx);

/// The commented spec `accelgen init NAME` writes (templates/spec/accelgen.yaml.mustache); `torch_yaml` is the
/// YAML spelling of its torch field: "\"2.14\"", "{min: \"2.6\", max: \"2.14\"}" or "auto".
std::string render_initial_spec(const std::string& name, const std::string& torch_yaml);

/// The comment that opens a generated file, in the file type's comment syntax (empty for formats without
/// comments, such as JSON).
std::string file_header(const std::string& path, const std::string& origin_note);

}  // namespace accelgen
