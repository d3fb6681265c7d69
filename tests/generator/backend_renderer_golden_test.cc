// Golden outputs of the renderer beyond the committed example tree (generated_example/, torch 2.14, every default
// capability): a few files of a backend generated for the range 2.6 to 2.14 (version-dependent code behind
// MYDEVICE_TORCH_HAS_* guards and torch_has() checks) and of one with every capability off (what a first port
// starts from). Each file was picked because it carries many of its variant's branches; a template change that
// alters them shows here as a diff of real output, reviewed like generated_example/.
//
// When templates or the knowledge base change, rewrite the goldens with
//   ACCELGEN_UPDATE_GOLDENS=1 build/tests/generator/accelgen_tests --gtest_filter='RendererGolden*'
// and review the diff of tests/generator/golden/range-2.6-2.14/ and golden/capabilities-off-2.14/.
#include "render/backend_renderer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "model/capabilities.h"
#include "spec/spec_loader.h"
#include "test_support.h"

namespace accelgen {
namespace {

namespace fs = std::filesystem;
using testing_support::read_text;
using testing_support::write_text;

const fs::path kGoldenDir = fs::path(ACCELGEN_SOURCE_DIR) / "tests" / "generator" / "golden";
constexpr const char* kUpdateCommand =
    "ACCELGEN_UPDATE_GOLDENS=1 build/tests/generator/accelgen_tests --gtest_filter='RendererGolden*'";

bool updating() {
  const char* v = std::getenv("ACCELGEN_UPDATE_GOLDENS");
  return v != nullptr && std::string(v) == "1";
}

DeviceSpec default_spec() {
  return parse_spec(render_initial_spec("mydevice", "\"2.14\""), "accelgen.yaml");
}

TargetVersions versions(const char* min, const char* max) {
  return {*contract::TorchVersion::parse(min), *contract::TorchVersion::parse(max)};
}

// Compares `paths` of `files` with golden/<variant>/<path>, and checks the folder holds no other golden (a stale one
// would never be compared again).
void expect_goldens(const FileSet& files, const std::string& variant, const std::vector<std::string>& paths) {
  const fs::path dir = kGoldenDir / variant;
  for (const std::string& path : paths) {
    const auto file = std::find_if(files.begin(), files.end(), [&](const GeneratedFile& f) { return f.path == path; });
    ASSERT_NE(file, files.end()) << variant << ": the renderer wrote no " << path;
    if (updating()) {
      write_text(dir / path, file->content);
      continue;
    }
    ASSERT_TRUE(fs::exists(dir / path)) << "missing golden " << variant << "/" << path << "; create it with "
                                        << kUpdateCommand;
    const std::string expected = read_text(dir / path);
    if (expected != file->content) {
      std::size_t line = 1;
      for (std::size_t i = 0; i < expected.size() && i < file->content.size() && expected[i] == file->content[i]; ++i) {
        line += expected[i] == '\n';
      }
      ADD_FAILURE() << "tests/generator/golden/" << variant << "/" << path << " differs from the renderer's output "
                    << "(first difference at line " << line << "); if the change is intended, run:\n  "
                    << kUpdateCommand;
    }
  }
  std::set<std::string> expected(paths.begin(), paths.end());
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) {
      const std::string relative = fs::relative(entry.path(), dir).generic_string();
      EXPECT_TRUE(expected.count(relative) == 1) << "stale golden " << variant << "/" << relative;
    }
  }
}

TEST(RendererGolden, RangeFromTorch2_6To2_14) {
  // Both branches of every version difference, each behind the guard that detects it.
  expect_goldens(render_backend(default_spec(), versions("2.6", "2.14")), "range-2.6-2.14",
                 {"csrc/version.h", "csrc/device_allocator.h", "csrc/host_allocator.cc",
                  "src/torch_mydevice/_torch_features.py", "tests/test_pinned_memory.py"});
}

TEST(RendererGolden, EveryCapabilityOffForTorch2_14) {
  DeviceSpec spec = default_spec();
  for (const auto& c : capability_table()) spec.caps.*(c.field) = false;
  // The smallest driver interface and build, and the Python surface without the optional parts.
  expect_goldens(render_backend(spec, versions("2.14", "2.14")), "capabilities-off-2.14",
                 {"csrc/driver/driver.h", "CMakeLists.txt", "src/torch_mydevice/device_module.py",
                  "tests/test_pinned_memory.py"});
}

}  // namespace
}  // namespace accelgen
