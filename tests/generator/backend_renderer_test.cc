// Rendering the backend: deterministic, every file marked, no machine-specific text, features drive versions.
#include "plan/backend_renderer.h"

#include <accelgen_version.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

#include "spec/spec_loader.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

DeviceSpec default_spec(const std::string& name = "mydevice") {
  return parse_spec(render_initial_spec(name, "\"2.14\""), "accelgen.yaml");
}

TargetVersions v(const char* min, const char* max) {
  return {*contract::TorchVersion::parse(min), *contract::TorchVersion::parse(max)};
}

const GeneratedFile* find(const FileSet& files, const std::string& path) {
  for (const auto& f : files) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

TEST(BackendRenderer, IsDeterministic) {
  const FileSet a = render_backend(default_spec(), v("2.14", "2.14"));
  const FileSet b = render_backend(default_spec(), v("2.14", "2.14"));
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].path, b[i].path);
    EXPECT_EQ(a[i].content, b[i].content) << a[i].path;
  }
}

TEST(BackendRenderer, SortedUniquePathsWithTheDeviceNameSubstituted) {
  const FileSet files = render_backend(default_spec("npu2"), v("2.14", "2.14"));
  ASSERT_FALSE(files.empty());
  for (std::size_t i = 1; i < files.size(); ++i) EXPECT_LT(files[i - 1].path, files[i].path);
  for (const auto& f : files) {
    EXPECT_THAT(f.path, Not(HasSubstr("__name__")));
    EXPECT_THAT(f.path, Not(HasSubstr("__package__")));
    EXPECT_THAT(f.path, Not(HasSubstr(".mustache")));
  }
  EXPECT_NE(find(files, "torch_npu2/__init__.py"), nullptr);
  EXPECT_NE(find(files, "CMakeLists.txt"), nullptr);
  EXPECT_NE(find(files, "third_party/accelsim/include/accelsim/accelsim.h"), nullptr);
}

TEST(BackendRenderer, EveryCommentableFileStartsWithTheGeneratorHeader) {
  const std::string version = kVersion;
  for (const auto& f : render_backend(default_spec(), v("2.14", "2.14"))) {
    const std::string first_line = f.content.substr(0, f.content.find('\n'));
    if (f.path.ends_with(".json")) continue;  // JSON has no comments
    EXPECT_THAT(first_line, HasSubstr("accelgen " + version)) << f.path;
    if (!f.path.starts_with("third_party/")) {
      EXPECT_THAT(first_line, HasSubstr("accelgen.yaml")) << f.path;
    }
  }
}

TEST(BackendRenderer, NoTimestampsOrAbsolutePaths) {
  const std::regex date(R"(20[0-9][0-9]-[01][0-9]-[0-3][0-9])");
  for (const auto& f : render_backend(default_spec(), v("2.14", "2.14"))) {
    EXPECT_FALSE(std::regex_search(f.content, date)) << f.path;
    EXPECT_THAT(f.content, Not(HasSubstr("/work/"))) << f.path;
    EXPECT_THAT(f.content, Not(HasSubstr("/tmp/"))) << f.path;
    EXPECT_THAT(f.content, Not(HasSubstr(ACCELGEN_SOURCE_DIR))) << f.path;
  }
}

TEST(BackendRenderer, RuntimeIsBundledVerbatimAfterTheHeader) {
  const FileSet files = render_backend(default_spec(), v("2.14", "2.14"));
  const GeneratedFile* header = find(files, "third_party/accelsim/include/accelsim/accelsim.h");
  ASSERT_NE(header, nullptr);
  EXPECT_THAT(header->content, HasSubstr("accelsimError_t accelsimMalloc(void** dev_ptr, size_t size);"));
}

TEST(BackendRenderer, SingleVersionOutputHasNoVersionBranches) {
  for (const char* version : {"2.14"}) {
    for (const auto& f : render_backend(default_spec(), v(version, version))) {
      if (f.path.starts_with("third_party/") || f.path.ends_with("version.h")) continue;
      EXPECT_THAT(f.content, Not(HasSubstr("_TORCH_VERSION_GE("))) << f.path;
      EXPECT_THAT(f.content, Not(HasSubstr("COMPAT("))) << f.path;
    }
  }
}

TEST(BackendRenderer, DeviceNameReachesCodeAndPackage) {
  const FileSet files = render_backend(default_spec("npu2"), v("2.14", "2.14"));
  const GeneratedFile* init = find(files, "torch_npu2/__init__.py");
  ASSERT_NE(init, nullptr);
  EXPECT_THAT(init->content, HasSubstr("npu2"));
}

TEST(FileHeader, UsesTheCommentSyntaxOfTheFileType) {
  EXPECT_EQ(file_header("a/b.cc", "x\ny"), "// x\n// y\n");
  EXPECT_EQ(file_header("setup.py", "x"), "# x\n");
  EXPECT_EQ(file_header("CMakeLists.txt", "x"), "# x\n");
  EXPECT_EQ(file_header("m.json", "x"), "");
}

}  // namespace
}  // namespace accelgen
