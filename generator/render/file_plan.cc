#include "render/file_plan.h"

#include <stdexcept>

#include "model/host_files.h"

namespace accelgen {
namespace {

bool host_file_generated(const RenderContext& context, HostFile file) {
  const auto it = context.ops.host.find(std::string(host_file_name(file)));
  return it != context.ops.host.end() && it->second.generated;
}

}  // namespace

bool rule_matches(std::string_view rule_path, std::string_view template_path) {
  return rule_path.ends_with('/') ? template_path.starts_with(rule_path) : template_path == rule_path;
}

const std::vector<FileRule>& file_rules() {
  using enum FileCondition;
  static const std::vector<FileRule> rules = {
      {"csrc/generator.h", Generator},
      {"csrc/generator.cc", Generator},
      {"csrc/philox_state.h", Generator},
      {"csrc/host_allocator.h", PinnedMemory},
      {"csrc/host_allocator.cc", PinnedMemory},
      {"csrc/graph.h", GraphImplementation},
      {"csrc/graph.cc", GraphImplementation},
      {"csrc/ops/native/autocast.cc", Amp},
      {"csrc/serialization.h", Serialization},
      {"csrc/serialization.cc", Serialization},
      {"csrc/profiler/", Profiler},
      {"src/__package__/profiler.py", Profiler},
      {"tests/test_profiler.py", Profiler},
      {"csrc/distributed/", Distributed},
      {"src/__package__/distributed.py", Distributed},
      {"tests/test_distributed.py", Distributed},
      {"benchmarks/bench_distributed.py", Distributed},
      {"csrc/compile/", Compile},
      {"src/__package__/_compile/fake_tensors.py", CompileWithSerialization},
      {"src/__package__/_compile/", Compile},
      {"tests/test_compile.py", Compile},
      {"tests/test_compile_aten_program.py", Compile},
      {"benchmarks/bench_compile.py", Compile},
      {"csrc/ops/cpu_bridge.h", CpuBridge},
      {"csrc/ops/cpu_bridge.cc", CpuBridge},
      {"csrc/ops/quantized.cc", Quantized},
      {"cmake/torch_features.cmake", TorchFeatureProbes},
  };
  return rules;
}

FileCondition file_condition(std::string_view template_path) {
  for (const auto& rule : file_rules()) {
    if (rule_matches(rule.path, template_path)) return rule.condition;
  }
  return FileCondition::Always;
}

bool holds(FileCondition condition, const RenderContext& context) {
  const Capabilities& caps = context.caps;
  switch (condition) {
    case FileCondition::Always: return true;
    case FileCondition::Generator: return caps.generator;
    case FileCondition::PinnedMemory: return caps.pinned_memory;
    case FileCondition::GraphImplementation: return caps.graphs && context.features.at("graph_impl").has;
    case FileCondition::Amp: return caps.amp;
    case FileCondition::Serialization: return caps.serialization;
    case FileCondition::Profiler: return caps.profiler;
    case FileCondition::Distributed: return caps.distributed;
    case FileCondition::Compile: return caps.compile;
    case FileCondition::CompileWithSerialization: return caps.compile && caps.serialization;
    case FileCondition::CpuBridge: return host_file_generated(context, HostFile::CpuBridge);
    case FileCondition::Quantized: return host_file_generated(context, HostFile::Quantized);
    case FileCondition::TorchFeatureProbes: return !context.torch_probes.cxx.empty();
  }
  throw std::logic_error("unknown file condition");
}

}  // namespace accelgen
