// The torch version knowledge base (knowledge/torch-changes.yaml): every PrivateUse1 contract change, the named
// features templates test, and the patterns used to scan a user's own code.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "base/strict_yaml.h"
#include "contract/torch_support.h"
#include "contract/torch_version.h"

namespace accelgen::contract {

/// How a change hits a backend, declared most severe first: the numeric order is the guidance order.
/// `Rebuild` (binary-only incompatibility) sits after RuntimeError: an un-rebuilt backend fails at load time,
/// which is a runtime failure, but the fix is mechanical and needs no source change.
enum class ChangeKind {
  CompileError = 0,
  RuntimeError = 1,
  Rebuild = 2,
  BehaviourChange = 3,
  Deprecation = 4,
  NewFeature = 5,
};

/// 0 = most severe.
constexpr int severity_rank(ChangeKind k) { return static_cast<int>(k); }
/// The YAML spelling: "compile-error", "runtime-error", "rebuild", "behaviour-change", "deprecation", "new-feature".
std::string_view to_string(ChangeKind k);
/// Human wording for guidance: "compile error", "runtime error or crash", "rebuild required", ...
std::string_view describe(ChangeKind k);
std::optional<ChangeKind> parse_change_kind(std::string_view text);

/// The component values the knowledge base accepts.
const std::vector<std::string>& known_components();
/// A way to find an affected use in the user's own code. Regexes use ECMAScript syntax (std::regex) and are
/// matched one line at a time.
struct Pattern {
  enum class Kind {
    Match,    // `regex` is reported on every line it matches (in files that match `requires_regex`, if given)
    Missing,  // a file matching `requires_regex` that nowhere matches `missing_regex` is reported at its first
              // `requires_regex` line
  };
  Kind kind = Kind::Match;
  std::string regex;           // Match
  std::string requires_regex;  // optional for Match, required for Missing
  std::string missing_regex;   // Missing
  std::vector<std::string> files;  // fnmatch(3) globs on the file name, e.g. "*.cc", "CMakeLists.txt"
  std::string message;
  std::string fix;
  int line = 0;  // 1-based position in the knowledge base
};

/// When a change landed, as far as installed releases and upstream evidence prove it: the newest release known
/// without the change and the oldest known with it. Exact when the two are consecutive minors; otherwise the change
/// landed in some release after `newest_without`, no later than `oldest_with`, and a release in between may or may
/// not have it. Generated code never guesses: it detects such changes in the installed torch (Feature::probe).
struct Landing {
  TorchVersion newest_without;
  TorchVersion oldest_with;

  enum class Presence { Absent, Present, Unknown };
  /// Absent at or before newest_without, present from oldest_with on, unknown in between.
  Presence in(TorchVersion v) const;
  /// True when oldest_with is the minor release right after newest_without.
  bool exact() const;
  /// "2.14" when exact, "2.7 to 2.11" (the releases it may have landed in) otherwise.
  std::string display() const;

  friend bool operator==(const Landing&, const Landing&) = default;
};

/// How a generated backend tells whether the torch it is built or run against has a feature.
struct Probe {
  enum class Kind {
    Cxx,     // `source` compiles against the installed torch's headers only when the feature is there (CMake probe)
    Python,  // `source` is the body of a Python function returning True when the installed torch has the feature
    None,    // nothing can be probed; `source` says why (the generated code falls back to a version guard)
  };
  Kind kind = Kind::None;
  std::string source;
};

struct Change {
  std::string id;
  std::string component;
  Landing landing;
  ChangeKind kind = ChangeKind::NewFeature;
  std::string feature;  // empty: no generated-code switch
  std::string summary;
  std::string explanation;
  std::string generated_change;
  std::string user_action;  // may be empty
  /// What a user can open to read more: public pytorch/pytorch URLs (pull requests, issues, commits, headers at a
  /// release tag) or sections of this project's docs ("docs/torch-contract-changes.md#hooks"). Checked at load.
  std::vector<std::string> references;
  std::string applies_when;  // empty: always applies
  std::vector<Pattern> patterns;
  /// Contract items (accelgen contract-diff ids such as "virtual:at::PrivateUse1HooksInterface::isAvailable",
  /// "macro:REGISTER_HOST_ALLOCATOR", "enum:c10::DispatchKey::Named") this change explains. Optional.
  std::vector<std::string> contract_items;
  /// How generated code detects the change's feature; given on exactly one change of each feature.
  std::optional<Probe> probe;
  int line = 0;    // 1-based position of the entry in the knowledge base
  int column = 0;

  /// True when the change matters for a backend with these capabilities on (always when applies_when is empty).
  bool applies_to(const std::set<std::string>& enabled_capabilities) const;
};

/// A feature: the switch templates test. All changes of a feature share their landing (checked at load), and
/// exactly one of them gives the probe.
struct Feature {
  std::string id;
  Landing landing;
  Probe probe;
  std::vector<std::string> change_ids;  // in knowledge-base order; the first one names the feature in `compat`
  std::string summary;                  // summary of the first change
};

/// The template view of one feature for a targeted range (docs/template-context.md "Features").
/// has   = some targeted version may have the feature (emit the new code)
/// lacks = some targeted version may lack it (emit the old code)
/// mixed = has && lacks: the caller wraps both in a guard that detects the feature in the installed torch
///         (the probe's macro, e.g. MYDEVICE_TORCH_HAS_DEVICE_ALLOCATOR, or torch_has("...") in Python)
struct FeatureFlags {
  bool has = false;
  bool lacks = false;
  bool mixed = false;
  Landing landing;
  std::string compat_note;  // "COMPAT(torch 2.7 to 2.11): <summary of the first change of the feature>"
};

/// Thrown by KnowledgeBase::load; what() is "<origin>:<line>:<column>: error: <message>".
using KnowledgeBaseError = DataFileError;

class KnowledgeBase {
 public:
  /// Parses and validates the YAML strictly: unknown keys, missing required fields, bad values, duplicate ids,
  /// invalid regexes, and features whose changes disagree on their landing or that lack a probe throw
  /// KnowledgeBaseError with the position. So does a change that breaks the dating rule, checked against `support`
  /// (knowledge/torch-versions.yaml): newest_without must come before oldest_with, oldest_with must not be after the
  /// newest known release (support.max), and a change with an oldest_with after the oldest examined release that is
  /// not dated between two examined releases must name its evidence in `references` (an upstream pull request or
  /// docs/torch-contract-changes.md#dating).
  static KnowledgeBase load(std::string_view yaml_text, std::string_view origin_name,
                            const TorchSupport& support = torch_support());
  static KnowledgeBase load_file(const std::filesystem::path& path, const TorchSupport& support = torch_support());

  const std::vector<Change>& changes() const { return changes_; }
  const Change* find(std::string_view id) const;
  /// The changes whose contract_items name `item_id` (knowledge-base order).
  std::vector<const Change*> explaining(std::string_view item_id) const;

  /// Changes that may have landed after `from`, up to `to` (absent or unknown at `from`, present or unknown at
  /// `to`), most severe first; ties by landing, then knowledge-base order. Whether a listed change is known to be
  /// new in the step is `is_known_between`.
  std::vector<const Change*> changes_between(TorchVersion from, TorchVersion to) const;
  /// Same, keeping only changes that apply to a backend with these capabilities.
  std::vector<const Change*> changes_between(TorchVersion from, TorchVersion to,
                                             const std::set<std::string>& enabled_capabilities) const;

  const std::map<std::string, Feature>& features() const { return features_; }
  const Feature* feature(std::string_view id) const;

  /// Flags for every feature id of the knowledge base. A range reaching beyond the newest known release
  /// (support.max) leaves every feature that has a probe to it (mixed), however long ago it landed.
  std::map<std::string, FeatureFlags> features_for(const TorchRange& range) const;
  static FeatureFlags flags_for(const Feature& feature, const TorchRange& range, TorchVersion newest_known);

  /// The newest release the knowledge base knows (knowledge/torch-versions.yaml supported.max).
  TorchVersion newest_known() const { return newest_known_; }

 private:
  TorchVersion newest_known_;
  std::vector<Change> changes_;
  std::map<std::string, Feature> features_;
};

/// True when `change` is known absent at `from` and known present at `to`; otherwise it may fall on either side.
bool is_known_between(const Change& change, TorchVersion from, TorchVersion to);

/// Severity order used by changes_between: kind, then landing, then knowledge-base line.
bool more_severe_first(const Change& a, const Change& b);

}  // namespace accelgen::contract
