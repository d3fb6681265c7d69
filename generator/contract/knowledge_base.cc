#include "contract/knowledge_base.h"

#include <fnmatch.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <regex>
#include <sstream>
#include <system_error>

#include "base/strict_yaml.h"
#include "model/capabilities.h"

namespace accelgen::contract {

namespace fs = std::filesystem;

// ------------------------------------------------------------------------------------------------ enums

std::string_view to_string(ChangeKind k) {
  switch (k) {
    case ChangeKind::CompileError: return "compile-error";
    case ChangeKind::RuntimeError: return "runtime-error";
    case ChangeKind::Rebuild: return "rebuild";
    case ChangeKind::BehaviourChange: return "behaviour-change";
    case ChangeKind::Deprecation: return "deprecation";
    case ChangeKind::NewFeature: return "new-feature";
  }
  return "?";
}

std::string_view describe(ChangeKind k) {
  switch (k) {
    case ChangeKind::CompileError: return "compile error";
    case ChangeKind::RuntimeError: return "runtime error or crash";
    case ChangeKind::Rebuild: return "rebuild required";
    case ChangeKind::BehaviourChange: return "behaviour change";
    case ChangeKind::Deprecation: return "deprecation";
    case ChangeKind::NewFeature: return "new optional feature";
  }
  return "?";
}

std::optional<ChangeKind> parse_change_kind(std::string_view text) {
  for (auto k : {ChangeKind::CompileError, ChangeKind::RuntimeError, ChangeKind::Rebuild,
                 ChangeKind::BehaviourChange, ChangeKind::Deprecation, ChangeKind::NewFeature}) {
    if (to_string(k) == text) return k;
  }
  return std::nullopt;
}

const std::vector<std::string>& known_components() {
  static const std::vector<std::string> v{"hooks", "guard", "device-allocator", "host-allocator", "generator",
                                          "graph", "profiler", "tensor-impl", "build", "python-module",
                                          "tests", "dispatch", "autocast", "serialization", "abi", "distributed"};
  return v;
}

// ------------------------------------------------------------------------------------------------ landing

Landing::Presence Landing::in(TorchVersion v) const {
  if (v <= newest_without) return Presence::Absent;
  if (v >= oldest_with) return Presence::Present;
  return Presence::Unknown;
}

bool Landing::exact() const {
  // Minor releases are consecutive within a major; 2.x to 3.0 never happens inside the supported range.
  return oldest_with.major == newest_without.major && oldest_with.minor == newest_without.minor + 1;
}

std::string Landing::display() const {
  if (exact()) return oldest_with.to_string();
  const TorchVersion first{newest_without.major, newest_without.minor + 1};
  return first.to_string() + " to " + oldest_with.to_string();
}

bool Change::applies_to(const std::set<std::string>& enabled_capabilities) const {
  return applies_when.empty() || enabled_capabilities.count(applies_when) > 0;
}

// ------------------------------------------------------------------------------------------------ loader

namespace {

bool is_kebab(const std::string& s) {
  static const std::regex re("^[a-z0-9]+(-[a-z0-9]+)*$");
  return std::regex_match(s, re);
}

bool is_feature_id(const std::string& s) {
  static const std::regex re("^[a-z][a-z0-9]*(_[a-z0-9]+)*$");
  return std::regex_match(s, re);
}

// A reference a user can open: a pytorch/pytorch pull request, issue, commit or file at a tag, or a section of a
// page in this project's docs/.
bool is_user_reachable_reference(const std::string& s) {
  static const std::regex re(
      "^(https://github\\.com/pytorch/pytorch/(pull/[0-9]+|issues/[0-9]+|commit/[0-9a-f]{7,40}|blob/v[0-9.]+/"
      "[A-Za-z0-9_./-]+)|docs/[a-z0-9-]+\\.md#[a-z0-9-]+)$");
  return std::regex_match(s, re);
}

class Loader : public StrictYaml {
 public:
  Loader(const std::string& origin, const TorchSupport& support) : StrictYaml(origin), support_(support) {}

  void check_regex(const YAML::Node& node, const std::string& text, const std::string& what) const {
    try {
      std::regex re(text, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      fail(node, what + " is not a valid ECMAScript regex: " + e.what());
    }
  }

  Pattern pattern(const YAML::Node& node, const std::string& where) const {
    auto f = fields(node, where, {"files", "message", "fix"}, {"regex", "requires_regex", "missing_regex"});
    Pattern p;
    p.line = node.Mark().line + 1;
    const bool has_regex = f.count("regex") > 0;
    const bool has_missing = f.count("missing_regex") > 0;
    if (has_regex == has_missing) {
      fail(node, where + ": needs exactly one of 'regex' (report matches) or 'missing_regex' (report files that "
                         "match requires_regex but not missing_regex)");
    }
    if (has_regex) {
      p.kind = Pattern::Kind::Match;
      p.regex = scalar(f["regex"], where + ".regex");
      check_regex(f["regex"], p.regex, where + ".regex");
    } else {
      p.kind = Pattern::Kind::Missing;
      if (!f.count("requires_regex")) fail(node, where + ": 'missing_regex' needs 'requires_regex'");
      p.missing_regex = scalar(f["missing_regex"], where + ".missing_regex");
      check_regex(f["missing_regex"], p.missing_regex, where + ".missing_regex");
    }
    if (f.count("requires_regex")) {
      p.requires_regex = scalar(f["requires_regex"], where + ".requires_regex");
      check_regex(f["requires_regex"], p.requires_regex, where + ".requires_regex");
    }
    const YAML::Node& files = f["files"];
    if (!files.IsSequence() || files.size() == 0) {
      fail(files, where + ".files must be a non-empty list of file-name globs");
    }
    for (const auto& g : files) p.files.push_back(scalar(g, where + ".files entry"));
    p.message = scalar(f["message"], where + ".message");
    p.fix = scalar(f["fix"], where + ".fix");
    return p;
  }

  TorchVersion version(const YAML::Node& node, const std::string& what) const {
    const std::string text = scalar(node, what);
    auto v = TorchVersion::parse(text);
    if (!v || text.find_first_not_of("0123456789.") != std::string::npos ||
        std::count(text.begin(), text.end(), '.') != 1) {
      fail(node, what + " '" + text + "' is not a torch release such as \"2.14\"");
    }
    return *v;
  }

  // probe: {cxx: SOURCE} | {python: FUNCTION BODY} | {none: WHY}
  Probe probe(const YAML::Node& node, const std::string& where) const {
    auto f = fields(node, where, {}, {"cxx", "python", "none"});
    if (f.size() != 1) fail(node, where + " must have exactly one of cxx, python or none");
    Probe p;
    const auto& [key, value] = *f.begin();
    p.kind = key == "cxx" ? Probe::Kind::Cxx : key == "python" ? Probe::Kind::Python : Probe::Kind::None;
    p.source = scalar(value, where + "." + key);
    return p;
  }

  Change change(const YAML::Node& node, std::size_t index) const {
    std::string where = "changes[" + std::to_string(index) + "]";
    if (node.IsMap() && node["id"] && node["id"].IsScalar()) where = "change '" + node["id"].Scalar() + "'";
    auto f = fields(node, where,
                    {"id", "component", "newest_without", "oldest_with", "kind", "summary", "explanation",
                     "generated_change", "user_action", "references"},
                    {"feature", "probe", "applies_when", "patterns", "contract_items"});
    Change c;
    c.line = node.Mark().line + 1;
    c.column = node.Mark().column + 1;

    c.id = scalar(f["id"], where + ".id");
    if (!is_kebab(c.id)) fail(f["id"], where + ".id '" + c.id + "' must be kebab-case (e.g. hooks-is-available)");

    c.component = scalar(f["component"], where + ".component");
    const auto& comps = known_components();
    if (std::find(comps.begin(), comps.end(), c.component) == comps.end()) {
      fail(f["component"], where + ".component '" + c.component + "' is unknown (known: " + join(comps) + ")");
    }

    c.landing.newest_without = version(f["newest_without"], where + ".newest_without");
    c.landing.oldest_with = version(f["oldest_with"], where + ".oldest_with");
    check_landing(c.landing, f, where);

    const std::string kind = scalar(f["kind"], where + ".kind");
    auto k = parse_change_kind(kind);
    if (!k) {
      fail(f["kind"], where + ".kind '" + kind +
                          "' is unknown (known: compile-error, runtime-error, rebuild, behaviour-change, "
                          "deprecation, new-feature)");
    }
    c.kind = *k;

    if (f.count("feature")) {
      c.feature = scalar(f["feature"], where + ".feature");
      if (!is_feature_id(c.feature)) {
        fail(f["feature"], where + ".feature '" + c.feature + "' must be snake_case (e.g. hooks_is_available)");
      }
    }
    if (f.count("probe")) {
      if (c.feature.empty()) fail(f["probe"], where + ".probe needs a feature: only a feature is detected");
      c.probe = probe(f["probe"], where + ".probe");
    }
    c.summary = scalar(f["summary"], where + ".summary");
    c.explanation = scalar(f["explanation"], where + ".explanation");
    c.generated_change = scalar(f["generated_change"], where + ".generated_change");
    c.user_action = scalar(f["user_action"], where + ".user_action", /*allow_empty=*/true);
    const YAML::Node& refs = f["references"];
    if (!refs.IsSequence() || refs.size() == 0) fail(refs, where + ".references must be a non-empty list");
    for (const auto& r : refs) {
      c.references.push_back(scalar(r, where + ".references entry"));
      if (!is_user_reachable_reference(c.references.back())) {
        fail(r, where + ".references entry '" + c.references.back() +
                    "' is neither a pytorch/pytorch URL (https://github.com/pytorch/pytorch/pull/N, /issues/N, "
                    "/commit/SHA, /blob/TAG/PATH) nor a section of this project's docs (docs/PAGE.md#section)");
      }
    }
    check_evidence(c, f["references"], where);
    if (f.count("applies_when")) {
      c.applies_when = scalar(f["applies_when"], where + ".applies_when");
      const auto caps = capability_names();
      if (std::find(caps.begin(), caps.end(), c.applies_when) == caps.end()) {
        fail(f["applies_when"],
             where + ".applies_when '" + c.applies_when + "' is not a capability (known: " + join(caps) + ")");
      }
    }
    if (f.count("patterns")) {
      const YAML::Node& ps = f["patterns"];
      if (!ps.IsSequence()) fail(ps, where + ".patterns must be a list");
      for (std::size_t i = 0; i < ps.size(); ++i) {
        c.patterns.push_back(pattern(ps[i], where + ".patterns[" + std::to_string(i) + "]"));
      }
    }
    if (f.count("contract_items")) {
      const YAML::Node& items = f["contract_items"];
      if (!items.IsSequence() || items.size() == 0) {
        fail(items, where + ".contract_items must be a non-empty list of contract item ids");
      }
      static const std::regex item_re(
          "^(virtual|class|enum|macro|guard|header|cxx-gate|field|function|schema):\\S.*$");
      for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string what = where + ".contract_items[" + std::to_string(i) + "]";
        std::string id = scalar(items[i], what);
        if (!std::regex_match(id, item_re)) {
          fail(items[i], what + " '" + id +
                             "' is not a contract item id (KIND:NAME with KIND one of virtual, class, enum, macro, "
                             "guard, header, cxx-gate, field, function, schema; e.g. "
                             "virtual:at::PrivateUse1HooksInterface::isAvailable)");
        }
        if (std::find(c.contract_items.begin(), c.contract_items.end(), id) != c.contract_items.end()) {
          fail(items[i], what + ": duplicate contract item '" + id + "'");
        }
        c.contract_items.push_back(std::move(id));
      }
    }
    return c;
  }

 private:
  // The dating rule (docs/torch-contract-changes.md#dating), its first half: newest_without (the newest release
  // known to lack the change) comes before oldest_with (the oldest known to have it), and nothing is known of a
  // release after the newest known one, knowledge/torch-versions.yaml's supported.max.
  void check_landing(const Landing& landing, std::map<std::string, YAML::Node>& f, const std::string& where) const {
    const std::string newest_without = landing.newest_without.to_string();
    const std::string oldest_with = landing.oldest_with.to_string();
    if (!(landing.newest_without < landing.oldest_with)) {
      fail(f["oldest_with"], where + ".oldest_with " + oldest_with + " must be a later release than newest_without " +
                                 newest_without + ": newest_without is the newest release known to lack the change, " +
                                 "oldest_with the oldest known to have it (docs/torch-contract-changes.md#dating)");
    }
    const std::string newest_known = support_.max.to_string();
    if (support_.max < landing.oldest_with) {
      const std::string known = " the newest known torch release " + newest_known + " (supported.max in " +
                                support_.origin + ")";
      if (support_.max <= landing.newest_without) {
        fail(f["newest_without"], where + ".newest_without " + newest_without + " is not before" + known +
                                      ": a change no known release has cannot be dated yet; record it once a " +
                                      "release that has it is examined or named by upstream, and raise " +
                                      "supported.max to that release");
      }
      fail(f["oldest_with"], where + ".oldest_with " + oldest_with + " is after" + known +
                                 ": date the change by releases known to have it (oldest_with " + newest_known +
                                 " at the latest), or raise supported.max first if a newer release was examined");
    }
  }

  // Its second half: a change dated between two examined releases (knowledge/torch-versions.yaml `examined`) was
  // seen there; any other change with an oldest_with after the oldest examined release names where its date comes
  // from: the upstream pull request, or the dating section of docs/torch-contract-changes.md.
  void check_evidence(const Change& c, const YAML::Node& references, const std::string& where) const {
    const auto examined = support_.examined_lines();
    if (examined.empty() || c.landing.oldest_with <= examined.front()) return;
    const auto is_examined = [&](TorchVersion v) {
      return std::find(examined.begin(), examined.end(), v) != examined.end();
    };
    if (is_examined(c.landing.newest_without) && is_examined(c.landing.oldest_with)) return;
    const bool named = std::any_of(c.references.begin(), c.references.end(), [](const std::string& r) {
      return r.starts_with("https://github.com/pytorch/pytorch/pull/") || r == "docs/torch-contract-changes.md#dating";
    });
    if (named) return;
    fail(references, where + " is dated to torch " + c.landing.display() + " (newest_without " +
                         c.landing.newest_without.to_string() + ", oldest_with " + c.landing.oldest_with.to_string() +
                         "), which is not between two examined releases (" + join(support_.examined) + ", " +
                         support_.origin + "): name the evidence in references, the upstream pull request " +
                         "(https://github.com/pytorch/pytorch/pull/N) or docs/torch-contract-changes.md#dating");
  }

  const TorchSupport& support_;
};

}  // namespace

KnowledgeBase KnowledgeBase::load(std::string_view yaml_text, std::string_view origin_name,
                                  const TorchSupport& support) {
  const std::string origin(origin_name);
  Loader loader(origin, support);
  const YAML::Node root = loader.parse(yaml_text, "the knowledge base");
  auto top = loader.fields(root, "knowledge base", {"schema_version", "changes"}, {});
  loader.expect_schema_version_1(top["schema_version"]);
  const YAML::Node& list = top["changes"];
  if (!list.IsSequence()) loader.fail(list, "changes must be a list");

  KnowledgeBase kb;
  kb.newest_known_ = support.max;
  std::map<std::string, YAML::Node> seen;
  std::map<std::string, std::string> has_probe;  // feature id -> the change that gives its probe
  for (std::size_t i = 0; i < list.size(); ++i) {
    const YAML::Node node = list[i];
    Change c = loader.change(node, i);
    if (seen.count(c.id)) {
      loader.fail(node["id"], "duplicate change id '" + c.id + "' (first defined at line " +
                                  std::to_string(seen[c.id].Mark().line + 1) + ")");
    }
    seen.emplace(c.id, node);
    if (!c.feature.empty()) {
      auto it = kb.features_.find(c.feature);
      if (it == kb.features_.end()) {
        it = kb.features_.emplace(c.feature, Feature{c.feature, c.landing, {}, {}, c.summary}).first;
      } else if (it->second.landing != c.landing) {
        loader.fail(node["oldest_with"], "change '" + c.id + "' landed in " + c.landing.display() + " but feature '" +
                                             c.feature + "' landed in " + it->second.landing.display() +
                                             " (change '" + it->second.change_ids.front() +
                                             "'); one feature is one switch: give this change a feature of its own");
      }
      if (c.probe) {
        if (has_probe.count(c.feature)) {
          loader.fail(node["probe"], "feature '" + c.feature + "' already has a probe (change '" +
                                         has_probe[c.feature] + "'); give exactly one change of a feature the probe");
        }
        it->second.probe = *c.probe;
        has_probe[c.feature] = c.id;
      }
      it->second.change_ids.push_back(c.id);
    }
    kb.changes_.push_back(std::move(c));
  }
  for (const auto& [id, feature] : kb.features_) {
    if (!has_probe.count(id)) {
      const YAML::Node first = seen[feature.change_ids.front()];
      loader.fail(first, "feature '" + id + "' has no probe: give one of its changes `probe:` with `cxx` (a source " +
                             "that compiles only with the feature), `python` (a function body returning True when " +
                             "torch has it) or `none` (why nothing can be probed)");
    }
  }
  return kb;
}

KnowledgeBase KnowledgeBase::load_file(const fs::path& path, const TorchSupport& support) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw KnowledgeBaseError(path.string(), 0, 0, "cannot read the knowledge base");
  std::ostringstream ss;
  ss << in.rdbuf();
  return load(ss.str(), path.string(), support);
}

const Change* KnowledgeBase::find(std::string_view id) const {
  for (const auto& c : changes_) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

std::vector<const Change*> KnowledgeBase::explaining(std::string_view item_id) const {
  std::vector<const Change*> out;
  for (const auto& c : changes_) {
    if (std::find(c.contract_items.begin(), c.contract_items.end(), item_id) != c.contract_items.end()) {
      out.push_back(&c);
    }
  }
  return out;
}

bool is_known_between(const Change& change, TorchVersion from, TorchVersion to) {
  return change.landing.in(from) == Landing::Presence::Absent && change.landing.in(to) == Landing::Presence::Present;
}

bool more_severe_first(const Change& a, const Change& b) {
  if (a.kind != b.kind) return severity_rank(a.kind) < severity_rank(b.kind);
  if (a.landing.oldest_with != b.landing.oldest_with) return a.landing.oldest_with < b.landing.oldest_with;
  if (a.landing.newest_without != b.landing.newest_without) {
    return a.landing.newest_without < b.landing.newest_without;
  }
  return a.line < b.line;
}

std::vector<const Change*> KnowledgeBase::changes_between(TorchVersion from, TorchVersion to) const {
  std::vector<const Change*> out;
  for (const auto& c : changes_) {
    // Possibly new in the step: not known present at `from`, not known absent at `to`.
    if (c.landing.in(from) != Landing::Presence::Present && c.landing.in(to) != Landing::Presence::Absent &&
        from < to) {
      out.push_back(&c);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Change* a, const Change* b) { return more_severe_first(*a, *b); });
  return out;
}

std::vector<const Change*> KnowledgeBase::changes_between(TorchVersion from, TorchVersion to,
                                                          const std::set<std::string>& enabled_capabilities) const {
  auto all = changes_between(from, to);
  std::erase_if(all, [&](const Change* c) { return !c->applies_to(enabled_capabilities); });
  return all;
}

const Feature* KnowledgeBase::feature(std::string_view id) const {
  auto it = features_.find(std::string(id));
  return it == features_.end() ? nullptr : &it->second;
}

FeatureFlags KnowledgeBase::flags_for(const Feature& feature, const TorchRange& range, TorchVersion newest_known) {
  FeatureFlags flags;
  flags.landing = feature.landing;
  // The targeted versions are every minor from range.min to range.max. Some of them may have the feature unless
  // even the newest is known without it; some may lack it unless even the oldest is known with it.
  flags.has = range.max > feature.landing.newest_without;
  flags.lacks = range.min < feature.landing.oldest_with;
  // A release newer than the newest known one is known to have nothing: what was added may have been taken out
  // again or changed. Every feature that can be probed is left to its probe; one that cannot is assumed to stay.
  if (range.max > newest_known && feature.probe.kind != Probe::Kind::None) flags.lacks = true;
  flags.mixed = flags.has && flags.lacks;
  flags.compat_note = "COMPAT(torch " + feature.landing.display() + "): " + feature.summary;
  if (feature.probe.kind == Probe::Kind::None) flags.compat_note += " Not probed: " + feature.probe.source + ".";
  return flags;
}

std::map<std::string, FeatureFlags> KnowledgeBase::features_for(const TorchRange& range) const {
  std::map<std::string, FeatureFlags> out;
  for (const auto& [id, f] : features_) out.emplace(id, flags_for(f, range, newest_known_));
  return out;
}

}  // namespace accelgen::contract
