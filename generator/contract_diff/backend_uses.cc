#include "contract_diff/backend_uses.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "base/diagnostic.h"
#include "base/text_lines.h"
#include "guide/user_code.h"
#include "model/kernel_signature.h"
#include "output/manifest.h"

namespace accelgen::contract_diff {

namespace fs = std::filesystem;

namespace {

// "a::B::m(int)" -> "m"; "a::B" -> "B".
std::string unqualified(const std::string& name) {
  const std::string base = name.substr(0, name.find('('));
  const std::size_t at = base.rfind("::");
  return at == std::string::npos ? base : base.substr(at + 2);
}

// Qualified class name -> the qualified names of the classes that derive from it, directly or not, as the
// snapshot's class items declare their bases ("struct at::B : public at::A, ...").
std::map<std::string, std::set<std::string>> derived_classes(const Snapshot& snapshot) {
  std::map<std::string, std::set<std::string>> direct;
  for (const auto& [id, item] : snapshot.items) {
    if (kind_of(id) != "class") continue;
    const std::size_t colon = item.detail.find(" : ");
    if (colon == std::string::npos) continue;
    std::string bases = item.detail.substr(colon + 3);
    const std::string derived = name_of(id);
    for (std::size_t at = 0; at <= bases.size();) {
      std::size_t end = bases.find(", ", at);
      if (end == std::string::npos) end = bases.size();
      std::string base = bases.substr(at, end - at);
      for (const char* word : {"public ", "protected ", "private ", "virtual "}) {
        if (base.starts_with(word)) base = base.substr(std::string(word).size());
      }
      direct[base.substr(0, base.find('<'))].insert(derived);
      at = end + 2;
    }
  }
  std::map<std::string, std::set<std::string>> all;
  for (const auto& [base, children] : direct) {
    std::vector<std::string> pending(children.begin(), children.end());
    while (!pending.empty()) {
      const std::string child = pending.back();
      pending.pop_back();
      if (!all[base].insert(child).second) continue;
      if (auto it = direct.find(child); it != direct.end()) pending.insert(pending.end(), it->second.begin(), it->second.end());
    }
  }
  return all;
}

// What a file must name to use the declaration: any one of the alternatives, each a list of words the file names
// somewhere; the line reported is the first that names the alternative's last word.
struct Needle {
  std::vector<std::vector<std::string>> alternatives;
  bool whole_word = true;  // false for a header path
};

Needle needle_for(const ItemChange& change, const std::map<std::string, std::set<std::string>>& derived) {
  const std::string kind = kind_of(change.id);
  const std::string name = name_of(change.id);
  if (kind == "header" || kind == "cxx-gate") return {{{name}}, false};
  if (kind == "schema") return {{{"\"" + name + "\""}}, false};  // registered by name: m.impl("add.Tensor", ...)
  const std::string owner = owner_of(name);
  if ((kind == "virtual" || kind == "field") && !owner.empty()) {
    if (change.kind == ItemChange::Kind::Added) {
      // Something added to a class reaches the classes that derive from it, and the backend's classes that
      // derive from one of those: the files that name the class or a class derived from it.
      Needle needle{{{unqualified(owner)}}, true};
      if (auto it = derived.find(owner); it != derived.end()) {
        for (const auto& child : it->second) needle.alternatives.push_back({unqualified(child)});
      }
      return needle;
    }
    return {{{unqualified(owner), unqualified(name)}}, true};
  }
  return {{{unqualified(name)}}, true};  // class, function, macro, guard, enum or constant
}

// Whether `code` names `word`: as an identifier outside C++ comments, or anywhere for a header path.
bool names(const std::string& code, const std::string& word, bool whole_word) {
  return whole_word ? uses_identifier(code, word) : code.find(word) != std::string::npos;
}

bool is_code(const fs::path& path) {
  static const std::set<std::string> extensions = {".cc", ".cpp", ".cxx", ".h", ".hpp", ".cu", ".py", ".cmake"};
  return extensions.count(path.extension().string()) > 0 || path.filename() == "CMakeLists.txt";
}

struct CodeFile {
  std::string path;  // relative to the tree
  bool generated = false;
  std::string text;
};

std::vector<CodeFile> code_files(const fs::path& tree) {
  const auto manifest = read_manifest(tree);
  if (!manifest) {
    throw DiagnosticError({{tree.string(), 0, 0, "not a generated backend: it has no .accelgen/manifest.json",
                            "pass the directory `accelgen init` or `accelgen generate` wrote"}});
  }
  std::set<fs::path> yours;
  for (const auto& file : guide::user_code_files(tree)) yours.insert(file);
  std::vector<CodeFile> files;
  for (const auto& path : guide::files_under({tree})) {
    const std::string rel = path.lexically_relative(tree).generic_string();
    if (!is_code(path) || rel.starts_with("third_party/") || rel.starts_with(".accelgen/")) continue;
    std::error_code ec;
    if (fs::is_symlink(path, ec)) continue;  // read nothing outside the tree
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    files.push_back({rel, yours.count(path) == 0, text.str()});
  }
  return files;
}

// A line that is only a comment: it names the declaration without using it.
bool comment_line(const fs::path& path, const std::string& line) {
  const std::string text = line.substr(std::min(line.size(), line.find_first_not_of(" \t")));
  const std::string extension = path.extension().string();
  if (extension == ".py" || extension == ".cmake" || path.filename() == "CMakeLists.txt") return text.starts_with("#");
  return text.starts_with("//") || text.starts_with("/*") || text.starts_with("*");
}

// A line as a report shows it: trimmed, at most 120 characters.
std::string shown(const std::string& line) {
  const std::string text = trimmed(line);
  return text.size() <= 120 ? text : text.substr(0, 117) + "...";
}

// What to do about a change the backend uses, in one sentence.
std::string action_for(const ItemChange& change) {
  const std::string kind = kind_of(change.id);
  using K = ItemChange::Kind;
  const bool pure = change.new_detail.ends_with("= 0");
  if (kind == "virtual") {
    if (change.kind == K::Added) {
      return pure ? "a new pure virtual: implement it in the class that derives from this interface, or the backend "
                    "no longer compiles (an abstract class cannot be instantiated)"
                  : "a new virtual with a default: override it where the device has its own answer";
    }
    if (change.kind == K::Removed) {
      return "the virtual is gone: remove the override (its `override` no longer compiles)";
    }
    return "the signature changed: make the override match the new declaration exactly (`override` refuses any "
           "difference)";
  }
  if (kind == "class") {
    if (change.kind == K::Removed) return "the class is gone: replace what uses it";
    if (change.kind == K::Added) return "a new class: see whether the backend should implement or register one";
    return "its bases or template parameters changed: update the classes that derive from it or instantiate it";
  }
  if (kind == "field") return change.kind == K::Added ? "a new public field: nothing to do unless the backend sets it"
                                                      : "update the code that reads or writes the field";
  if (kind == "function") {
    if (change.kind == K::Removed) return "the function is gone: replace its calls";
    if (change.kind == K::Added) return "a new function: nothing calls it yet";
    return "its parameters changed: update the calls";
  }
  if (kind == "macro") {
    if (change.kind == K::Removed) return "the macro is gone: replace its uses";
    if (change.kind == K::Added) return "a new macro: see whether the backend must use it (a registration)";
    return "its parameters or expansion changed: update every use to the new parameter list";
  }
  if (kind == "header") {
    return change.kind == K::Removed ? "the header is gone: drop the #include or include where its declarations moved"
                                     : "a new header: include it where its declarations are used";
  }
  if (kind == "enum") {
    return change.kind == K::Removed ? "the constant is gone: replace its uses"
                                     : "the enumeration changed: check switches and tables over it";
  }
  if (kind == "schema") {
    if (change.kind == K::Removed) {
      return "torch no longer has this operator: its registration fails at load time; drop it from the spec's "
             "native operators (the catalog entry needs the knowledge-base change)";
    }
    if (change.kind == K::Added) return "torch has this operator now";
    return "the operator's schema changed: its kernel's signature and wrapper must follow it";
  }
  if (kind == "cxx-gate") return "the headers demand another C++ standard: set the backend's CMAKE_CXX_STANDARD to it";
  if (kind == "guard") return "a new configuration macro: check whether the backend must define it";
  return "review the uses";
}

}  // namespace

void attach_backend_uses(ContractDiff& diff, const Snapshot& new_snapshot, const fs::path& backend) {
  std::error_code ec;
  if (!fs::is_directory(backend, ec)) {
    throw DiagnosticError({{backend.string(), 0, 0, "not a directory", "pass a generated backend tree"}});
  }
  const auto files = code_files(backend);
  const auto derived = derived_classes(new_snapshot);
  diff.backend = backend.string();
  for (auto& change : diff.changes) {
    const Needle needle = needle_for(change, derived);
    for (const auto& file : files) {
      const auto named = [&](const std::string& word) { return names(file.text, word, needle.whole_word); };
      const auto alternative = std::find_if(needle.alternatives.begin(), needle.alternatives.end(),
                                            [&](const auto& words) { return std::all_of(words.begin(), words.end(), named); });
      if (alternative == needle.alternatives.end()) continue;
      const auto lines = split_lines(file.text);
      for (std::size_t i = 0; i < lines.size(); ++i) {
        if (!names(lines[i], alternative->back(), needle.whole_word) || comment_line(file.path, lines[i])) continue;
        if (needle.whole_word && trimmed(lines[i]).starts_with("#include")) continue;  // a path, not a use
        change.uses.push_back({file.path, static_cast<int>(i) + 1, file.generated, shown(lines[i])});
        break;
      }
    }
    if (!change.uses.empty()) change.action = action_for(change);
  }
}

}  // namespace accelgen::contract_diff
