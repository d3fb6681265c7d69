// Paths inside a backend tree, as they appear in the manifest, the journal and the rendered file set. Every one
// of them is untrusted input (a cloned repository can carry any manifest): it must be a plain relative path
// that stays inside the tree and never names accelgen's own bookkeeping or a repository's metadata.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace accelgen {

/// Why `path` is not a safe tree path, or nullopt if it is. Refused: empty, absolute, backslashes, NUL and
/// control characters, empty / "." / ".." components, and paths under .accelgen/ or .git/.
std::optional<std::string> tree_path_problem(std::string_view path);

/// Like tree_path_problem, but allows accelgen's own files under .accelgen/ (for the journal's entries).
std::optional<std::string> internal_tree_path_problem(std::string_view path);

}  // namespace accelgen
