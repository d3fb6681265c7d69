// The torch versions one generation targets, resolved from the spec's `torch:` field and `--torch`.
#pragma once

#include <string>

#include "contract/torch_version.h"
#include "model/device_spec.h"

namespace accelgen {

/// The targeted torch versions: a contract::TorchRange (min == max for one version).
using TargetVersions = contract::TorchRange;

/// Resolves the spec's request, or `override_text` (the --torch option: "2.14", "2.6:2.14", "auto") when it is
/// not empty. `auto` detects the installed torch under `torch_prefix` (default: /usr). Throws DiagnosticError
/// with the position of the spec's torch field, or naming --torch, when the result is unsupported.
TargetVersions resolve_targets(const DeviceSpec& spec, const std::string& override_text,
                               const std::string& torch_prefix = "/usr");

}  // namespace accelgen
