// .accelgen/manifest.json: what the last generation wrote, so the next one can tell the user's edits from ours.
// Beside it, .accelgen/spec.yaml keeps the spec exactly as that generation used it: with the manifest's torch
// target and accelgen version it rebuilds the merge base (docs/output-stage.md). Never edit either by hand.
// The manifest is untrusted input (a cloned repository can carry any): every path and id is checked on reading.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "render/file_set.h"

namespace accelgen {

inline constexpr const char* kStateDir = ".accelgen";
inline constexpr const char* kManifestPath = ".accelgen/manifest.json";
inline constexpr const char* kSpecCopyPath = ".accelgen/spec.yaml";
/// Where accelgen before 0.2 kept a full copy of every generated file; read (verified) and then removed.
inline constexpr const char* kLegacyPristineDir = ".accelgen/pristine";

struct ManifestEntry {
  FileOwner owner = FileOwner::Generated;
  std::string blob_id;  // git blob id (SHA-1) of the content as generated: `git hash-object FILE` matches it
  bool conflicted = false;  // left with conflict markers; listed by every generate until they are gone
};

struct Manifest {
  std::string accelgen_version;
  // embedded::fingerprint() of the build that wrote the tree ("" in manifests written before it was recorded).
  std::string embedded_fingerprint;
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

/// Reads DIR/.accelgen/manifest.json; nullopt if absent. Throws DiagnosticError if unreadable, damaged, or
/// naming an unsafe path (absolute, "..", inside .accelgen/ or .git/) or a malformed blob id.
std::optional<Manifest> read_manifest(const std::filesystem::path& dir);

/// Whether `text` still holds a conflict block (a line starting "<<<<<<< " and a later ">>>>>>> ").
bool has_conflict_markers(std::string_view text);

}  // namespace accelgen
