#include "contract/knowledge_base.h"

#include <fnmatch.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <regex>
#include <sstream>
#include <system_error>

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
                                          "tests", "dispatch", "autocast", "serialization", "abi"};
  return v;
}

const std::vector<std::string>& known_capabilities() {
  static const std::vector<std::string> v{"streams", "events", "generator", "pinned_memory", "graphs",
                                          "amp", "serialization", "autoload", "profiler", "distributed",
                                          "compile"};
  return v;
}

bool Change::applies_to(const std::set<std::string>& enabled_capabilities) const {
  return applies_when.empty() || enabled_capabilities.count(applies_when) > 0;
}

// ------------------------------------------------------------------------------------------------ errors

namespace {

std::string format_error(const std::string& origin, int line, int column, const std::string& message) {
  std::string out = origin;
  if (line > 0) {
    out += ":" + std::to_string(line);
    if (column > 0) out += ":" + std::to_string(column);
  }
  return out + ": error: " + message;
}

}  // namespace

KnowledgeBaseError::KnowledgeBaseError(std::string origin, int line, int column, std::string message)
    : std::runtime_error(format_error(origin, line, column, message)),
      origin_(std::move(origin)),
      line_(line),
      column_(column),
      message_(std::move(message)) {}

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

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

class Loader {
 public:
  explicit Loader(std::string origin) : origin_(std::move(origin)) {}

  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& message) const {
    const bool known = !mark.is_null() && mark.line >= 0;
    throw KnowledgeBaseError(origin_, known ? mark.line + 1 : 0, known ? mark.column + 1 : 0, message);
  }
  [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const { fail(node.Mark(), message); }

  // The value nodes of a mapping by key, rejecting unknown and duplicate keys; `required` keys must be present.
  std::map<std::string, YAML::Node> fields(const YAML::Node& map, const std::string& what,
                                           const std::vector<std::string>& required,
                                           const std::vector<std::string>& optional) const {
    if (!map.IsMap()) fail(map, what + " must be a mapping");
    std::map<std::string, YAML::Node> out;
    for (const auto& kv : map) {
      const YAML::Node& key = kv.first;
      if (!key.IsScalar()) fail(key, what + ": keys must be plain names");
      const std::string name = key.Scalar();
      const bool known = std::find(required.begin(), required.end(), name) != required.end() ||
                         std::find(optional.begin(), optional.end(), name) != optional.end();
      if (!known) {
        std::vector<std::string> all = required;
        all.insert(all.end(), optional.begin(), optional.end());
        fail(key, what + ": unknown key '" + name + "' (known keys: " + join(all) + ")");
      }
      if (out.count(name)) fail(key, what + ": duplicate key '" + name + "'");
      out.emplace(name, kv.second);
    }
    for (const auto& r : required) {
      if (!out.count(r)) fail(map, what + ": missing required field '" + r + "'");
    }
    return out;
  }

  std::string scalar(const YAML::Node& node, const std::string& what, bool allow_empty = false) const {
    if (node.IsNull()) {
      if (allow_empty) return "";
      fail(node, what + " must not be empty");
    }
    if (!node.IsScalar()) fail(node, what + " must be a string");
    std::string s = node.Scalar();
    if (!allow_empty && s.find_first_not_of(" \t\r\n") == std::string::npos) fail(node, what + " must not be empty");
    return s;
  }

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

  Change change(const YAML::Node& node, std::size_t index) const {
    std::string where = "changes[" + std::to_string(index) + "]";
    if (node.IsMap() && node["id"] && node["id"].IsScalar()) where = "change '" + node["id"].Scalar() + "'";
    auto f = fields(node, where,
                    {"id", "component", "since", "kind", "summary", "explanation", "generated_change", "user_action",
                     "reference"},
                    {"feature", "applies_when", "patterns", "contract_items"});
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

    const std::string since = scalar(f["since"], where + ".since");
    auto v = TorchVersion::parse(since);
    if (!v) fail(f["since"], where + ".since '" + since + "' is not a torch version such as \"2.14\"");
    c.since = *v;

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
    c.summary = scalar(f["summary"], where + ".summary");
    c.explanation = scalar(f["explanation"], where + ".explanation");
    c.generated_change = scalar(f["generated_change"], where + ".generated_change");
    c.user_action = scalar(f["user_action"], where + ".user_action", /*allow_empty=*/true);
    c.reference = scalar(f["reference"], where + ".reference");
    if (f.count("applies_when")) {
      c.applies_when = scalar(f["applies_when"], where + ".applies_when");
      const auto& caps = known_capabilities();
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
          "^(virtual|class|enum|macro|guard|header|cxx-gate|field|function):\\S.*$");
      for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string what = where + ".contract_items[" + std::to_string(i) + "]";
        std::string id = scalar(items[i], what);
        if (!std::regex_match(id, item_re)) {
          fail(items[i], what + " '" + id +
                             "' is not a contract item id (KIND:NAME with KIND one of virtual, class, enum, macro, "
                             "guard, header, cxx-gate, field, function; e.g. "
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
  std::string origin_;
};

}  // namespace

KnowledgeBase KnowledgeBase::load(std::string_view yaml_text, std::string_view origin_name) {
  const std::string origin(origin_name);
  Loader loader(origin);
  YAML::Node root;
  try {
    root = YAML::Load(std::string(yaml_text));
  } catch (const YAML::ParserException& e) {
    loader.fail(e.mark, "invalid YAML: " + e.msg);
  }
  if (!root || root.IsNull()) throw KnowledgeBaseError(origin, 0, 0, "the knowledge base is empty");
  auto top = loader.fields(root, "knowledge base", {"schema_version", "changes"}, {});
  if (loader.scalar(top["schema_version"], "schema_version") != "1") {
    loader.fail(top["schema_version"], "schema_version must be 1");
  }
  const YAML::Node& list = top["changes"];
  if (!list.IsSequence()) loader.fail(list, "changes must be a list");

  KnowledgeBase kb;
  std::map<std::string, YAML::Node> seen;
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
        kb.features_.emplace(c.feature, Feature{c.feature, c.since, {c.id}, c.summary});
      } else {
        if (it->second.since != c.since) {
          loader.fail(node["since"], "change '" + c.id + "' has since " + c.since.to_string() + " but feature '" +
                                         c.feature + "' already flips at " + it->second.since.to_string() +
                                         " (change '" + it->second.change_ids.front() +
                                         "'); a feature must flip at exactly one version");
        }
        it->second.change_ids.push_back(c.id);
      }
    }
    kb.changes_.push_back(std::move(c));
  }
  return kb;
}

KnowledgeBase KnowledgeBase::load_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw KnowledgeBaseError(path.string(), 0, 0, "cannot read the knowledge base");
  std::ostringstream ss;
  ss << in.rdbuf();
  return load(ss.str(), path.string());
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

bool more_severe_first(const Change& a, const Change& b) {
  if (a.kind != b.kind) return severity_rank(a.kind) < severity_rank(b.kind);
  if (a.since != b.since) return a.since < b.since;
  return a.line < b.line;
}

std::vector<const Change*> KnowledgeBase::changes_between(TorchVersion from, TorchVersion to) const {
  std::vector<const Change*> out;
  for (const auto& c : changes_) {
    if (from < c.since && c.since <= to) out.push_back(&c);
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

std::vector<std::string> KnowledgeBase::feature_ids() const {
  std::vector<std::string> ids;
  for (const auto& [id, f] : features_) ids.push_back(id);
  return ids;
}

FeatureFlags KnowledgeBase::flags_for(const Feature& feature, const TorchRange& range) {
  FeatureFlags flags;
  flags.since = feature.since;
  // The targeted versions are every minor from range.min to range.max, so "some version >= since" is
  // max >= since and "some version < since" is min < since.
  flags.has = range.max >= feature.since;
  flags.lacks = range.min < feature.since;
  flags.mixed = flags.has && flags.lacks;
  flags.compat_note = "COMPAT(>= " + feature.since.to_string() + "): " + feature.summary;
  return flags;
}

std::map<std::string, FeatureFlags> KnowledgeBase::features_for(const TorchRange& range) const {
  std::map<std::string, FeatureFlags> out;
  for (const auto& [id, f] : features_) out.emplace(id, flags_for(f, range));
  return out;
}

// ------------------------------------------------------------------------------------------------ scanning

namespace {

struct CompiledPattern {
  const Change* change;
  const Pattern* pattern;
  std::optional<std::regex> regex, requires_regex, missing_regex;
};

bool name_matches(const std::vector<std::string>& globs, const std::string& name) {
  for (const auto& g : globs) {
    if (fnmatch(g.c_str(), name.c_str(), 0) == 0) return true;
  }
  return false;
}

bool skipped_dir(const fs::path& p) {
  const std::string n = p.filename().string();
  return (!n.empty() && n[0] == '.') || n == "__pycache__" || n == "node_modules" || n == "build" ||
         n.starts_with("build-") || n.starts_with("build_") || n.starts_with("cmake-build");
}

std::vector<std::string> read_lines(const fs::path& p) {
  std::vector<std::string> lines;
  std::ifstream in(p, std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
  }
  return lines;
}

std::string trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

void scan_file(const fs::path& path, const std::vector<CompiledPattern>& patterns, TorchVersion from,
               std::vector<Hit>& hits) {
  const std::string name = path.filename().string();
  std::vector<const CompiledPattern*> relevant;
  for (const auto& cp : patterns) {
    if (name_matches(cp.pattern->files, name)) relevant.push_back(&cp);
  }
  if (relevant.empty()) return;
  const auto lines = read_lines(path);
  auto first_line = [&](const std::regex& re) -> int {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (std::regex_search(lines[i], re)) return static_cast<int>(i) + 1;
    }
    return 0;
  };
  auto add = [&](const CompiledPattern& cp, int line) {
    // One hit per file, line and change, even when several patterns of the change match there.
    const bool dup = std::any_of(hits.begin(), hits.end(), [&](const Hit& h) {
      return h.path == path && h.line == line && h.change_id == cp.change->id;
    });
    if (dup) return;
    Hit h;
    h.path = path;
    h.line = line;
    h.change_id = cp.change->id;
    h.kind = cp.change->kind;
    h.since = cp.change->since;
    h.new_in_range = from < cp.change->since;
    h.message = cp.pattern->message;
    h.fix = cp.pattern->fix;
    h.text = line > 0 ? trimmed(lines[line - 1]) : "";
    hits.push_back(std::move(h));
  };
  for (const auto* cp : relevant) {
    int requires_line = cp->requires_regex ? first_line(*cp->requires_regex) : 1;
    if (requires_line == 0) continue;
    if (cp->pattern->kind == Pattern::Kind::Missing) {
      if (first_line(*cp->missing_regex) == 0) add(*cp, requires_line);
      continue;
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (std::regex_search(lines[i], *cp->regex)) add(*cp, static_cast<int>(i) + 1);
    }
  }
}

}  // namespace

std::vector<Hit> scan_user_code(const KnowledgeBase& kb, TorchVersion from, TorchVersion to,
                                const std::vector<fs::path>& roots) {
  std::vector<CompiledPattern> patterns;
  for (const auto& c : kb.changes()) {
    if (to < c.since) continue;
    for (const auto& p : c.patterns) {
      CompiledPattern cp{&c, &p, {}, {}, {}};
      if (!p.regex.empty()) cp.regex.emplace(p.regex, std::regex::ECMAScript | std::regex::optimize);
      if (!p.requires_regex.empty()) cp.requires_regex.emplace(p.requires_regex, std::regex::ECMAScript);
      if (!p.missing_regex.empty()) cp.missing_regex.emplace(p.missing_regex, std::regex::ECMAScript);
      patterns.push_back(std::move(cp));
    }
  }

  std::vector<fs::path> files;
  for (const auto& root : roots) {
    std::error_code ec;
    if (fs::is_regular_file(root, ec)) {
      files.push_back(root);
      continue;
    }
    if (!fs::is_directory(root, ec)) continue;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
      if (it->is_directory(ec)) {
        if (skipped_dir(it->path())) it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec)) files.push_back(it->path());
    }
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());

  std::vector<Hit> hits;
  for (const auto& f : files) scan_file(f, patterns, from, hits);
  std::stable_sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    if (a.path != b.path) return a.path < b.path;
    if (a.line != b.line) return a.line < b.line;
    return severity_rank(a.kind) < severity_rank(b.kind);
  });
  return hits;
}

}  // namespace accelgen::contract
