// Files compiled into the accelgen binary: templates/, knowledge/ and the simulated runtime's sources.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace accelgen::embedded {

struct EmbeddedFile {
  std::string_view path;     // relative to the repository root, e.g. "templates/backend/CMakeLists.txt.mustache"
  std::string_view content;
};

/// Every embedded file, sorted by path.
const std::vector<EmbeddedFile>& all_files();

/// SHA-256 (hex) over the paths and contents of every embedded file, computed by CMake at build time: two builds
/// with the same fingerprint render the same output from the same spec, torch target and accelgen version.
std::string_view fingerprint();

/// The content of one embedded file, if present.
std::optional<std::string_view> file(std::string_view path);

/// The embedded files whose path starts with `prefix` (for example "templates/backend/"), sorted by path.
std::vector<EmbeddedFile> files_under(std::string_view prefix);

}  // namespace accelgen::embedded
