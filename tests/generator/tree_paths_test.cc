// Tree paths from the manifest, the journal and the renderer: only plain relative paths inside the tree.
#include "output/tree_paths.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace accelgen {
namespace {

using ::testing::HasSubstr;

TEST(TreePaths, PlainRelativePathsAreAccepted) {
  for (const char* path : {"setup.py", "csrc/device.cc", "torch_mydevice/__init__.py", ".gitignore", "a/.b/c"}) {
    EXPECT_EQ(tree_path_problem(path), std::nullopt) << path;
  }
}

TEST(TreePaths, EscapesAndOddShapesAreRefused) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "empty"},
      {"/etc/passwd", "absolute"},
      {"../x", "'..' component"},
      {"csrc/../../x", "'..' component"},
      {"./x", "'.' component"},
      {"csrc//x", "empty component"},
      {"csrc/", "empty component"},
      {"a\\\\b", "backslash"},
      {"a\nb", "control character"},
      {".accelgen/manifest.json", "inside accelgen's own .accelgen/"},
      {".accelgen", "inside accelgen's own .accelgen/"},
      {".git/config", "inside the repository's .git/"},
  };
  for (const auto& [path, why] : cases) {
    ASSERT_TRUE(tree_path_problem(path).has_value()) << path;
    EXPECT_THAT(*tree_path_problem(path), HasSubstr(why)) << path;
  }
}

TEST(TreePaths, InternalPathsMayNameTheStateDirectoryButNotGit) {
  EXPECT_EQ(internal_tree_path_problem(".accelgen/txn/3"), std::nullopt);
  EXPECT_TRUE(internal_tree_path_problem(".git/hooks/pre-commit").has_value());
  EXPECT_TRUE(internal_tree_path_problem("../.accelgen/txn/3").has_value());
}

}  // namespace
}  // namespace accelgen
