// "Did you mean" suggestions for misspelt keys and values.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace accelgen {

/// Levenshtein edit distance.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `word`, if it is close enough to be a plausible typo; empty otherwise.
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);

/// "did you mean 'x'? " when there is a close match, then "allowed: a, b, c".
std::string suggestion_text(std::string_view word, const std::vector<std::string>& candidates);

/// "a, b, c".
std::string join(const std::vector<std::string>& items, std::string_view separator = ", ");

}  // namespace accelgen
