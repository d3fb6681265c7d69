// Text as lines, for code that renders or checks generated files line by line.
#pragma once

#include <string>
#include <vector>

namespace accelgen {

/// The lines of `text`, without their '\n'; a final newline does not start an empty last line.
inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

/// `line` without the blanks (spaces, tabs, a carriage return) at either end.
inline std::string trimmed(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace accelgen
