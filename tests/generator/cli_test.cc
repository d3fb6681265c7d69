// The command line as a user meets it: exit codes (0 ok, 1 user error, 2 bad usage), messages, --help, and the
// rule that a refused command writes nothing.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing_support::snapshot;
using testing_support::TempDir;
using testing_support::write_text;

using testing_support::CommandResult;

CommandResult accelgen(const std::string& args) { return testing_support::run_accelgen(args); }

CommandResult accelgen_shell(const std::string& command) { return testing_support::run_command(command); }

TEST(Cli, VersionAndHelp) {
  EXPECT_EQ(accelgen("--version").status, 0);
  EXPECT_THAT(accelgen("--version").output, HasSubstr("accelgen 0."));
  for (const char* sub : {"init", "generate", "validate"}) {
    const CommandResult run = accelgen(std::string(sub) + " --help");
    EXPECT_EQ(run.status, 0) << sub;
    EXPECT_THAT(run.output, HasSubstr("Usage:")) << sub;
  }
}

TEST(Cli, OnlyContractDiffLoadsLibclang) {
  // Every other command starts without LLVM: the main executable does not link libclang, and
  // `accelgen contract-diff` runs the accelgen-contract-diff helper beside it.
  const CommandResult libs = accelgen_shell("ldd " + std::string(ACCELGEN_BINARY));
  EXPECT_THAT(libs.output, Not(HasSubstr("libclang")));
  EXPECT_THAT(libs.output, Not(HasSubstr("libLLVM")));
  const CommandResult help = accelgen("contract-diff --help");
  EXPECT_EQ(help.status, 0) << help.output;
  EXPECT_THAT(help.output, HasSubstr("Usage: accelgen contract-diff"));
  const CommandResult bad = accelgen("contract-diff /nonexistent /nonexistent");
  EXPECT_EQ(bad.status, 1);
  EXPECT_THAT(bad.output, HasSubstr("/nonexistent: error: not a directory"));
}

TEST(Cli, BadUsageExitsTwo) {
  EXPECT_EQ(accelgen("").status, 2);
  EXPECT_EQ(accelgen("frobnicate").status, 2);
  EXPECT_EQ(accelgen("init").status, 2);
  EXPECT_EQ(accelgen("validate").status, 2);
  EXPECT_EQ(accelgen("init a b c").status, 2);
}

TEST(Cli, InitCreatesTheBackendAndRefusesToOverwrite) {
  TempDir tmp;
  CommandResult run = accelgen("init mydevice --dir " + tmp.path().string());
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_TRUE(std::filesystem::exists(tmp.path() / "mydevice/accelgen.yaml"));
  EXPECT_TRUE(std::filesystem::exists(tmp.path() / "mydevice/.accelgen/manifest.json"));
  const auto before = snapshot(tmp.path());
  run = accelgen("init mydevice --dir " + tmp.path().string());
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr("non-empty directory"));
  EXPECT_EQ(snapshot(tmp.path()), before);
}

TEST(Cli, InitRejectsBadNamesAndUnsupportedTorchWritingNothing) {
  TempDir tmp;
  CommandResult run = accelgen("init cuda --dir " + tmp.path().string());
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr("device type PyTorch already has"));
  run = accelgen("init My-Dev --dir " + tmp.path().string());
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr("lowercase"));
  run = accelgen("init mydevice --torch 1.13 --dir " + tmp.path().string());
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr("--torch: error: torch 1.13 is not supported"));
  EXPECT_THAT(run.output, HasSubstr("2.6"));
  EXPECT_THAT(run.output, HasSubstr("2.14"));
  EXPECT_TRUE(std::filesystem::is_empty(tmp.path()));
}

TEST(Cli, ValidatePrintsOkOrPositionedErrors) {
  TempDir tmp;
  ASSERT_EQ(accelgen("init mydevice --dir " + tmp.path().string()).status, 0);
  const auto spec = tmp.path() / "mydevice/accelgen.yaml";
  CommandResult run = accelgen("validate " + spec.string());
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.output, "ok\n");
  const auto bad = tmp.path() / "bad.yaml";
  write_text(bad, "accelgen: 1\ndevice:\n  name: mydevice\n  count: -3\ntorch: \"2.14\"\ndtypes: [float32, float17]\n");
  run = accelgen("validate " + bad.string());
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr(bad.string() + ":4:10: error:"));
  EXPECT_THAT(run.output, HasSubstr(bad.string() + ":6:19: error: unknown dtype 'float17'"));
  EXPECT_THAT(run.output, Not(HasSubstr("ok")));
}

TEST(Cli, GenerateRegeneratesAndKeepsEdits) {
  TempDir tmp;
  ASSERT_EQ(accelgen("init mydevice --dir " + tmp.path().string()).status, 0);
  const auto dir = tmp.path() / "mydevice";
  CommandResult run = accelgen("generate " + dir.string());
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("Up to date"));
  const auto before = snapshot(dir);
  // A spec error is reported with its position and changes nothing.
  write_text(dir / "accelgen.yaml", testing_support::read_text(dir / "accelgen.yaml") + "bogus: 1\n");
  run = accelgen("generate " + dir.string());
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr("unknown key 'bogus'"));
  auto after = snapshot(dir);
  after.erase("accelgen.yaml");
  auto expected = before;
  expected.erase("accelgen.yaml");
  EXPECT_EQ(after, expected);
}

TEST(Cli, GenerateWithoutSpecIsAUserError) {
  TempDir tmp;
  const CommandResult run = accelgen("generate " + tmp.path().string());
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr("no spec here"));
}

}  // namespace
}  // namespace accelgen
