// Whether every torch a generation targets has the dtypes its spec names: a dtype c10::ScalarType gained after the
// oldest supported torch (float8_e8m0fnu) may be listed only when each targeted version has it.
#pragma once

#include "model/device_spec.h"
#include "plan/target_versions.h"

namespace accelgen {

/// Throws DiagnosticError at each `dtypes` or `unsupported_dtypes` entry that some targeted torch lacks (by the
/// knowledge-base change that added it to c10::ScalarType), naming the first release that has it.
void check_dtypes_available(const DeviceSpec& spec, const TargetVersions& targets);

}  // namespace accelgen
