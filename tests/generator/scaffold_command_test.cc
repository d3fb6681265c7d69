// `accelgen scaffold [TREE] PATH... [--beside]` and `--list`: missing user-owned scaffolds written again through the
// output stage, never over a file, never through a link; `generate` naming the command for a missing one.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support.h"

namespace accelgen {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;
using testing_support::CommandResult;
using testing_support::read_text;
using testing_support::snapshot;
using testing_support::TempDir;

CommandResult accelgen(const std::string& args) { return testing_support::run_accelgen(args); }

TEST(Scaffold, ListsWritesMissingOnesAndNeverOverwrites) {
  TempDir tmp;
  ASSERT_EQ(accelgen("init kdev --dir " + tmp.path().string()).status, 0);
  const fs::path tree = tmp.path() / "kdev";
  const std::string original = read_text(tree / "csrc/kernels/add_Tensor.cc");
  fs::remove(tree / "csrc/driver/driver.cc");
  fs::remove(tree / "csrc/kernels/add_Tensor.cc");

  // generate notices what the build needs, even on the no-op path, and names the command.
  const CommandResult generate = accelgen("generate " + tree.string());
  EXPECT_EQ(generate.status, 0) << generate.output;
  EXPECT_THAT(generate.output, HasSubstr("`accelgen scaffold " + tree.string() + " csrc/driver/driver.cc`"));
  EXPECT_THAT(generate.output, HasSubstr("`accelgen scaffold " + tree.string() + " csrc/kernels/add_Tensor.cc`"));

  const CommandResult list = accelgen("scaffold --list " + tree.string());
  EXPECT_EQ(list.status, 0) << list.output;
  EXPECT_THAT(list.output, HasSubstr("missing  csrc/driver/driver.cc"));
  EXPECT_THAT(list.output, HasSubstr("exists   csrc/driver/driver.cmake"));
  EXPECT_THAT(list.output, HasSubstr("missing  csrc/kernels/add_Tensor.cc"));

  const CommandResult typo = accelgen("scaffold " + tree.string() + " csrc/kernels/add_tensor.cc");
  EXPECT_EQ(typo.status, 1);
  EXPECT_THAT(typo.output, HasSubstr("did you mean 'csrc/kernels/add_Tensor.cc'?"));

  // All or nothing: one existing file refuses the whole command.
  auto before = snapshot(tree);
  before.erase(".accelgen/lock");  // holds the pid of the last run
  const CommandResult refused =
      accelgen("scaffold " + tree.string() + " csrc/driver/driver.cc csrc/driver/driver.cmake");
  EXPECT_EQ(refused.status, 1);
  EXPECT_THAT(refused.output, HasSubstr("driver.cmake: error: already exists; accelgen never overwrites"));
  EXPECT_THAT(refused.output, HasSubstr("--beside"));
  auto after = snapshot(tree);
  after.erase(".accelgen/lock");
  EXPECT_EQ(after, before);

  const CommandResult run = accelgen("scaffold " + tree.string() + " csrc/driver/driver.cc csrc/kernels/add_Tensor.cc");
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(read_text(tree / "csrc/kernels/add_Tensor.cc"), original);
  EXPECT_TRUE(fs::exists(tree / "csrc/driver/driver.cc"));
  EXPECT_THAT(accelgen("generate " + tree.string()).output, Not(HasSubstr("accelgen scaffold")));

  const CommandResult beside = accelgen("scaffold " + tree.string() + " --beside csrc/driver/driver.cmake");
  EXPECT_EQ(beside.status, 0) << beside.output;
  EXPECT_EQ(read_text(tree / "csrc/driver/driver.cmake.scaffold"), read_text(tree / "csrc/driver/driver.cmake"));
}

TEST(Scaffold, RefusesALinkAndWritesNothingOutsideTheTree) {
  TempDir tmp;
  ASSERT_EQ(accelgen("init ydev --dir " + tmp.path().string()).status, 0);
  const fs::path tree = tmp.path() / "ydev";
  fs::remove(tree / "csrc/driver/driver.cc");
  fs::create_symlink(tmp.path() / "elsewhere.cc", tree / "csrc/driver/driver.cc");
  const CommandResult run = accelgen("scaffold " + tree.string() + " csrc/driver/driver.cc");
  EXPECT_EQ(run.status, 1);
  EXPECT_FALSE(fs::exists(tmp.path() / "elsewhere.cc"));
  // A folder on the way that is a link is refused too.
  fs::rename(tree / "csrc/kernels", tmp.path() / "kernels");
  fs::create_directory_symlink(tmp.path() / "kernels", tree / "csrc/kernels");
  fs::remove(tmp.path() / "kernels/add_Tensor.cc");
  const CommandResult through = accelgen("scaffold " + tree.string() + " csrc/kernels/add_Tensor.cc");
  EXPECT_EQ(through.status, 1);
  EXPECT_THAT(through.output, HasSubstr("symbolic link"));
  EXPECT_FALSE(fs::exists(tmp.path() / "kernels/add_Tensor.cc"));
}

}  // namespace
}  // namespace accelgen
