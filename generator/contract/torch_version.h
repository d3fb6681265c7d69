// Torch versions accelgen targets: parsing, the supported set, and detection of an installed torch.
#pragma once

#include <compare>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelgen::contract {

/// A torch release line, MAJOR.MINOR. Patch levels and local suffixes are irrelevant to the contract.
struct TorchVersion {
  int major = 0;
  int minor = 0;

  /// Accepts "2.14", "2.14.1", "2.14.1+debian", "2.14.0a0+git1234", "v2.14" (surrounding blanks ignored).
  /// Rejects anything without a numeric MAJOR.MINOR prefix ("2", "2.x", "", "two").
  static std::optional<TorchVersion> parse(std::string_view text);

  std::string to_string() const;  // "2.14"

  friend constexpr auto operator<=>(const TorchVersion&, const TorchVersion&) = default;
  friend constexpr bool operator==(const TorchVersion&, const TorchVersion&) = default;
};

/// An inclusive range of torch versions. min == max targets one version.
struct TorchRange {
  TorchVersion min;
  TorchVersion max;

  bool single() const { return min == max; }
  bool contains(TorchVersion v) const { return min <= v && v <= max; }
  std::string display() const;  // "2.14" or "2.6 to 2.14"

  friend constexpr bool operator==(const TorchRange&, const TorchRange&) = default;
};

/// Every supported version, ascending: 2.6, 2.7, ..., 2.14 (knowledge/torch-versions.yaml, see torch_support.h).
const std::vector<TorchVersion>& supported_versions();
TorchVersion min_supported_version();
TorchVersion max_supported_version();
bool is_supported(TorchVersion v);

/// "2.6 to 2.14 (2.6, 2.7, 2.8, 2.9, 2.10, 2.11, 2.12, 2.13, 2.14)".
std::string supported_versions_text();

/// True for a release newer than the newest one the knowledge base knows (max_supported_version()). accelgen
/// generates for such a release only when it is installed (`--torch auto --torch-prefix`): the tree is generated
/// for the newest known contract, with every feature that can be probed left to its build-time probe.
bool is_beyond_knowledge(TorchVersion v);
/// True when the range reaches beyond the knowledge base (its max is).
bool is_beyond_knowledge(const TorchRange& range);

/// Whether a version newer than the knowledge base is acceptable where a version is read. Refuse: it is a problem
/// that says how to name the installed torch instead. Accept: the caller checks it against the installed torch.
enum class BeyondKnowledge { Refuse, Accept };

/// Empty when `text` names a supported version (or, with BeyondKnowledge::Accept, a newer one); otherwise one
/// sentence saying what is wrong and what is supported, e.g. "torch 1.13 is not supported; accelgen supports torch
/// 2.6 to 2.14 (2.6, 2.7, ...)".
std::string torch_version_problem(std::string_view text, BeyondKnowledge beyond = BeyondKnowledge::Refuse);

/// What to do about a version beyond the knowledge base: name the installed torch (--torch auto --torch-prefix).
std::string beyond_knowledge_hint(TorchVersion v);

/// Empty when every version of `range` is supported (or beyond the knowledge base, with BeyondKnowledge::Accept)
/// and min <= max; otherwise a message naming the offending bound(s) and listing what is supported.
std::string validate_range(const TorchRange& range, BeyondKnowledge beyond = BeyondKnowledge::Refuse);

/// The result of parse_torch_range: `range` when `problem` is empty, else what is wrong and a hint.
struct RangeParse {
  TorchRange range;
  std::string problem;
  std::string hint;
  explicit operator bool() const { return problem.empty(); }
};

/// The one parser of a torch target: "2.14" (one version) or "2.6:2.14" (a range), every bound supported (or,
/// with BeyondKnowledge::Accept, newer than the knowledge base).
RangeParse parse_torch_range(std::string_view text, BeyondKnowledge beyond = BeyondKnowledge::Refuse);
/// The same from its two bounds (a spec's `torch: {min, max}`).
RangeParse parse_torch_range(std::string_view min_text, std::string_view max_text,
                             BeyondKnowledge beyond = BeyondKnowledge::Refuse);

/// An installed torch found on disk.
struct DetectedTorch {
  TorchVersion version;
  std::string full_version;         // as written there, e.g. "2.14.1" (from version.h: "2.14.1" or "2.14")
  std::filesystem::path evidence;   // the file the version was read from
};

/// Result of detect_torch_version: `torch` is set on success, otherwise `error` says where it looked.
struct DetectResult {
  std::optional<DetectedTorch> torch;
  std::string error;
  explicit operator bool() const { return torch.has_value(); }
};

/// Finds the torch version installed under `prefix`. `prefix` may be an installation prefix (/usr, /usr/local, a
/// conda env; reads lib/cmake/Torch/TorchConfigVersion.cmake, lib/<multiarch>/cmake/Torch/..., share/cmake/Torch/...
/// or include/torch/csrc/api/include/torch/version.h, following torch/headeronly/version.h), a root filesystem
/// (usr/...), a Python site-packages directory that contains torch/, the torch package directory itself (a pip
/// wheel: share/cmake/Torch, include/..., version.py), a virtual environment (lib/python3.*/site-packages/torch),
/// or one of those files directly (contract/torch_layout.h). The version is not checked against the supported set:
/// pass it to validate_range() for that.
DetectResult detect_torch_version(const std::filesystem::path& prefix);

}  // namespace accelgen::contract
