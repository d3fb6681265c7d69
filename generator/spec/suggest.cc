#include "spec/suggest.h"

#include <algorithm>
#include <cctype>

namespace accelgen {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions
  // ("cuont" -> "count" is one edit), case-insensitive.
  auto same = [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  };
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1])) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = 0;
  for (const auto& candidate : candidates) {
    const std::size_t d = edit_distance(word, candidate);
    if (best.empty() || d < best_distance) {
      best = candidate;
      best_distance = d;
    }
  }
  // Accept up to a third of the word's length in edits (at least 1, at most 3): close enough to be a typo.
  const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  return (!best.empty() && best_distance <= limit) ? best : std::string();
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) text += separator;
    text += items[i];
  }
  return text;
}

std::string suggestion_text(std::string_view word, const std::vector<std::string>& candidates) {
  std::string match = closest_match(word, candidates);
  std::string text = match.empty() ? std::string() : "did you mean '" + match + "'? ";
  return text + "allowed: " + join(candidates);
}

}  // namespace accelgen
