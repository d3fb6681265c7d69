#include "guide/driver_functions.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>
#include <set>

namespace accelgen::guide {
namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// `text` with comments, string and character literals blanked out (newlines kept, so offsets and line numbers
/// stay those of the file): a function named in a comment or a message is no declaration.
std::string code_only(std::string_view text) {
  std::string out(text);
  enum class State { Code, LineComment, BlockComment, String, Char } state = State::Code;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const char c = out[i];
    const char next = i + 1 < out.size() ? out[i + 1] : '\0';
    switch (state) {
      case State::Code:
        if (c == '/' && next == '/') state = State::LineComment;
        else if (c == '/' && next == '*') state = State::BlockComment;
        else if (c == '"') state = State::String;
        else if (c == '\'' && !(i > 0 && std::isxdigit(static_cast<unsigned char>(out[i - 1])))) state = State::Char;
        else continue;
        out[i] = ' ';
        if (state == State::LineComment || state == State::BlockComment) out[++i] = ' ';
        break;
      case State::LineComment:
        if (c == '\n') state = State::Code;
        else out[i] = ' ';
        break;
      case State::BlockComment:
        if (c == '*' && next == '/') {
          out[i] = out[i + 1] = ' ';
          ++i;
          state = State::Code;
        } else if (c != '\n') {
          out[i] = ' ';
        }
        break;
      case State::String:
      case State::Char:
        if (c == '\\' && next != '\0' && next != '\n') {
          out[i] = out[i + 1] = ' ';
          ++i;
          break;
        }
        if ((state == State::String && c == '"') || (state == State::Char && c == '\'') || c == '\n') {
          state = State::Code;
        }
        if (c != '\n') out[i] = ' ';
        break;
    }
  }
  return out;
}

int line_of(const std::string& text, std::size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

std::size_t skip_space_back(const std::string& text, std::size_t end) {
  while (end > 0 && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  return end;
}

/// The identifier that ends at `end` (exclusive); its start in `start`. Empty if none ends there.
std::string word_before(const std::string& text, std::size_t end, std::size_t& start) {
  start = end;
  while (start > 0 && is_word_char(text[start - 1])) --start;
  return text.substr(start, end - start);
}

/// Every whole-word occurrence of `word` in [from, to).
std::vector<std::size_t> word_positions(const std::string& text, const std::string& word, std::size_t from,
                                        std::size_t to) {
  std::vector<std::size_t> found;
  for (std::size_t at = text.find(word, from); at != std::string::npos && at + word.size() <= to;
       at = text.find(word, at + 1)) {
    const bool starts = at == 0 || !is_word_char(text[at - 1]);
    const bool ends = at + word.size() >= text.size() || !is_word_char(text[at + word.size()]);
    if (starts && ends) found.push_back(at);
  }
  return found;
}

/// The function whose declarator ends before `override` at `at`: walks back over the qualifiers (const,
/// noexcept, noexcept(...), final, &) to the parameter list and takes the name in front of it.
std::optional<DriverFunctionUse> overridden_at(const std::string& code, std::size_t at) {
  static const std::set<std::string> qualifiers = {"const", "volatile", "noexcept", "final"};
  std::size_t end = skip_space_back(code, at);
  while (end > 0) {
    std::size_t start = 0;
    const std::string word = word_before(code, end, start);
    if (qualifiers.contains(word)) {
      end = skip_space_back(code, start);
      continue;
    }
    if (!word.empty()) return std::nullopt;  // not a function declarator (`using Base::f;` and the like)
    if (code[end - 1] == '&') {
      end = skip_space_back(code, end - 1);
      continue;
    }
    if (code[end - 1] != ')') return std::nullopt;
    int depth = 0;
    std::size_t open = end;
    while (open > 0) {
      const char c = code[--open];
      if (c == ')') ++depth;
      if (c == '(' && --depth == 0) break;
    }
    if (depth != 0) return std::nullopt;
    const std::string name = word_before(code, skip_space_back(code, open), start);
    if (name == "noexcept") {
      end = skip_space_back(code, start);
      continue;
    }
    if (name.empty()) return std::nullopt;
    return DriverFunctionUse{name, line_of(code, start)};
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::string> declared_driver_functions(std::string_view driver_h) {
  const std::string code = code_only(driver_h);
  std::vector<std::string> names;
  for (const std::size_t at : word_positions(code, "virtual", 0, code.size())) {
    const std::size_t paren = code.find_first_of("(;{}", at);
    if (paren == std::string::npos || code[paren] != '(') continue;
    std::size_t start = 0;
    const std::string name = word_before(code, skip_space_back(code, paren), start);
    if (name.empty() || (start > 0 && code[start - 1] == '~')) continue;  // the destructor
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names;
}

std::set<std::string> removed_driver_functions(std::string_view before, std::string_view after) {
  const auto had = declared_driver_functions(before);
  const auto has = declared_driver_functions(after);
  std::set<std::string> removed;
  for (const auto& name : had) {
    if (std::find(has.begin(), has.end(), name) == has.end()) removed.insert(name);
  }
  return removed;
}

std::vector<DriverFunctionUse> driver_overrides(std::string_view source) {
  const std::string code = code_only(source);
  // A class whose base list names Driver (driver::Driver, ::ns::driver::Driver): its body up to the matching brace.
  static const std::regex driver_class(R"(\b(class|struct)\s+[A-Za-z_]\w*[^;{()]*:[^;{()]*\bDriver\b[^;{()]*\{)");
  std::vector<DriverFunctionUse> uses;
  for (std::sregex_iterator it(code.begin(), code.end(), driver_class), end; it != end; ++it) {
    const std::size_t open = static_cast<std::size_t>(it->position() + it->length()) - 1;
    std::size_t close = open;
    for (int depth = 0; close < code.size(); ++close) {
      if (code[close] == '{') ++depth;
      if (code[close] == '}' && --depth == 0) break;
    }
    for (const std::size_t at : word_positions(code, "override", open, close)) {
      if (auto use = overridden_at(code, at)) uses.push_back(*use);
    }
  }
  return uses;
}

std::vector<DriverFunctionUse> stale_driver_overrides(std::string_view source, const std::set<std::string>& declared) {
  std::vector<DriverFunctionUse> stale;
  for (auto& use : driver_overrides(source)) {
    if (!declared.contains(use.name)) stale.push_back(std::move(use));
  }
  return stale;
}

}  // namespace accelgen::guide
