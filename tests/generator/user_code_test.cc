// The user-code scan of upgrade guidance (guide/user_code.h): which files it reads, and the knowledge base's
// patterns over the hand-written fixture backend (tests/generator/fixtures/user_code).
#include "guide/user_code.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <tuple>

#include "test_support.h"

#ifndef ACCELGEN_SOURCE_DIR
#error "ACCELGEN_SOURCE_DIR must point at the repository root"
#endif

namespace {

namespace fs = std::filesystem;
namespace guide = accelgen::guide;

const fs::path kSourceDir = ACCELGEN_SOURCE_DIR;

const accelgen::contract::KnowledgeBase& kb() {
  static const auto kb = accelgen::contract::KnowledgeBase::load_file(kSourceDir / "knowledge" / "torch-changes.yaml");
  return kb;
}

TEST(ScanUserCode, FindsEveryBreakingPatternInTheFixtureTree) {
  const fs::path root = kSourceDir / "tests" / "generator" / "fixtures" / "user_code";
  auto hits = guide::scan_user_code(kb(), {2, 6}, {2, 14}, guide::files_under({root}));
  std::set<std::tuple<std::string, int, std::string>> got;
  for (const auto& h : hits) {
    got.emplace(fs::relative(h.path, root).generic_string(), h.line, h.change_id);
    EXPECT_FALSE(h.message.empty());
    EXPECT_FALSE(h.fix.empty());
  }
  const std::set<std::tuple<std::string, int, std::string>> expected{
      {"CMakeLists.txt", 3, "cxx20-required"},
      {"CMakeLists.txt", 5, "torch-cxx-abi-flag-removed"},
      {"CMakeLists.txt", 7, "torch-stable-only-guard"},
      {"setup.py", 7, "cxx20-required"},
      {"setup.py", 7, "torch-cxx-abi-flag-removed"},
      {"csrc/hooks.cpp", 7, "hooks-is-available-required"},
      {"csrc/hooks.cpp", 10, "accelerator-empty-host-cache"},
      {"csrc/hooks.cpp", 14, "generator-via-hooks-get-new-generator"},
      {"csrc/hooks.cpp", 16, "lazy-init-privateuse1-deprecated"},
      {"csrc/allocator.cpp", 3, "device-allocator-base-class"},
      {"csrc/host_allocator.h", 5, "caching-host-allocator-interface-two-args"},
      {"csrc/tensor_impl.h", 5, "sym-custom-contiguity"},
      {"csrc/tensor_impl.h", 6, "sym-custom-contiguity"},
      {"csrc/named.cpp", 1, "named-tensors-removed"},
      {"csrc/named.cpp", 4, "named-tensors-removed"},
      {"csrc/named.cpp", 8, "named-tensors-removed"},
      {"csrc/profiler.cpp", 4, "profiler-observer-single-arg"},
      {"tests/test_device.py", 2, "privateuse1-available-helper-moved"},
  };
  for (const auto& e : expected) {
    EXPECT_TRUE(got.count(e)) << "missing hit " << std::get<0>(e) << ":" << std::get<1>(e) << " " << std::get<2>(e);
  }
  for (const auto& g : got) {
    EXPECT_TRUE(expected.count(g)) << "unexpected hit " << std::get<0>(g) << ":" << std::get<1>(g) << " "
                                   << std::get<2>(g);
  }
  // hooks.cpp lacks both isAvailable and isBuilt: two patterns of the same change, one hit per file, line, change.
  auto hooks_hits = std::count_if(hits.begin(), hits.end(), [](const guide::Hit& h) {
    return h.change_id == "hooks-is-available-required";
  });
  EXPECT_EQ(hooks_hits, 1);
  // Sorted by path then line, and the pre-2.6 deprecation is marked as not new in the range.
  for (std::size_t i = 1; i < hits.size(); ++i) {
    EXPECT_TRUE(hits[i - 1].path < hits[i].path ||
                (hits[i - 1].path == hits[i].path && hits[i - 1].line <= hits[i].line));
  }
  for (const auto& h : hits) {
    if (h.change_id == "lazy-init-privateuse1-deprecated") {
      EXPECT_FALSE(h.new_in_range);
    }
    if (h.change_id == "cxx20-required") {
      EXPECT_TRUE(h.new_in_range);
    }
  }
}

TEST(ScanUserCode, OnlyChangesInEffectAtTheTargetAreUsed) {
  const fs::path root = kSourceDir / "tests" / "generator" / "fixtures" / "user_code";
  auto hits = guide::scan_user_code(kb(), {2, 6}, {2, 7}, guide::files_under({root}));
  std::set<std::string> ids;
  for (const auto& h : hits) ids.insert(h.change_id);
  EXPECT_TRUE(ids.count("generator-via-hooks-get-new-generator"));
  EXPECT_TRUE(ids.count("lazy-init-privateuse1-deprecated"));
  EXPECT_FALSE(ids.count("cxx20-required"));
  EXPECT_FALSE(ids.count("named-tensors-removed"));

  // A single file can be given as a root.
  auto one = guide::scan_user_code(kb(), {2, 6}, {2, 14}, guide::files_under({root / "csrc" / "profiler.cpp"}));
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].line, 4);
  EXPECT_EQ(one[0].kind, accelgen::contract::ChangeKind::CompileError);
  EXPECT_NE(one[0].text.find("REGISTER_PRIVATEUSE1_OBSERVER"), std::string::npos);
}

TEST(UserCodeFiles, SkipsBuildDirectoriesAndVirtualEnvironmentsUnderEveryRoot) {
  accelgen::testing_support::TempDir tmp;
  const fs::path root = tmp.path();
  for (const char* rel : {"src/a.cc", "build/b.cc", "build-x/c.cc", "cmake-build-debug/d.cc", ".git/e", "venv/f.py",
                          "env2/pyvenv.cfg", "env2/g.py", "__pycache__/h.pyc", "pkg.egg-info/i", "dist/j"}) {
    accelgen::testing_support::write_text(root / rel, "x\n");
  }
  std::vector<std::string> got;
  for (const auto& p : guide::files_under({root})) got.push_back(p.lexically_relative(root).generic_string());
  EXPECT_EQ(got, (std::vector<std::string>{"src/a.cc"}));
  // A file named as a root is read even inside a skipped directory.
  EXPECT_EQ(guide::files_under({root / "build" / "b.cc"}).size(), 1u);
}

}  // namespace
