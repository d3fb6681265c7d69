// Which of the backend's templates become files: decided from the typed render context before anything renders,
// so that a file exists because the model says so, never because its render happened to come out empty.
#pragma once

#include <string_view>
#include <vector>

#include "render/render_context.h"

namespace accelgen {

/// What a template's file needs to exist. `Always` for every template no rule names.
enum class FileCondition {
  Always,
  Generator,                // capabilities.generator
  PinnedMemory,             // capabilities.pinned_memory
  GraphImplementation,      // capabilities.graphs, in a torch with the graph interface (features.graph_impl)
  Amp,                      // capabilities.amp
  Serialization,            // capabilities.serialization
  Profiler,                 // capabilities.profiler
  Distributed,              // capabilities.distributed
  Compile,                  // capabilities.compile
  CompileWithSerialization, // capabilities.compile and capabilities.serialization
  CpuBridge,                // the CPU bridge host file registers an operator (the CPU fallback, a bridge)
  Quantized,                // the quantized host file registers an operator
  TorchFeatureProbes,       // a torch feature is probed at build time (a range, or beyond the knowledge base)
};

/// One rule: the template (its path under templates/backend/ without `.mustache`, placeholders unreplaced) or, for
/// a path ending in `/`, every template under that folder.
struct FileRule {
  std::string_view path;
  FileCondition condition;
};

/// Every rule. The first that matches a template decides (a file comes before its folder's rule); every rule
/// matches a template that no earlier rule matches (a test checks).
const std::vector<FileRule>& file_rules();

/// Whether a rule's path names a template: the template itself, or a folder above it (a path ending in `/`).
bool rule_matches(std::string_view rule_path, std::string_view template_path);

/// The condition of a template, by its path under templates/backend/ without `.mustache`.
FileCondition file_condition(std::string_view template_path);

/// Whether the condition holds for this backend.
bool holds(FileCondition condition, const RenderContext& context);

}  // namespace accelgen
