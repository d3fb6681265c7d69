// The capability switches of a spec (`capabilities:` in accelgen.yaml): the one table every stage reads them from.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "model/device_spec.h"

namespace accelgen {

struct CapabilityInfo {
  std::string_view name;          // spec key, template switch (`caps.NAME`) and knowledge-base `applies_when`
  bool Capabilities::*field;      // where a validated spec keeps it
  std::string_view prerequisite;  // what building it needs beyond python3-torch and libtorch-dev ("" if nothing)
  std::string_view without;       // what a build without the prerequisite leaves out ("" if nothing)
};

/// Every capability, in the order the spec template lists them.
const std::vector<CapabilityInfo>& capability_table();

/// The capability names, in table order.
std::vector<std::string> capability_names();

/// The names of the capabilities `caps` turns on.
std::set<std::string> enabled_capabilities(const Capabilities& caps);

}  // namespace accelgen
