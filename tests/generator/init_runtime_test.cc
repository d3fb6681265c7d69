// `accelgen init NAME --runtime accelsim|custom`: the written spec's device.runtime and the tree generated for it.
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
using testing_support::TempDir;

CommandResult accelgen(const std::string& args) { return testing_support::run_accelgen(args); }

TEST(InitRuntime, CustomWritesTheSpecFieldAndTheCustomScaffold) {
  TempDir tmp;
  const CommandResult run = accelgen("init gdev --runtime custom --dir " + tmp.path().string());
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("runtime custom"));
  const fs::path tree = tmp.path() / "gdev";
  EXPECT_THAT(read_text(tree / "accelgen.yaml"), HasSubstr("\n  runtime: custom\n"));
  EXPECT_FALSE(fs::exists(tree / "third_party/accelsim"));
  EXPECT_THAT(read_text(tree / "csrc/driver/driver.cc"), Not(HasSubstr("accelsim/accelsim.h")));
  EXPECT_THAT(read_text(tree / "csrc/driver/driver.cmake"), Not(HasSubstr("third_party/accelsim")));
  const CommandResult again = accelgen("generate " + tree.string());
  EXPECT_EQ(again.status, 0) << again.output;
  EXPECT_THAT(again.output, HasSubstr("Up to date"));
}

TEST(InitRuntime, TheDefaultIsAccelsimAndABadValueIsADiagnosticWithASuggestion) {
  TempDir tmp;
  ASSERT_EQ(accelgen("init adev --dir " + tmp.path().string()).status, 0);
  EXPECT_THAT(read_text(tmp.path() / "adev/accelgen.yaml"), HasSubstr("\n  runtime: accelsim\n"));
  const CommandResult bad = accelgen("init bdev --runtime custon --dir " + tmp.path().string());
  EXPECT_EQ(bad.status, 1);
  EXPECT_THAT(bad.output, HasSubstr("--runtime: error: unknown device runtime 'custon'"));
  EXPECT_THAT(bad.output, HasSubstr("did you mean 'custom'?"));
  EXPECT_THAT(bad.output, HasSubstr("accelsim (the bundled simulated runtime)"));
  EXPECT_FALSE(fs::exists(tmp.path() / "bdev"));
}

}  // namespace
}  // namespace accelgen
