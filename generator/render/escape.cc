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

}  // namespace

std::string cpp_string(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (c == '?') {
      out += "\\?";  // no trigraph can form, whatever the compiler's mode
    } else if (is_control(static_cast<unsigned char>(c))) {
      out += formatted("\\%03o", static_cast<unsigned char>(c));  // three digits: nothing after can extend it
    } else {
      out += c;
    }
  }
  return out;
}

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

std::string py_string(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (is_control(static_cast<unsigned char>(c))) {
      out += formatted("\\x%02x", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

std::string toml_string(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (is_control(static_cast<unsigned char>(c))) {
      out += formatted("\\u%04X", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

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
