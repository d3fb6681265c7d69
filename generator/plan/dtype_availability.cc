#include "plan/dtype_availability.h"

#include <stdexcept>

#include "base/diagnostic.h"
#include "model/dtypes.h"
#include "plan/version_knowledge.h"

namespace accelgen {

namespace {

void check_list(const DeviceSpec& spec, const TargetVersions& targets, const std::vector<std::string>& names,
                const std::string& key, std::vector<Diagnostic>& problems) {
  for (const std::string& name : names) {
    const DtypeInfo info = *find_dtype(name);
    if (info.added_by_change.empty()) continue;
    const contract::Change* change = version_knowledge().find(info.added_by_change);
    if (change == nullptr) {
      throw std::logic_error("dtype " + name + ": no knowledge-base change " + info.added_by_change);
    }
    if (change->landing.in(targets.min) == contract::Landing::Presence::Present) continue;
    const auto at = spec.dtype_positions.find(name);
    const SourcePos pos = at != spec.dtype_positions.end() ? at->second : SourcePos{};
    problems.push_back({spec.source, pos.line, pos.column,
                        key + " names " + name + ", which torch " + targets.min.to_string() +
                            " does not have (c10::ScalarType::" + info.scalar_type + " came in torch " +
                            change->landing.display() + "); this spec targets torch " + targets.display(),
                        "target torch " + change->landing.oldest_with.to_string() +
                            " or later (torch: \"" + change->landing.oldest_with.to_string() +
                            "\", or auto with that torch installed), or remove " + name + " from " + key});
  }
}

}  // namespace

void check_dtypes_available(const DeviceSpec& spec, const TargetVersions& targets) {
  std::vector<Diagnostic> problems;
  check_list(spec, targets, spec.dtypes, "dtypes", problems);
  check_list(spec, targets, spec.unsupported_dtypes, "unsupported_dtypes", problems);
  if (!problems.empty()) throw DiagnosticError(std::move(problems));
}

}  // namespace accelgen
