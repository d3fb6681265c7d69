#include "model/capabilities.h"

namespace accelgen {

const std::vector<CapabilityInfo>& capability_table() {
  static const std::vector<CapabilityInfo> table{
      {"streams", &Capabilities::streams, "", ""},
      {"events", &Capabilities::events, "", ""},
      {"generator", &Capabilities::generator, "", ""},
      {"pinned_memory", &Capabilities::pinned_memory, "", ""},
      {"graphs", &Capabilities::graphs, "", ""},
      {"amp", &Capabilities::amp, "", ""},
      {"serialization", &Capabilities::serialization, "", ""},
      {"autoload", &Capabilities::autoload, "", ""},
      {"profiler", &Capabilities::profiler, "libfmt-dev",
       "torch.profiler's device activity (autograd.profiler keeps device time)"},
      {"distributed", &Capabilities::distributed, "libgloo-dev", "the torch.distributed backend"},
      {"compile", &Capabilities::compile, "", ""},
  };
  return table;
}

std::vector<std::string> capability_names() {
  std::vector<std::string> names;
  for (const auto& c : capability_table()) names.emplace_back(c.name);
  return names;
}

std::set<std::string> enabled_capabilities(const Capabilities& caps) {
  std::set<std::string> on;
  for (const auto& c : capability_table()) {
    if (caps.*(c.field)) on.emplace(c.name);
  }
  return on;
}

}  // namespace accelgen
