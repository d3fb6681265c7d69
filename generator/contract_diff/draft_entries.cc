#include "contract_diff/draft_entries.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "base/diagnostic.h"
#include "base/text_wrap.h"
#include "contract/knowledge_base.h"
#include "contract/torch_support.h"
#include "contract_diff/operator_schemas.h"

namespace accelgen::contract_diff {

namespace {

using Kind = ItemChange::Kind;

// "a::b::C" -> {"a::b", "C"}
std::pair<std::string, std::string> split_scope(const std::string& qualified) {
  const auto at = qualified.rfind("::");
  if (at == std::string::npos) return {"", qualified};
  return {qualified.substr(0, at), qualified.substr(at + 2)};
}

// The declaration without its parameter list: "a::B::m(int)" -> "a::B::m".
std::string without_parameters(const std::string& name) { return name.substr(0, name.find('(')); }

// Around `body`: the namespace the declaration lives in, so that the unqualified type names of its signature (as
// the header spells them) resolve as they do there.
std::string in_namespace(const std::string& ns, const std::string& body) {
  if (ns.empty()) return body;
  return "namespace " + ns + " {\n" + body + "}  // namespace " + ns + "\n";
}

// "RET NAME(PARAMS) QUALIFIERS" (a virtual's detail) or "RET SCOPE::NAME(PARAMS) QUALIFIERS" (a function's).
struct Signature {
  std::string result, parameters, qualifiers;
  bool ok = false;
};

Signature parse_signature(const std::string& detail, const std::string& name) {
  Signature s;
  const auto open = detail.find(name + "(");
  if (open == std::string::npos) return s;
  int depth = 0;
  std::size_t close = std::string::npos;
  for (std::size_t i = open + name.size(); i < detail.size(); ++i) {
    if (detail[i] == '(') ++depth;
    if (detail[i] == ')' && --depth == 0) {
      close = i;
      break;
    }
  }
  if (close == std::string::npos) return s;
  s.result = detail.substr(0, open);
  while (!s.result.empty() && s.result.back() == ' ') s.result.pop_back();
  s.parameters = detail.substr(open + name.size() + 1, close - open - name.size() - 1);
  std::istringstream rest(detail.substr(close + 1));
  std::string word;
  while (rest >> word) {
    if (word == "=" || word == "0" || word == "override" || word == "final") continue;
    s.qualifiers += " " + word;
  }
  s.ok = !s.result.empty();
  return s;
}

std::string include_of(const ItemChange& c) {
  if (c.kind == Kind::Removed) return "#if __has_include(<" + c.file + ">)\n#include <" + c.file + ">\n#endif\n";
  return "#include <" + c.file + ">\n";
}

// Compiles only when NAME no longer names anything in SCOPE: a using-directive brings torch's SCOPE and a
// namespace that declares NAME as a variable into one lookup, which is ambiguous while torch still declares it.
std::string absent_in_namespace(const std::string& scope, const std::string& name) {
  return "namespace accelgen_probe_absent {\ninline constexpr int " + name + " = 0;\n}  // namespace " +
         "accelgen_probe_absent\nnamespace " + scope + " {}\nusing namespace " + scope +
         ";\nusing namespace accelgen_probe_absent;\nstatic_assert(" + name + " == 0, \"" + scope + "::" + name +
         " is gone\");\n";
}

// Compiles only when CLASS has no member NAME (C++20: torch releases after 2.14 require it anyway).
std::string absent_member(const std::string& owner, const std::string& member) {
  return "template <class T>\nconcept accelgen_probe_declares = requires { &T::" + member + "; };\n" +
         "static_assert(!accelgen_probe_declares<" + owner + ">, \"" + owner + "::" + member + " is gone\");\n";
}

// An enum's numbering, "A=0 B=1" -> {A: "0", B: "1"}
std::map<std::string, std::string> enum_values(const std::string& detail) {
  std::map<std::string, std::string> values;
  std::istringstream in(detail);
  std::string entry;
  while (in >> entry) {
    const auto eq = entry.find('=');
    if (eq != std::string::npos) values[entry.substr(0, eq)] = entry.substr(eq + 1);
  }
  return values;
}

// The parameters of a function-like macro's detail "NAME(a, b) => ...": their count, -1 for an object-like macro;
// `variadic` when the last one is "...".
int macro_arity(const std::string& detail, bool& variadic) {
  variadic = false;
  const auto arrow = detail.find(" => ");
  const std::string head = detail.substr(0, arrow);
  const auto open = head.find('(');
  if (open == std::string::npos) return -1;
  const std::string inside = head.substr(open + 1, head.rfind(')') - open - 1);
  if (inside.find_first_not_of(' ') == std::string::npos) return 0;
  int count = 1;
  for (char ch : inside) count += ch == ',';
  variadic = inside.find("...") != std::string::npos;
  return variadic ? count - 1 : count;
}

DraftProbe macro_probe(const ItemChange& c, const std::string& name) {
  if (c.kind == Kind::Removed) {
    return {include_of(c) + "#ifdef " + name + "\n#error \"" + name + " is still defined\"\n#endif\n", ""};
  }
  bool variadic = false;
  const int arity = macro_arity(c.new_detail, variadic);
  if (c.kind == Kind::Changed) {
    bool was_variadic = false;
    if (macro_arity(c.old_detail, was_variadic) == arity && was_variadic == variadic) {
      return {"", "its parameters are the same, only its expansion changed: write a probe that compiles what the "
                  "new expansion needs"};
    }
  }
  std::string src = include_of(c) + "#ifndef " + name + "\n#error \"" + name + " is not defined\"\n#endif\n";
  // An object-like macro has no parameters to count; a variadic one often counts its arguments itself (a call
  // with too few fails inside it), so only its definition is probed.
  if (arity < 0 || variadic) return {src, ""};
  std::string args;
  for (int i = 0; i < arity; ++i) args += (i ? ", " : "") + std::string("accelgen_probe_argument_") + std::to_string(i);
  src += "// The preprocessor refuses a call with another number of arguments than " + name + " takes.\n" +
         "#define ACCELGEN_PROBE_STRING(...) #__VA_ARGS__\n#define ACCELGEN_PROBE_EXPANDED(...) "
         "ACCELGEN_PROBE_STRING(__VA_ARGS__)\n[[maybe_unused]] static const char* const accelgen_probe = "
         "ACCELGEN_PROBE_EXPANDED(" + name + "(" + args + "));\n";
  return {src, ""};
}

}  // namespace

DraftProbe draft_probe(const ItemChange& c, const std::set<std::string>& classes) {
  const std::string kind = kind_of(c.id);
  const std::string name = name_of(c.id);
  if (kind == "header") {
    if (c.kind == Kind::Removed) {
      return {"#if __has_include(<" + name + ">)\n#error \"<" + name + "> is still there\"\n#endif\n", ""};
    }
    return {"#include <" + name + ">\n", ""};
  }
  if (kind == "macro") return macro_probe(c, name);
  if (kind == "virtual" || kind == "function") {
    const std::string qualified = without_parameters(name);
    const auto [scope, member] = split_scope(qualified);
    if (member.starts_with("operator")) {
      return {"", "an operator overload: write a probe that applies it to the types of its new declaration"};
    }
    if (c.kind == Kind::Removed) {
      if (kind == "virtual") return {include_of(c) + absent_member(scope, member), ""};
      return {include_of(c) + absent_in_namespace(scope, member), ""};
    }
    const Signature s = parse_signature(c.new_detail, kind == "virtual" ? member : qualified);
    if (!s.ok) return {"", "the declaration '" + c.new_detail + "' could not be read as a signature"};
    if (kind == "virtual") {
      const auto [ns, cls] = split_scope(scope);
      return {include_of(c) + "// Compiles only where " + scope + " declares: " + c.new_detail + "\n" +
                  in_namespace(ns, "[[maybe_unused]] static " + s.result + " (" + cls + "::*const accelgen_probe)(" +
                                       s.parameters + ")" + s.qualifiers + " = &" + cls + "::" + member + ";\n"),
              ""};
    }
    return {include_of(c) + "// Compiles only where torch declares: " + c.new_detail + "\n" +
                in_namespace(scope, "[[maybe_unused]] static " + s.result + " (*const accelgen_probe)(" +
                                        s.parameters + ")" + s.qualifiers + " = &" + member + ";\n"),
            ""};
  }
  if (kind == "field") {
    const auto [owner, field] = split_scope(name);
    if (c.kind == Kind::Removed) return {include_of(c) + absent_member(owner, field), ""};
    const auto [ns, cls] = split_scope(owner);
    return {include_of(c) + "#include <type_traits>\n" +
                in_namespace(ns, "static_assert(std::is_same_v<decltype(" + cls + "::" + field + "), " + c.new_detail +
                                     ">, \"" + name + " has the type torch declares\");\n"),
            ""};
  }
  if (kind == "enum") {
    const auto [owner, constant] = split_scope(name);
    if (c.kind == Kind::Changed) {  // the numbering of enum `name`
      const auto before = enum_values(c.old_detail);
      std::string asserts;
      for (const auto& [constant_name, value] : enum_values(c.new_detail)) {
        const auto was = before.find(constant_name);
        if (was == before.end() || was->second == value) continue;
        asserts += "static_assert(static_cast<long long>(" + name + "::" + constant_name + ") == " + value + ");\n";
      }
      if (asserts.empty()) return {"", "only constants were added or removed; their own items are probed"};
      return {include_of(c) + asserts, ""};
    }
    if (c.kind == Kind::Removed) {
      return {include_of(c) + "template <class E>\nconcept accelgen_probe_declares = requires { E::" + constant +
                  "; };\nstatic_assert(!accelgen_probe_declares<" + owner + ">, \"" + name + " is gone\");\n",
              ""};
    }
    return {include_of(c) + "[[maybe_unused]] constexpr auto accelgen_probe = " + name + ";\n", ""};
  }
  if (kind == "class") {
    const auto [scope, cls] = split_scope(name);
    if (c.kind == Kind::Removed) {
      if (classes.count(scope) && c.old_detail.starts_with("template")) {
        return {"", "a member class template: write a probe that names it with its template arguments"};
      }
      if (classes.count(scope)) {  // a member class
        return {include_of(c) + "template <class T>\nconcept accelgen_probe_declares = requires { typename T::" + cls +
                    "; };\nstatic_assert(!accelgen_probe_declares<" + scope + ">, \"" + name + " is gone\");\n",
                ""};
      }
      return {include_of(c) + absent_in_namespace(scope, cls), ""};
    }
    if (c.kind == Kind::Added && !c.new_detail.starts_with("template")) {
      return {include_of(c) + "[[maybe_unused]] static constexpr auto accelgen_probe = sizeof(" + name + "*);\n", ""};
    }
    return {"", "a class template, or a class whose template parameters or bases changed: write a probe that uses "
                "what changed (std::is_base_of_v, an instantiation)"};
  }
  if (kind == "schema") {
    const std::string ops = ops_struct_name(name);
    // An _ops.h header names c10::DispatchKeySet without declaring it (TensorBody.h includes it after that).
    const std::string include = "#include <c10/core/DispatchKeySet.h>\n" + include_of(c);
    if (c.kind == Kind::Removed) return {include + absent_in_namespace("at::_ops", ops), ""};
    std::string escaped;
    for (char ch : c.new_detail) escaped += ch == '"' || ch == '\\' ? std::string("\\") + ch : std::string(1, ch);
    return {include + "#include <string_view>\nstatic_assert(std::string_view(at::_ops::" + ops +
                "::schema_str) == \"" + escaped + "\");\n",
            ""};
  }
  if (kind == "guard") {
    return {"", "a macro the headers test with #if: it changes what they declare, not a declaration"};
  }
  return {"", "the C++ standard the headers demand: the generated CMake reads it from the build, not from a probe"};
}

namespace {

std::string kebab(const std::string& text) {
  std::string out;
  char previous = ' ';
  for (char ch : text) {
    const unsigned char u = static_cast<unsigned char>(ch);
    if (std::isupper(u) && std::islower(static_cast<unsigned char>(previous)) && !out.empty()) out += '-';
    if (std::isalnum(u)) {
      out += static_cast<char>(std::tolower(u));
    } else if (!out.empty() && out.back() != '-') {
      out += '-';
    }
    previous = ch;
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

std::string snake(std::string kebab_id) {
  for (auto& ch : kebab_id) ch = ch == '-' ? '_' : ch;
  return kebab_id;
}

std::string component_of(const std::string& header) {
  if (header.starts_with("ATen/ops/")) return "dispatch";
  for (const auto& h : contract::torch_support().contract_headers) {
    if (h.path == header) return h.component;
  }
  return "abi";
}

// Where the header lives in pytorch/pytorch at the release tag.
std::string source_path(const std::string& header) {
  if (header.starts_with("ATen/")) return "aten/src/" + header;
  if (header.starts_with("torch/") && !header.starts_with("torch/csrc/") && !header.starts_with("torch/headeronly/")) {
    return "torch/csrc/api/include/" + header;
  }
  return header;
}

const char* change_kind(const ItemChange& c) {
  const std::string kind = kind_of(c.id);
  if (kind == "guard") return "behaviour-change";
  if (kind == "enum" && c.kind == Kind::Changed) return "rebuild";
  if (c.kind == Kind::Added) {
    const bool pure = kind == "virtual" && c.new_detail.ends_with("= 0");
    return pure ? "compile-error" : "new-feature";
  }
  return "compile-error";
}

std::string summary_of(const ItemChange& c) {
  const std::string kind = kind_of(c.id), name = name_of(c.id);
  if (kind == "virtual" && c.kind == Kind::Added && c.new_detail.ends_with("= 0")) {
    return "New pure virtual " + name + ": every backend must implement it";
  }
  if (kind == "header") return "<" + name + "> " + (c.kind == Kind::Added ? "is new" : "is gone");
  return to_string(c.kind) + " " + kind + " " + name + (c.note.empty() ? "" : ": " + c.note);
}

std::string explanation_of(const ItemChange& c, const std::string& old_version, const std::string& new_version) {
  std::string text = "Found by accelgen contract-diff between torch " + old_version + " and " + new_version + " at " +
                     declared_at(c) + ".";
  if (!c.old_detail.empty()) text += " Before: " + c.old_detail + ".";
  if (!c.new_detail.empty()) text += " Now: " + c.new_detail + ".";
  if (!c.uses.empty()) {
    text += " The backend uses it at";
    for (std::size_t i = 0; i < c.uses.size() && i < 5; ++i) {
      text += std::string(i ? "," : "") + " " + c.uses[i].path + ":" + std::to_string(c.uses[i].line);
    }
    text += ".";
  }
  return text + " DRAFT: say what changed upstream and why.";
}

}  // namespace

std::string draft_entries(const ContractDiff& d) {
  const auto older = contract::TorchVersion::parse(d.old_version);
  const auto newer = contract::TorchVersion::parse(d.new_version);
  if (!older || !newer || !(*older < *newer)) {
    throw DiagnosticError({{"--draft", 0, 0,
                            "a drafted entry is dated between the two releases, and these are torch '" +
                                d.old_version + "' and '" + d.new_version + "'",
                            "compare an older torch (or its snapshot) with a newer release line"}});
  }
  const std::string tag = "v" + (std::count(d.new_version.begin(), d.new_version.end(), '.') >= 2
                                     ? d.new_version.substr(0, d.new_version.find_first_of("+-abr"))
                                     : newer->to_string() + ".0");
  const std::string prefix = "torch-" + std::to_string(newer->major) + "-" + std::to_string(newer->minor) + "-";
  const std::string header =
      "Drafted by `accelgen contract-diff` from torch " + d.old_version + " -> " + d.new_version +
      ": one change per difference the knowledge base does not know. Review every field, teach the templates "
      "each feature, move the changes into knowledge/torch-changes.yaml and raise supported.max in "
      "knowledge/torch-versions.yaml to " + newer->to_string() + " (docs/upgrade-guidance.md, \"Teaching accelgen "
      "a new release\").";
  std::string text;
  for (const auto& line : wrap_words(header, 116)) text += "# " + line + "\n";
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "schema_version" << YAML::Value << 1 << YAML::Key << "changes"
      << YAML::Value << YAML::BeginSeq;
  std::set<std::string> ids;
  for (const auto& c : d.changes) {
    if (!c.explained_by.empty()) continue;
    // Overloads share a name: the second is "<id>-2", and so on.
    const std::string base = prefix + kebab(kind_of(c.id) + "-" + without_parameters(name_of(c.id)));
    std::string id = base;
    for (int n = 2; !ids.insert(id).second; ++n) id = base + "-" + std::to_string(n);
    const DraftProbe probe = draft_probe(c, d.classes);
    out << YAML::BeginMap;
    out << YAML::Key << "id" << YAML::Value << id;
    out << YAML::Key << "component" << YAML::Value << component_of(c.file);
    out << YAML::Key << "newest_without" << YAML::Value << YAML::DoubleQuoted << older->to_string();
    out << YAML::Key << "oldest_with" << YAML::Value << YAML::DoubleQuoted << newer->to_string();
    out << YAML::Key << "kind" << YAML::Value << change_kind(c);
    out << YAML::Key << "contract_items" << YAML::Value << YAML::BeginSeq << YAML::DoubleQuoted << c.id
        << YAML::EndSeq;
    out << YAML::Key << "feature" << YAML::Value << snake(id);
    out << YAML::Key << "probe" << YAML::Value << YAML::BeginMap;
    if (!probe.cxx.empty()) {
      out << YAML::Key << "cxx" << YAML::Value << YAML::Literal << probe.cxx;
    } else {
      out << YAML::Key << "none" << YAML::Value << YAML::DoubleQuoted << probe.why_not;
    }
    out << YAML::EndMap;
    out << YAML::Key << "summary" << YAML::Value << YAML::DoubleQuoted << summary_of(c);
    out << YAML::Key << "explanation" << YAML::Value << YAML::DoubleQuoted
        << explanation_of(c, d.old_version, d.new_version);
    out << YAML::Key << "generated_change" << YAML::Value << YAML::DoubleQuoted
        << "DRAFT: what accelgen generates differently where the feature is there.";
    out << YAML::Key << "user_action" << YAML::Value << YAML::DoubleQuoted << "";
    out << YAML::Key << "references" << YAML::Value << YAML::BeginSeq << YAML::DoubleQuoted
        << "docs/torch-contract-changes.md#dating" << YAML::DoubleQuoted
        << "https://github.com/pytorch/pytorch/blob/" + tag + "/" + source_path(c.file) << YAML::EndSeq;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap;
  text += out.c_str() + std::string("\n");
  // What the drafts promise: the knowledge-base loader takes them as they are once the newer release is known.
  contract::TorchSupport reviewed = contract::torch_support();
  reviewed.max = *newer;
  reviewed.examined.push_back(d.new_version);
  contract::KnowledgeBase::load(text, "the drafted entries", reviewed);
  return text;
}

}  // namespace accelgen::contract_diff
