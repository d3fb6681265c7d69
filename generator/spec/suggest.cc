#include "spec/suggest.h"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace accelgen {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), 0);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
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
