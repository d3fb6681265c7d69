// Two residue checks over a generated tree's C++ (tests/generator/generated_residue_test.cc runs them): project
// headers a file includes without using anything they declare, and helpers (functions with internal linkage) that
// their file defines and never calls. Both read the code as text, with comments and string literals taken out; the
// names a header declares are found by pattern (macros, types, aliases, constants, functions), enough for code
// written in this project's style.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace accelgen::testing_support {

/// `text` without its comments and with each string literal emptied, line numbers kept.
inline std::string code_only(const std::string& text) {
  std::string code;
  code.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "/*") == 0) {
      const std::size_t end = text.find("*/", i + 2);
      const std::size_t stop = end == std::string::npos ? text.size() : end + 2;
      for (std::size_t j = i; j < stop; ++j) {
        if (text[j] == '\n') code += '\n';
      }
      i = stop - 1;
    } else if (text.compare(i, 2, "//") == 0) {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
    } else if (text[i] == '"' && (i == 0 || text[i - 1] != '\'')) {
      code += "\"\"";
      for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i) {
        if (text[i] == '\\') ++i;
      }
    } else {
      code += text[i];
    }
  }
  return code;
}

/// The identifiers of a piece of code.
inline std::set<std::string> words_of(const std::string& code) {
  static const std::regex word("[A-Za-z_][A-Za-z0-9_]*");
  std::set<std::string> words;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), word); it != std::sregex_iterator(); ++it) {
    words.insert(it->str());
  }
  return words;
}

/// The names a header declares: macros, classes, structs, enums, aliases, constants and functions.
inline std::set<std::string> declared_names(const std::string& header_code) {
  static const std::vector<std::regex> patterns = {
      std::regex(R"(#\s*define\s+(\w+))"),
      std::regex(R"(\b(?:class|struct|enum class|enum|union)\s+(?:\[\[[^\]]*\]\]\s*)?(\w+))"),
      std::regex(R"(\busing\s+(\w+)\s*=)"),
      std::regex(R"((?:constexpr|const)\s+[\w:<>]+\s+(\w+)\s*[=\[{])"),
      // A function: a type (words, scopes, templates, pointers, references) and then the name and its `(`.
      std::regex(R"((?:^|\n)[ \t]*(?:(?:inline|static|constexpr|virtual|explicit|extern|\[\[\w+\]\])\s+)*)"
                 R"([A-Za-z_][\w:<>,*&\s]*?[\s*&](\w+)\s*\()"),
  };
  static const std::set<std::string> keywords = {"if", "for", "while", "switch", "return", "sizeof", "alignof",
                                                 "decltype", "static_assert", "catch", "defined", "operator"};
  std::set<std::string> names;
  for (const auto& pattern : patterns) {
    for (auto it = std::sregex_iterator(header_code.begin(), header_code.end(), pattern);
         it != std::sregex_iterator(); ++it) {
      if (!keywords.contains((*it)[1].str())) names.insert((*it)[1].str());
    }
  }
  return names;
}

/// The project headers (`#include "x.h"`) of every C++ file of a tree, and what each declares with what it
/// includes in turn. third_party/ (the bundled runtime) and .accelgen/ are not the backend's code.
class IncludeGraph {
 public:
  explicit IncludeGraph(const std::filesystem::path& tree) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(tree)) {
      const std::string file = std::filesystem::relative(entry.path(), tree).generic_string();
      if (!entry.is_regular_file() || file.starts_with("third_party/") || file.starts_with(".accelgen/")) continue;
      if (!file.ends_with(".h") && !file.ends_with(".cc")) continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      text_[file] = text.str();
      code_[file] = code_only(text.str());
    }
    static const std::regex include(R"(^#include "([^"]+)\"(.*)$)");
    for (const auto& [file, text] : text_) {
      std::istringstream lines(text);
      int number = 0;
      for (std::string line; std::getline(lines, line);) {
        ++number;
        std::smatch m;
        if (!std::regex_match(line, m, include)) continue;
        const std::string header = resolve(file, m[1]);
        if (!header.empty()) includes_[file].push_back({header, m[1], line, number});
      }
    }
  }

  // `#include "NAME"` lines that name a project header of which the file uses nothing ("file:line: NAME"). Not
  // counted: a file's own header (x.cc and x.h), and an include marked `IWYU pragma: keep` (kept for what it does
  // when compiled, such as version.h's check of the torch version). A header's include is also used when a file
  // that includes the header, and not the included one itself, uses it: the header gathers includes for them.
  std::vector<std::string> unused_includes() const {
    std::vector<std::string> found;
    for (const auto& [file, includes] : includes_) {
      for (const Include& inc : includes) {
        if (stem(inc.header) == stem(file) || inc.line.find("IWYU pragma: keep") != std::string::npos) continue;
        if (uses(without_line(code_.at(file), inc.number), inc.header)) continue;
        bool for_includers = false;
        for (const std::string& includer : includers_of(file)) {
          if (!includes_directly(includer, inc.header) && uses(code_.at(includer), inc.header)) for_includers = true;
        }
        if (!for_includers) found.push_back(file + ":" + std::to_string(inc.number) + ": " + inc.name);
      }
    }
    return found;
  }

 private:
  struct Include {
    std::string header;  // the tree's file
    std::string name;    // as the #include line writes it
    std::string line;
    int number = 0;
  };

  static std::string stem(const std::string& file) {
    return std::filesystem::path(file).replace_extension().generic_string();
  }

  static std::string without_line(const std::string& code, int number) {
    std::istringstream lines(code);
    std::string kept;
    int at = 0;
    for (std::string line; std::getline(lines, line);) {
      if (++at != number) kept += line + "\n";
    }
    return kept;
  }

  // The tree's file an include names: beside the including file, or under csrc/ (the backend's include root).
  std::string resolve(const std::string& file, const std::string& name) const {
    for (const std::filesystem::path& candidate :
         {std::filesystem::path(file).parent_path() / name, std::filesystem::path("csrc") / name}) {
      const std::string path = candidate.lexically_normal().generic_string();
      if (text_.contains(path)) return path;
    }
    return "";
  }

  bool includes_directly(const std::string& file, const std::string& header) const {
    const auto it = includes_.find(file);
    if (it == includes_.end()) return false;
    for (const Include& inc : it->second) {
      if (inc.header == header) return true;
    }
    return false;
  }

  // Every file that includes `header`, directly or through other headers.
  std::set<std::string> includers_of(const std::string& header) const {
    std::set<std::string> found;
    std::vector<std::string> pending = {header};
    while (!pending.empty()) {
      const std::string current = pending.back();
      pending.pop_back();
      for (const auto& [file, includes] : includes_) {
        if (includes_directly(file, current) && found.insert(file).second) pending.push_back(file);
      }
    }
    return found;
  }

  // What a header declares, with what the headers it includes declare. version.h includes torch_features.h, which
  // the build writes (its <NAME>_TORCH_HAS_<FEATURE> macros): that header stands for every such macro.
  const std::set<std::string>& names_of(const std::string& header) const {
    if (const auto it = names_.find(header); it != names_.end()) return it->second;
    std::set<std::string>& names = names_[header];  // empty while it is being computed: an include cycle ends
    std::set<std::string> collected = declared_names(code_.at(header));
    if (text_.at(header).find("#include \"torch_features.h\"") != std::string::npos) {
      collected.insert(kTorchFeatures);
    }
    if (const auto it = includes_.find(header); it != includes_.end()) {
      for (const Include& inc : it->second) {
        const auto& more = names_of(inc.header);
        collected.insert(more.begin(), more.end());
      }
    }
    names = std::move(collected);
    return names;
  }

  bool uses(const std::string& code, const std::string& header) const {
    const std::set<std::string>& names = names_of(header);
    for (const std::string& word : words_of(code)) {
      if (names.contains(word)) return true;
      if (names.contains(kTorchFeatures) && word.find("_TORCH_HAS_") != std::string::npos) return true;
    }
    return false;
  }

  static constexpr const char* kTorchFeatures = " torch_features.h";  // not an identifier: no word matches it

  std::map<std::string, std::string> text_, code_;
  std::map<std::string, std::vector<Include>> includes_;
  mutable std::map<std::string, std::set<std::string>> names_;
};

/// Functions with internal linkage (in an anonymous namespace, or `static` at namespace scope) that their .cc file
/// defines and never names again ("file:line: NAME, never called").
inline std::vector<std::string> unused_helpers(const std::string& file, const std::string& text) {
  if (!file.ends_with(".cc")) return {};
  const std::string code = code_only(text);
  static const std::regex opens_namespace(R"(^namespace\s*([\w:]*)\s*\{)");
  static const std::regex closes_namespace(R"(^\}\s*$)");
  static const std::regex function(R"(^(static\s+)?(?:inline\s+|constexpr\s+)*[A-Za-z_][\w:<>,*&\s]*?[\s*&](\w+)\()");
  std::vector<std::string> lines;
  {
    std::istringstream in(code);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  std::vector<std::string> raw;
  {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) raw.push_back(line);
  }
  std::vector<bool> anonymous;  // the open namespaces, innermost last
  std::vector<std::string> found;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::smatch m;
    if (std::regex_search(lines[i], m, opens_namespace)) {
      anonymous.push_back(m[1].str().empty());
      continue;
    }
    // `}  // namespace ...` closes a namespace (the comment is gone from the code, so read the line itself).
    if (std::regex_search(lines[i], closes_namespace) && i < raw.size() && raw[i].find("namespace") != std::string::npos) {
      if (!anonymous.empty()) anonymous.pop_back();
      continue;
    }
    if (!std::regex_search(lines[i], m, function)) continue;
    const bool internal = m[1].matched || std::find(anonymous.begin(), anonymous.end(), true) != anonymous.end();
    const std::string name = m[2];
    if (!internal || name == "operator") continue;
    // A definition: a `{` comes before any `;` (a declaration) within the next lines.
    std::string ahead;
    for (std::size_t j = i; j < lines.size() && j < i + 8; ++j) ahead += lines[j] + "\n";
    const std::size_t brace = ahead.find('{');
    const std::size_t semicolon = ahead.find(';');
    if (brace == std::string::npos || semicolon < brace) continue;
    const std::regex named("(^|[^A-Za-z0-9_])" + name + "($|[^A-Za-z0-9_])");
    const auto uses = std::distance(std::sregex_iterator(code.begin(), code.end(), named), std::sregex_iterator());
    if (uses <= 1) found.push_back(file + ":" + std::to_string(i + 1) + ": " + name + ", never called");
  }
  return found;
}

}  // namespace accelgen::testing_support
