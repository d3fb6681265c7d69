#include "contract/torch_version.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using accelgen::contract::TorchRange;
using accelgen::contract::TorchVersion;
namespace contract = accelgen::contract;

namespace {

class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() /
            ("accelgen-tv-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }
  void write(const fs::path& relative, const std::string& text) const {
    fs::create_directories((path_ / relative).parent_path());
    std::ofstream(path_ / relative) << text;
  }

 private:
  fs::path path_;
};

}  // namespace

TEST(TorchVersion, ParsesMajorMinorAndIgnoresPatchAndSuffix) {
  EXPECT_EQ(TorchVersion::parse("2.14"), (TorchVersion{2, 14}));
  EXPECT_EQ(TorchVersion::parse("2.14.1"), (TorchVersion{2, 14}));
  EXPECT_EQ(TorchVersion::parse(" 2.6.0+debian "), (TorchVersion{2, 6}));
  EXPECT_EQ(TorchVersion::parse("2.10.0a0+git1234"), (TorchVersion{2, 10}));
  EXPECT_EQ(TorchVersion::parse("v2.9"), (TorchVersion{2, 9}));
  EXPECT_EQ(TorchVersion::parse("1.13.1"), (TorchVersion{1, 13}));
}

TEST(TorchVersion, RejectsMalformedText) {
  for (const char* bad : {"", "2", "2.", "2.x", "two", "2.14.", "2.14.x", "2..14", ".14", "2.14!"}) {
    EXPECT_FALSE(TorchVersion::parse(bad).has_value()) << bad;
  }
}

TEST(TorchVersion, ComparesNumericallyNotLexically) {
  EXPECT_LT((TorchVersion{2, 6}), (TorchVersion{2, 14}));
  EXPECT_LT((TorchVersion{2, 9}), (TorchVersion{2, 10}));
  EXPECT_LT((TorchVersion{1, 13}), (TorchVersion{2, 0}));
  EXPECT_GT((TorchVersion{3, 0}), (TorchVersion{2, 14}));
  EXPECT_EQ((TorchVersion{2, 14}).to_string(), "2.14");
  EXPECT_EQ((TorchVersion{2, 6}).to_string(), "2.6");
}

TEST(TorchVersion, SupportedVersionsAre26To214) {
  const auto& v = contract::supported_versions();
  ASSERT_EQ(v.size(), 9u);
  EXPECT_EQ(v.front(), (TorchVersion{2, 6}));
  EXPECT_EQ(v.back(), (TorchVersion{2, 14}));
  for (std::size_t i = 1; i < v.size(); ++i) EXPECT_EQ(v[i].minor, v[i - 1].minor + 1);
  EXPECT_TRUE(contract::is_supported({2, 10}));
  EXPECT_FALSE(contract::is_supported({2, 5}));
  EXPECT_FALSE(contract::is_supported({2, 15}));
  EXPECT_FALSE(contract::is_supported({1, 13}));
  EXPECT_EQ(contract::supported_versions_text(), "2.6 to 2.14 (2.6, 2.7, 2.8, 2.9, 2.10, 2.11, 2.12, 2.13, 2.14)");
}

TEST(TorchRange, SingleDisplayAndVersionsIn) {
  TorchRange one{{2, 14}, {2, 14}};
  EXPECT_TRUE(one.single());
  EXPECT_EQ(one.display(), "2.14");
  TorchRange range{{2, 6}, {2, 14}};
  EXPECT_FALSE(range.single());
  EXPECT_EQ(range.display(), "2.6 to 2.14");
  EXPECT_TRUE(range.contains({2, 10}));
  EXPECT_FALSE(range.contains({2, 15}));
}

TEST(TorchRange, OneParserForVersionsAndRanges) {
  auto one = contract::parse_torch_range("2.14");
  ASSERT_TRUE(one) << one.problem;
  EXPECT_TRUE(one.range.single());
  EXPECT_EQ(one.range.max, (TorchVersion{2, 14}));
  auto range = contract::parse_torch_range("2.6:2.14");
  ASSERT_TRUE(range) << range.problem;
  EXPECT_EQ(range.range.display(), "2.6 to 2.14");
  auto reversed = contract::parse_torch_range("2.14:2.6");
  EXPECT_FALSE(reversed);
  EXPECT_NE(reversed.hint.find("lower bound first"), std::string::npos);
  auto unsupported = contract::parse_torch_range("1.13");
  EXPECT_FALSE(unsupported);
  EXPECT_NE(unsupported.problem.find("not supported"), std::string::npos) << unsupported.problem;
  EXPECT_FALSE(contract::parse_torch_range("2.6:"));
}

TEST(TorchRange, ValidateRangeExplainsWhatIsSupported) {
  EXPECT_EQ(contract::validate_range({{2, 6}, {2, 14}}), "");
  EXPECT_EQ(contract::validate_range({{2, 14}, {2, 14}}), "");
  const std::string debian = contract::validate_range({{1, 13}, {1, 13}});
  EXPECT_NE(debian.find("torch 1.13 is not supported"), std::string::npos) << debian;
  EXPECT_NE(debian.find("2.6 to 2.14"), std::string::npos) << debian;
  const std::string both = contract::validate_range({{2, 5}, {2, 15}});
  EXPECT_NE(both.find("2.5 and 2.15 are not supported"), std::string::npos) << both;
  const std::string empty = contract::validate_range({{2, 14}, {2, 6}});
  EXPECT_NE(empty.find("empty"), std::string::npos) << empty;
}

TEST(TorchRange, TorchVersionProblem) {
  EXPECT_EQ(contract::torch_version_problem("2.14"), "");
  EXPECT_EQ(contract::torch_version_problem("2.6.0"), "");
  EXPECT_NE(contract::torch_version_problem("1.13").find("torch 1.13 is not supported; accelgen supports torch 2.6 to 2.14"),
            std::string::npos);
  EXPECT_NE(contract::torch_version_problem("latest").find("is not a torch version"), std::string::npos);
}

TEST(DetectTorch, DebianMultiarchCMakeConfig) {
  TempDir d;
  d.write("lib/x86_64-linux-gnu/cmake/Torch/TorchConfigVersion.cmake",
          "set(PACKAGE_VERSION \"2.14.1\")\n\nif(PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)\n");
  auto r = contract::detect_torch_version(d.path());
  ASSERT_TRUE(r) << r.error;
  EXPECT_EQ(r.torch->version, (TorchVersion{2, 14}));
  EXPECT_EQ(r.torch->full_version, "2.14.1");
  EXPECT_EQ(r.torch->evidence.filename(), "TorchConfigVersion.cmake");
}

TEST(DetectTorch, PlainLibCMakeConfigWinsOverHeader) {
  TempDir d;
  d.write("lib/cmake/Torch/TorchConfigVersion.cmake", "set(PACKAGE_VERSION \"2.6.0\")\n");
  d.write("include/torch/csrc/api/include/torch/version.h",
          "#define TORCH_VERSION_MAJOR 2\n#define TORCH_VERSION_MINOR 9\n");
  auto r = contract::detect_torch_version(d.path());
  ASSERT_TRUE(r) << r.error;
  EXPECT_EQ(r.torch->version, (TorchVersion{2, 6}));
}

TEST(DetectTorch, VersionHeader26Style) {
  TempDir d;
  d.write("include/torch/csrc/api/include/torch/version.h",
          "#pragma once\n#define TORCH_VERSION_MAJOR 2\n#define TORCH_VERSION_MINOR 6\n#define TORCH_VERSION_PATCH 0\n"
          "#define TORCH_VERSION \"2.6.0\"\n");
  auto r = contract::detect_torch_version(d.path());
  ASSERT_TRUE(r) << r.error;
  EXPECT_EQ(r.torch->version, (TorchVersion{2, 6}));
  EXPECT_EQ(r.torch->full_version, "2.6.0");
}

TEST(DetectTorch, VersionHeader214FollowsHeaderOnly) {
  TempDir d;
  d.write("include/torch/csrc/api/include/torch/version.h", "#pragma once\n#include <torch/headeronly/version.h>\n");
  d.write("include/torch/headeronly/version.h",
          "#define TORCH_VERSION_MAJOR 2\n#define TORCH_VERSION_MINOR 14\n#define TORCH_VERSION_PATCH 1\n");
  auto r = contract::detect_torch_version(d.path());
  ASSERT_TRUE(r) << r.error;
  EXPECT_EQ(r.torch->version, (TorchVersion{2, 14}));
  EXPECT_EQ(r.torch->evidence.filename(), "version.h");
  EXPECT_NE(r.torch->evidence.string().find("headeronly"), std::string::npos);
}

TEST(DetectTorch, SitePackagesAndTorchPackageDir) {
  TempDir d;
  d.write("torch/share/cmake/Torch/TorchConfigVersion.cmake", "set(PACKAGE_VERSION \"2.11.0\")\n");
  d.write("torch/version.py", "__version__ = '2.11.0+cpu'\n");
  auto from_site = contract::detect_torch_version(d.path());
  ASSERT_TRUE(from_site) << from_site.error;
  EXPECT_EQ(from_site.torch->version, (TorchVersion{2, 11}));
  auto from_pkg = contract::detect_torch_version(d.path() / "torch");
  ASSERT_TRUE(from_pkg) << from_pkg.error;
  EXPECT_EQ(from_pkg.torch->version, (TorchVersion{2, 11}));

  TempDir only_py;
  only_py.write("torch/version.py", "__version__ = '2.8.1'\ndebug = False\n");
  auto py = contract::detect_torch_version(only_py.path());
  ASSERT_TRUE(py) << py.error;
  EXPECT_EQ(py.torch->version, (TorchVersion{2, 8}));
}

// `pip install torch` into a venv: --torch-prefix may name the venv; a root filesystem holds torch under usr/.
TEST(DetectTorch, VirtualEnvironmentAndRootFilesystem) {
  TempDir venv;
  venv.write("lib/python3.14/site-packages/torch/share/cmake/Torch/TorchConfigVersion.cmake",
             "set(PACKAGE_VERSION \"2.11.0\")\n");
  venv.write("lib/python3.14/site-packages/torch/version.py", "__version__ = '2.11.0+cpu'\n");
  auto from_venv = contract::detect_torch_version(venv.path());
  ASSERT_TRUE(from_venv) << from_venv.error;
  EXPECT_EQ(from_venv.torch->version, (TorchVersion{2, 11}));
  EXPECT_NE(from_venv.torch->evidence.string().find("site-packages/torch/share/cmake"), std::string::npos);

  TempDir rootfs;
  rootfs.write("usr/lib/x86_64-linux-gnu/cmake/Torch/TorchConfigVersion.cmake", "set(PACKAGE_VERSION \"2.14.1\")\n");
  auto from_rootfs = contract::detect_torch_version(rootfs.path());
  ASSERT_TRUE(from_rootfs) << from_rootfs.error;
  EXPECT_EQ(from_rootfs.torch->version, (TorchVersion{2, 14}));
}

TEST(DetectTorch, UnsupportedVersionIsReportedNotHidden) {
  TempDir d;  // Debian bookworm ships torch 1.13: detection reports it, validate_range refuses it.
  d.write("lib/x86_64-linux-gnu/cmake/Torch/TorchConfigVersion.cmake", "set(PACKAGE_VERSION \"1.13.1\")\n");
  auto r = contract::detect_torch_version(d.path());
  ASSERT_TRUE(r) << r.error;
  EXPECT_EQ(r.torch->version, (TorchVersion{1, 13}));
  EXPECT_NE(contract::validate_range({r.torch->version, r.torch->version}).find("not supported"), std::string::npos);
}

TEST(DetectTorch, NothingFound) {
  TempDir d;
  d.write("include/other.h", "int x;\n");
  auto r = contract::detect_torch_version(d.path());
  EXPECT_FALSE(r);
  EXPECT_NE(r.error.find("no torch installation found under"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("lib/python3.*/site-packages/torch (a virtual environment)"), std::string::npos) << r.error;
  auto missing = contract::detect_torch_version(d.path() / "does-not-exist");
  EXPECT_FALSE(missing);
  EXPECT_NE(missing.error.find("does not exist"), std::string::npos);
}

TEST(DetectTorch, AcceptsAFileDirectly) {
  TempDir d;
  d.write("TorchConfigVersion.cmake", "set(PACKAGE_VERSION \"2.12.0\")\n");
  auto r = contract::detect_torch_version(d.path() / "TorchConfigVersion.cmake");
  ASSERT_TRUE(r) << r.error;
  EXPECT_EQ(r.torch->version, (TorchVersion{2, 12}));
}
