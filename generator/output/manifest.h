// .accelgen/manifest.json: what the last generation wrote, so the next one can tell the user's edits from ours.
// Beside it, .accelgen/pristine/<path> keeps each generated file exactly as generated: the common ancestor of
// the three-way merge. Never edit either by hand.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "output/file_set.h"

namespace accelgen {

inline constexpr const char* kManifestPath = ".accelgen/manifest.json";
inline constexpr const char* kPristineDir = ".accelgen/pristine/";

struct ManifestEntry {
  FileOwner owner = FileOwner::Generated;
  std::string blob_id;  // git blob id (SHA-1) of the content as generated: `git hash-object FILE` matches it
};

struct Manifest {
  std::string accelgen_version;
  std::string spec_file = "accelgen.yaml";
  std::string spec_blob_id;
  std::string torch_min;
  std::string torch_max;
  std::map<std::string, ManifestEntry> files;

  std::string to_json() const;  // deterministic: sorted keys, two-space indent, trailing newline
  static Manifest from_json(const std::string& text, const std::string& origin);
};

/// The git blob id of `content` (what `git hash-object` prints).
std::string blob_id(const std::string& content);

/// Reads DIR/.accelgen/manifest.json; nullopt if absent. Throws DiagnosticError if unreadable.
std::optional<Manifest> read_manifest(const std::filesystem::path& dir);

}  // namespace accelgen
