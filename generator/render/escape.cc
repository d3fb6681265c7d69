#include "render/escape.h"

#include <cstdio>

namespace accelgen::escape {
namespace {

bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

std::string formatted(const char* format, unsigned value) {
  char buffer[16];
  std::snprintf(buffer, sizeof(buffer), format, value);
  return buffer;
}

// The inside of a double-quoted string literal: backslash and double quote escaped, every control byte spelled
// with `control_format`, and (for C++) '?' escaped so that no trigraph can form.
std::string quoted_string(std::string_view text, const char* control_format, bool escape_question_mark) {
  std::string out;
  for (const char c : text) {
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (escape_question_mark && c == '?') {
      out += "\\?";
    } else if (is_control(static_cast<unsigned char>(c))) {
      out += formatted(control_format, static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

// Octal with three digits: nothing after it can extend the escape.
std::string cpp_string(std::string_view text) { return quoted_string(text, "\\%03o", true); }

std::string cpp_comment(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (is_control(static_cast<unsigned char>(c))) {
      out += ' ';
      continue;
    }
    out += c;
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if ((c == '*' && next == '/') || (c == '/' && next == '*')) out += ' ';
  }
  // A backslash at the end of a line, even followed by spaces, splices the next line into the comment.
  if (!out.empty() && out.back() == '\\') out += '.';
  return out;
}

std::string py_string(std::string_view text) { return quoted_string(text, "\\x%02x", false); }

std::string toml_string(std::string_view text) { return quoted_string(text, "\\u%04X", false); }

std::string cmake_comment(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (is_control(static_cast<unsigned char>(c))) c = ' ';
  }
  return out;
}

std::string markdown_text(std::string_view text) {
  static constexpr std::string_view kSpecial = "\\`*_{}[]()<>#!|~&$";
  std::string out;
  for (const char c : text) {
    if (is_control(static_cast<unsigned char>(c))) {
      out += ' ';
      continue;
    }
    if (kSpecial.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

}  // namespace accelgen::escape
