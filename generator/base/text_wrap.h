// Breaking text into lines of at most a given width: prose into words (comments, reports), and argument lists
// the way clang-format breaks them (generated code). The one implementation every stage uses.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace accelgen {

/// `text`'s words (separated by any whitespace, which is not kept) as lines of at most `width` columns, each line
/// `prefix` followed by its words joined by single spaces. A word too long for a line gets a line of its own.
/// No words: no lines.
std::vector<std::string> wrap_words(std::string_view text, std::size_t width, std::string_view prefix = "");

/// `head` + items joined by ", " + `tail`, broken into lines of at most `width` columns (the first line indented
/// by `indent` spaces when it is measured, continuation lines aligned under the first item), as clang-format does.
std::vector<std::string> wrap_list(const std::string& head, const std::vector<std::string>& items,
                                   const std::string& tail, std::size_t indent, std::size_t width = 120);

}  // namespace accelgen
