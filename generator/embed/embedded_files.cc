#include "embed/embedded_files.h"

#include <algorithm>

namespace accelgen::embedded {

std::optional<std::string_view> file(std::string_view path) {
  const auto& files = all_files();
  auto it = std::lower_bound(files.begin(), files.end(), path,
                             [](const EmbeddedFile& f, std::string_view p) { return f.path < p; });
  if (it == files.end() || it->path != path) return std::nullopt;
  return it->content;
}

std::vector<EmbeddedFile> files_under(std::string_view prefix) {
  std::vector<EmbeddedFile> result;
  for (const auto& f : all_files()) {
    if (f.path.starts_with(prefix)) result.push_back(f);
  }
  return result;
}

}  // namespace accelgen::embedded
