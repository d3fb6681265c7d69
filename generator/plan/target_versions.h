// The torch versions one generation targets, resolved from the spec's `torch:` field and `--torch`.
#pragma once

#include <optional>
#include <string>

#include "contract/torch_version.h"
#include "model/device_spec.h"

namespace accelgen {

/// The targeted torch versions: a contract::TorchRange (min == max for one version).
using TargetVersions = contract::TorchRange;

/// Resolves the spec's request, or `override_text` (the --torch option: "2.14", "2.6:2.14", "auto") when it is
/// not empty. `auto` detects the installed torch under `torch_prefix` (default: /usr). Throws DiagnosticError
/// with the position of the spec's torch field, or naming `option_name` (--torch, upgrade's --to), when the result
/// is unsupported.
///
/// A release newer than the knowledge base (contract::is_beyond_knowledge) is a target only when accelgen can see
/// it is real: `auto` found it under `torch_prefix`, a named version is the one installed there, or `recorded` (the
/// target the tree's manifest records, which an earlier run checked that way) is the same target.
TargetVersions resolve_targets(const DeviceSpec& spec, const std::string& override_text,
                               const std::string& torch_prefix = "/usr",
                               const std::optional<TargetVersions>& recorded = std::nullopt,
                               const std::string& option_name = "--torch");

}  // namespace accelgen
