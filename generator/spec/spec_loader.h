// Reads accelgen.yaml into a DeviceSpec, checking every key and value. Errors are collected (not just the first)
// and thrown together as a DiagnosticError, each with file:line:column, what was expected and a suggestion.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "model/device_spec.h"
#include "spec/spec_text.h"

namespace accelgen {

/// Parses spec text. `source_name` is how messages name the file.
DeviceSpec parse_spec(std::string_view yaml_text, std::string_view source_name);

/// Reads and parses a spec file; an unreadable file is a DiagnosticError too.
DeviceSpec load_spec(const std::filesystem::path& path);

}  // namespace accelgen
