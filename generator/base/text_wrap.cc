#include "base/text_wrap.h"

namespace accelgen {
namespace {

// The characters std::isspace accepts in the C locale.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

}  // namespace

std::vector<std::string> wrap_words(std::string_view text, std::size_t width, std::string_view prefix) {
  std::vector<std::string> lines;
  std::string line(prefix);
  bool empty = true;  // `line` holds no word yet
  std::size_t start = 0;
  while (true) {
    while (start < text.size() && is_space(text[start])) ++start;
    if (start == text.size()) break;
    std::size_t end = start;
    while (end < text.size() && !is_space(text[end])) ++end;
    const std::string_view word = text.substr(start, end - start);
    if (!empty && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line = prefix;
      empty = true;
    }
    if (!empty) line += ' ';
    line += word;
    empty = false;
    start = end;
  }
  if (!empty) lines.push_back(line);
  return lines;
}

std::vector<std::string> wrap_list(const std::string& head, const std::vector<std::string>& items,
                                   const std::string& tail, std::size_t indent, std::size_t width) {
  std::string one_line = head;
  for (std::size_t i = 0; i < items.size(); ++i) one_line += (i ? ", " : "") + items[i];
  one_line += tail;
  if (indent + one_line.size() <= width) return {one_line};
  std::vector<std::string> lines;
  const std::string continuation(head.size(), ' ');
  std::string line = head;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string piece = items[i] + (i + 1 < items.size() ? "," : tail);
    const bool first_on_line = line.size() == head.size();
    if (!first_on_line && indent + line.size() + 1 + piece.size() > width) {
      lines.push_back(line);
      line = continuation;
    }
    line += (line.size() == head.size() ? "" : " ") + piece;
  }
  lines.push_back(line);
  return lines;
}

}  // namespace accelgen
