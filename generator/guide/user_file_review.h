// What `generate` tells the user about their own files (the scaffolds accelgen wrote once and never rewrites):
// after a device.runtime switch, the ones that still belong to the old runtime, with the new runtime's scaffold
// written beside each; a scaffold the build needs that is missing; adapter functions the regenerated driver
// interface no longer declares. Everything is read through the tree's TreeFs (never through a link), under the
// update's lock (UpdateOptions::review_user_files).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "render/file_set.h"
#include "output/manifest.h"
#include "output/tree_fs.h"
#include "output/tree_writer.h"

namespace accelgen::guide {

/// Where the adapter's files live; every file here that the manifest does not list as generated is the user's.
inline constexpr const char* kDriverDir = "csrc/driver";

/// The device.runtime the tree was last generated with, from the spec copy the output stage keeps
/// (.accelgen/spec.yaml); nullopt when there is none or it cannot be read.
std::optional<std::string> recorded_runtime(const TreeFs& tree);

/// Whether the backend's build cannot do without this user-owned file: the driver adapter (driver.cc), its build
/// (driver.cmake) and the kernel file of each native operator (csrc/kernels/<function>.cc).
bool needed_by_build(const std::string& path);

/// The user-owned files of the generation that the build needs and that are missing, each with the command that
/// brings its scaffold back (`accelgen scaffold DIR PATH`), as one note; empty when none is missing.
std::vector<std::string> missing_build_file_notes(const TreeFs& tree, const std::vector<std::string>& user_paths);

/// After device.runtime changed from `before` to `after`: the user's files under csrc/driver/ that still belong to
/// `before` (file:line), and, for each of them that accelgen scaffolds, the fresh `after` scaffold from `rendered`
/// to write beside it as `<path>.<after>-scaffold`.
UserFileReview review_runtime_switch(const TreeFs& tree, const Manifest& previous, const std::string& before,
                                     const std::string& after, const FileSet& rendered);

/// For a tree whose device.runtime is not accelsim (and did not just change): the user's driver files that still
/// build or include the bundled simulated runtime, which the tree does not have (file:line), as one note.
std::vector<std::string> leftover_accelsim_notes(const TreeFs& tree, const Manifest& manifest,
                                                 const std::string& runtime);

/// The adapter's overrides (in the user's files under csrc/driver/, added files included) of functions the freshly
/// rendered csrc/driver/driver.h no longer declares, file:line, as one note; empty when there are none.
std::vector<std::string> stale_override_notes(const TreeFs& tree, const Manifest& previous, const FileSet& rendered);

}  // namespace accelgen::guide
