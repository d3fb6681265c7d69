#include "output/tree_paths.h"

namespace accelgen {
namespace {

std::optional<std::string> shape_problem(std::string_view path) {
  if (path.empty()) return "the path is empty";
  if (path.size() > 1024) return "the path is longer than 1024 characters";
  if (path.front() == '/') return "the path is absolute; only paths relative to the tree are allowed";
  for (const char c : path) {
    if (c == '\\') return "the path contains a backslash";
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return "the path contains a control character";
  }
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    const std::string_view part = path.substr(start, end - start);
    if (part.empty()) return "the path has an empty component ('//' or a trailing '/')";
    if (part == "." || part == "..") return "the path has a '" + std::string(part) + "' component";
    start = end + 1;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> internal_tree_path_problem(std::string_view path) {
  if (auto problem = shape_problem(path)) return problem;
  if (path == ".git" || path.starts_with(".git/")) return "the path is inside the repository's .git/";
  return std::nullopt;
}

std::optional<std::string> tree_path_problem(std::string_view path) {
  if (auto problem = internal_tree_path_problem(path)) return problem;
  if (path == ".accelgen" || path.starts_with(".accelgen/")) return "the path is inside accelgen's own .accelgen/";
  return std::nullopt;
}

}  // namespace accelgen
