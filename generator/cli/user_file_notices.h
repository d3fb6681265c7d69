// The notices `generate` and `upgrade` add about the user's own files (guide/user_file_review.h): a runtime
// switch, a missing scaffold the build needs, adapter overrides the driver interface no longer declares.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "output/tree_writer.h"
#include "output/generation.h"

namespace accelgen::cli {

/// The UpdateOptions::review_user_files of an update to `generation` (which must outlive the update).
std::function<UserFileReview(const TreeFs&, const Manifest&)> user_file_review(const Generation& generation);

/// For a tree that is up to date (nothing rendered), by its manifest: the missing user-owned files the build needs,
/// and under a device.runtime other than accelsim the user's driver files that still use the bundled runtime.
std::vector<std::string> up_to_date_notes(const std::filesystem::path& dir, const std::string& runtime);

}  // namespace accelgen::cli
