#include "guide/user_file_review.h"

#include <algorithm>
#include <regex>
#include <set>

#include "base/diagnostic.h"
#include "guide/driver_functions.h"
#include "base/text_lines.h"
#include "spec/spec_loader.h"

namespace accelgen::guide {
namespace {

constexpr const char* kDriverHeader = "csrc/driver/driver.h";
constexpr const char* kAdapterSource = "csrc/driver/driver.cc";
constexpr const char* kAdapterBuild = "csrc/driver/driver.cmake";

bool is_source(const std::string& name) {
  for (const char* ext : {".cc", ".cpp", ".cxx", ".c", ".h", ".hpp", ".hh"}) {
    if (name.ends_with(ext)) return true;
  }
  return false;
}

bool is_build_file(const std::string& name) { return name.ends_with(".cmake") || name == "CMakeLists.txt"; }

/// A file of the user's under csrc/driver/: its path and content.
struct UserFile {
  std::string path;
  std::string content;
};

/// The user's source and build files under csrc/driver/: whatever is there that neither the previous manifest nor
/// this generation lists as generated (the scaffolds, and files the user added such as opencl.h). Links and files
/// that cannot be read are left out: the update itself refuses a link where it writes.
std::vector<UserFile> user_driver_files(const TreeFs& tree, const Manifest& previous, const FileSet& rendered) {
  std::set<std::string> generated;
  for (const auto& [path, entry] : previous.files) {
    if (entry.owner == FileOwner::Generated) generated.insert(path);
  }
  for (const auto& f : rendered) {
    if (f.owner == FileOwner::Generated) generated.insert(f.path);
  }
  std::vector<UserFile> files;
  std::vector<std::string> names;
  try {
    names = tree.regular_files_in(kDriverDir);
  } catch (const DiagnosticError&) {
    return files;  // csrc/ is a link or not a directory: the update reports that
  }
  for (const auto& name : names) {
    const std::string path = std::string(kDriverDir) + "/" + name;
    if (generated.contains(path) || !(is_source(name) || is_build_file(name))) continue;
    try {
      if (auto content = tree.read(path, 4u << 20)) files.push_back({path, std::move(*content)});
    } catch (const DiagnosticError&) {
      // replaced by a link or grown too large since it was listed: nothing to say about it here
    }
  }
  return files;
}

/// Lines of `text` (1-based) on which `pattern` matches outside a comment (`//` or `#` to the end of the line).
std::vector<int> code_lines_matching(const std::string& text, const std::regex& pattern, const char* comment) {
  std::vector<int> found;
  int number = 0;
  for (const auto& line : split_lines(text)) {
    ++number;
    const std::string code = line.substr(0, line.find(comment));
    if (std::regex_search(code, pattern)) found.push_back(number);
  }
  return found;
}

/// "  DIR/PATH:LINE: WHAT".
std::string located(const TreeFs& tree, const std::string& path, int line, const std::string& what) {
  return "  " + tree.display(path) + ":" + std::to_string(line) + ": " + what;
}

}  // namespace

std::optional<std::string> recorded_runtime(const TreeFs& tree) {
  try {
    const auto text = tree.read(kSpecCopyPath, 1u << 20);
    if (!text) return std::nullopt;
    return runtime_name(parse_spec(*text, tree.display(kSpecCopyPath)).runtime);
  } catch (const DiagnosticError&) {
    return std::nullopt;  // a damaged copy: the merge base says so when it needs it
  }
}

bool needed_by_build(const std::string& path) {
  return path == kAdapterSource || path == kAdapterBuild ||
         (path.starts_with("csrc/kernels/") && path.ends_with(".cc"));
}

std::vector<std::string> missing_build_file_notes(const TreeFs& tree, const std::vector<std::string>& user_paths) {
  std::vector<std::string> missing;
  for (const auto& path : user_paths) {
    if (!needed_by_build(path)) continue;
    try {
      if (tree.kind(path) == TreeFs::Kind::Missing) missing.push_back(path);
    } catch (const DiagnosticError&) {
      // a folder on the way is a link: the update refuses it with its own message
    }
  }
  if (missing.empty()) return {};
  std::string dir = tree.root().string();
  std::string note = "The build needs these files of yours, and they are missing (accelgen scaffolds them once and "
                     "never writes them again; a deleted one stays deleted):";
  for (const auto& path : missing) {
    const bool kernel = path.starts_with("csrc/kernels/");
    note += "\n  " + tree.display(path) + " (" +
            (kernel ? "the kernel of a native operator in operators.native"
                    : path == kAdapterSource ? "your driver adapter" : "the build of your driver adapter") +
            "): `accelgen scaffold " + dir + " " + path + "` writes its scaffold again";
  }
  return {note};
}

namespace {

/// A file of the user's that does not fit the tree's device.runtime, and where.
struct Misfit {
  std::string path;
  std::string located;  // "  DIR/PATH:LINE: why"
};

/// The user's driver files that do not fit `runtime`: under a runtime other than accelsim, every line that still
/// builds or includes the bundled runtime (which the tree no longer has); under accelsim, when `expect_accelsim`,
/// an adapter (driver.cc, driver.cmake) that does not use it.
std::vector<Misfit> runtime_misfits(const TreeFs& tree, const Manifest& previous, const FileSet& rendered,
                                    const std::string& runtime, bool expect_accelsim) {
  static const std::regex builds_accelsim(R"(add_subdirectory\s*\([^)]*third_party/accelsim)");
  static const std::regex includes_accelsim(R"(^\s*#\s*include\s*[<"]accelsim/)");
  std::vector<Misfit> misfits;
  for (const auto& file : user_driver_files(tree, previous, rendered)) {
    const std::string name = file.path.substr(file.path.rfind('/') + 1);
    const bool build = is_build_file(name);
    const auto accelsim_lines =
        code_lines_matching(file.content, build ? builds_accelsim : includes_accelsim, build ? "#" : "//");
    if (runtime != "accelsim") {
      // The bundled runtime leaves the tree with device.runtime: accelsim; what still builds or includes it breaks.
      for (const int line : accelsim_lines) {
        misfits.push_back({file.path, located(tree, file.path, line,
                                              build ? "still add_subdirectory's third_party/accelsim, which this tree "
                                                      "no longer has (device.runtime: " + runtime + ")"
                                                    : "still includes <accelsim/...>, which this tree no longer has "
                                                      "(device.runtime: " + runtime + ")")});
      }
    } else if (expect_accelsim && accelsim_lines.empty() && (file.path == kAdapterSource || file.path == kAdapterBuild)) {
      // To accelsim: the adapter the user has still drives their own runtime; it builds, but does not use accelsim.
      misfits.push_back({file.path, located(tree, file.path, 1,
                                            build ? "does not build the bundled third_party/accelsim (no "
                                                    "add_subdirectory of it): your adapter still drives your own "
                                                    "runtime, not accelsim"
                                                  : "does not use accelsim (no #include <accelsim/accelsim.h>): your "
                                                    "adapter still drives your own runtime, not accelsim")});
    }
  }
  return misfits;
}

}  // namespace

std::vector<std::string> leftover_accelsim_notes(const TreeFs& tree, const Manifest& manifest,
                                                 const std::string& runtime) {
  const auto misfits = runtime_misfits(tree, manifest, {}, runtime, false);
  if (misfits.empty()) return {};
  std::string note = "These files of yours still use the bundled simulated runtime, which this tree (device.runtime: " +
                     runtime + ") does not have; the build stops there:";
  for (const auto& misfit : misfits) note += "\n" + misfit.located;
  note += "\n`accelgen scaffold --list " + tree.root().string() + "` lists the scaffolds; `accelgen scaffold " +
          tree.root().string() + " --beside PATH` writes a fresh one beside yours.";
  return {note};
}

UserFileReview review_runtime_switch(const TreeFs& tree, const Manifest& previous, const std::string& before,
                                     const std::string& after, const FileSet& rendered) {
  UserFileReview review;
  if (before == after) return review;
  std::vector<std::string> misfits;
  std::set<std::string> misfit_paths;
  for (auto& misfit : runtime_misfits(tree, previous, rendered, after, true)) {
    misfits.push_back(std::move(misfit.located));
    misfit_paths.insert(misfit.path);
  }
  if (misfits.empty()) return review;
  std::vector<std::string> beside_paths;
  for (const auto& f : rendered) {
    if (f.owner != FileOwner::User || !misfit_paths.contains(f.path)) continue;
    GeneratedFile fresh = f;
    fresh.path = f.path + "." + after + "-scaffold";
    beside_paths.push_back(tree.display(fresh.path));
    review.beside.push_back(std::move(fresh));
  }
  std::string note = "device.runtime changed: " + before + " -> " + after +
                     ". These files of yours no longer fit it (accelgen never rewrites them):";
  for (const auto& line : misfits) note += "\n" + line;
  if (!beside_paths.empty()) {
    note += "\nThe fresh " + after + " scaffold of each is beside it (never over it): ";
    for (std::size_t i = 0; i < beside_paths.size(); ++i) note += (i ? ", " : "") + beside_paths[i];
    note += ". Compare, keep what you need, then move the scaffold over your file (or change yours).";
  }
  review.notes.push_back(note);
  return review;
}

std::vector<std::string> stale_override_notes(const TreeFs& tree, const Manifest& previous, const FileSet& rendered) {
  const auto header = std::find_if(rendered.begin(), rendered.end(),
                                   [](const GeneratedFile& f) { return f.path == kDriverHeader; });
  if (header == rendered.end()) return {};
  const auto names = declared_driver_functions(header->content);
  const std::set<std::string> declared(names.begin(), names.end());
  std::vector<std::string> stale;
  for (const auto& file : user_driver_files(tree, previous, rendered)) {
    if (!is_source(file.path)) continue;
    for (const auto& use : stale_driver_overrides(file.content, declared)) {
      stale.push_back(located(tree, file.path, use.line, use.name + " ... override"));
    }
  }
  if (stale.empty()) return {};
  std::string note = "The driver interface (" + tree.display(kDriverHeader) +
                     ", as generated now) no longer declares these functions your adapter overrides (a capability "
                     "switched off in accelgen.yaml takes its functions out); delete them from your adapter, or its "
                     "build stops there:";
  for (const auto& line : stale) note += "\n" + line;
  return {note};
}

}  // namespace accelgen::guide
