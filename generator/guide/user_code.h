// The user's own code in upgrade guidance: which files count, and the knowledge base's patterns run over them.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "contract/knowledge_base.h"

namespace accelgen::guide {

/// True for a directory that holds no code of the user's: hidden directories, Python virtual environments
/// (a pyvenv.cfg inside, venv*, env), build directories (build, build-*, build_*, cmake-build*, dist),
/// __pycache__, node_modules and *.egg-info. The one skip list of every scan.
bool skipped_directory(const std::filesystem::path& dir);

/// Every regular file of `roots` (files, or directories walked recursively without the skipped ones); sorted,
/// without duplicates.
std::vector<std::filesystem::path> files_under(const std::vector<std::filesystem::path>& roots);

/// The user code of a backend tree: every file under `dir` that the manifest does not list as generated
/// (user-owned scaffolds count as user code), without .accelgen/, the skipped directories and the bundled
/// third_party/accelsim. Sorted.
std::vector<std::filesystem::path> user_code_files(const std::filesystem::path& dir);

struct Hit {
  std::filesystem::path path;
  int line = 0;  // 1-based
  std::string change_id;
  contract::ChangeKind kind = contract::ChangeKind::NewFeature;
  contract::Landing landing;
  bool new_in_range = false;  // `from` may lack the change (otherwise it predates `from` but still applies)
  std::string message;
  std::string fix;
  std::string text;  // the offending line, trimmed
  bool missing = false;  // a "missing" pattern: something the change needs is absent (not a use to change)
};

/// Scans `files` with the patterns of every change that may be in effect at `to` (not known absent there): breaking or deprecated uses
/// in the target version, including deprecations that predate `from` (Hit::new_in_range tells them apart). One
/// hit per file, line and change. Hits are sorted by path, then line, then severity.
std::vector<Hit> scan_user_code(const contract::KnowledgeBase& kb, contract::TorchVersion from,
                                contract::TorchVersion to, const std::vector<std::filesystem::path>& files);

}  // namespace accelgen::guide
