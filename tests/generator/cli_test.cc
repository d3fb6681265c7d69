// The command line as a user meets it: exit codes (0 ok, 1 user error, 2 bad usage), messages, --help, and the
// rule that a refused command writes nothing.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;
using testing_support::snapshot;
using testing_support::TempDir;
using testing_support::write_text;

using testing_support::CommandResult;

CommandResult accelgen(const std::string& args) { return testing_support::run_accelgen(args); }

CommandResult accelgen_shell(const std::string& command) { return testing_support::run_command(command); }

TEST(Cli, VersionAndHelp) {
  EXPECT_EQ(accelgen("--version").status, 0);
  EXPECT_THAT(accelgen("--version").output, HasSubstr("accelgen 0."));
  for (const char* sub : {"init", "generate", "validate", "scaffold"}) {
    const CommandResult run = accelgen(std::string(sub) + " --help");
    EXPECT_EQ(run.status, 0) << sub;
    EXPECT_THAT(run.output, HasSubstr("Usage:")) << sub;
  }
}

TEST(Cli, OnlyContractDiffLoadsLibclang) {
  // Every other command starts without LLVM: the main executable does not link libclang, and
  // `accelgen contract-diff` runs the accelgen-contract-diff helper beside it.
  const CommandResult libs = accelgen_shell("ldd " + ::accelgen::testing_support::accelgen_command());
  EXPECT_THAT(libs.output, Not(HasSubstr("libclang")));
  EXPECT_THAT(libs.output, Not(HasSubstr("libLLVM")));
  const CommandResult help = accelgen("contract-diff --help");
  EXPECT_EQ(help.status, 0) << help.output;
  EXPECT_THAT(help.output, HasSubstr("Usage: accelgen contract-diff"));
  const CommandResult bad = accelgen("contract-diff /nonexistent /nonexistent");
  EXPECT_EQ(bad.status, 1);
  EXPECT_THAT(bad.output, HasSubstr("/nonexistent: error: not a directory"));
  const CommandResult snapshot_and_two = accelgen("contract-diff --snapshot /nonexistent /a /b");
  EXPECT_EQ(snapshot_and_two.status, 1);
  EXPECT_THAT(snapshot_and_two.output, HasSubstr("--snapshot reads one tree and compares nothing"));
  // One tree is compared with the embedded contract of the newest known release: it must still be a tree.
  const CommandResult one = accelgen("contract-diff /nonexistent");
  EXPECT_EQ(one.status, 1);
  EXPECT_THAT(one.output, HasSubstr("/nonexistent: error: not a directory or a snapshot file"));
  const CommandResult none = accelgen("contract-diff");
  EXPECT_EQ(none.status, 1);
  EXPECT_THAT(none.output, HasSubstr("expected a torch tree to compare with the newest release accelgen knows"));
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

// ----- upgrade records its target in the spec; generate says when the target moves

/// A backend generated for torch 2.6 whose spec carries a comment of the user's.
std::filesystem::path init_for_2_6(const TempDir& tmp) {
  EXPECT_EQ(accelgen("init mydevice --torch 2.6 --dir " + tmp.path().string()).status, 0);
  const auto dir = tmp.path() / "mydevice";
  const std::string spec = testing_support::read_text(dir / "accelgen.yaml");
  write_text(dir / "accelgen.yaml", "# Our device, pinned to what CI runs.\n" + spec + "# end of spec\n");
  return dir;
}

/// Every file under `root` but a tree's lock file (which only holds the last holder's pid).
std::map<std::string, std::string> tree_state(const std::filesystem::path& root) {
  auto files = snapshot(root);
  std::erase_if(files, [](const auto& file) { return file.first.ends_with(".accelgen/lock"); });
  return files;
}

/// `text` with its one occurrence of `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(Cli, UpgradeRecordsItsTargetInTheSpecAndGenerateKeepsIt) {
  TempDir tmp;
  const auto dir = init_for_2_6(tmp);
  const std::string spec = testing_support::read_text(dir / "accelgen.yaml");
  CommandResult run = accelgen("upgrade --to 2.14 " + dir.string());
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("Recorded torch 2.14 in " + (dir / "accelgen.yaml").string()));
  // Only the value changed: every comment and every other byte of the user's spec are as they were.
  EXPECT_EQ(testing_support::read_text(dir / "accelgen.yaml"),
            replaced(spec, "\ntorch: \"2.6\"\n", "\ntorch: \"2.14\"\n"));
  ASSERT_TRUE(std::filesystem::exists(dir / "csrc/graph.cc")) << "graph capture is generated for 2.14";
  // The next generate keeps the 2.14 tree: nothing to change, no file deleted.
  const auto upgraded = tree_state(dir);
  run = accelgen("generate " + dir.string());
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("Up to date: nothing to change (torch 2.14)"));
  EXPECT_EQ(tree_state(dir), upgraded);
}

TEST(Cli, UpgradeToARangeRecordsTheRange) {
  TempDir tmp;
  const auto dir = init_for_2_6(tmp);
  const std::string spec = testing_support::read_text(dir / "accelgen.yaml");
  ASSERT_EQ(accelgen("upgrade --to 2.6:2.14 --format json " + dir.string()).status, 0);
  EXPECT_EQ(testing_support::read_text(dir / "accelgen.yaml"),
            replaced(spec, "\ntorch: \"2.6\"\n", "\ntorch: {min: \"2.6\", max: \"2.14\"}\n"));
  const CommandResult run = accelgen("generate " + dir.string());
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("Up to date: nothing to change (torch 2.6 to 2.14)"));
}

TEST(Cli, UpgradeWithConflictsStillRecordsTheTarget) {
  TempDir tmp;
  const auto dir = init_for_2_6(tmp);
  // An edit on the very line the upgrade changes.
  write_text(dir / "CMakeLists.txt", replaced(testing_support::read_text(dir / "CMakeLists.txt"),
                                              "set(CMAKE_CXX_STANDARD 17)", "set(CMAKE_CXX_STANDARD 17) # mine"));
  CommandResult run = accelgen("upgrade --to 2.14 " + dir.string());
  EXPECT_EQ(run.status, 1) << run.output;
  EXPECT_THAT(run.output, HasSubstr("have conflicts"));
  // The tree was regenerated for 2.14: the spec says so, and the generate the message recommends stays there.
  EXPECT_THAT(testing_support::read_text(dir / "accelgen.yaml"), HasSubstr("\ntorch: \"2.14\"\n"));
  write_text(dir / "CMakeLists.txt", "# resolved by hand\n");
  run = accelgen("generate " + dir.string());
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, Not(HasSubstr("torch target:")));
  EXPECT_TRUE(std::filesystem::exists(dir / "csrc/graph.cc"));
}

TEST(Cli, UpgradeGuideOnlyAndDryRunLeaveTheSpecAlone) {
  TempDir tmp;
  const auto dir = init_for_2_6(tmp);
  const auto before = tree_state(dir);
  CommandResult run = accelgen("upgrade --to 2.14 --guide-only " + dir.string());
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(run.output.find("ecord torch"), std::string::npos) << "--guide-only records nothing";
  EXPECT_EQ(tree_state(dir), before);
  run = accelgen("upgrade --to 2.14 --dry-run " + dir.string());
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("update     accelgen.yaml"));
  EXPECT_THAT(run.output, HasSubstr("Would record torch 2.14 in"));
  EXPECT_EQ(tree_state(dir), before);
}

TEST(Cli, UpgradeRefusesASpecThatIsASymbolicLinkWritingNothing) {
  TempDir tmp;
  const auto dir = init_for_2_6(tmp);
  std::filesystem::rename(dir / "accelgen.yaml", tmp.path() / "shared.yaml");
  std::filesystem::create_symlink(tmp.path() / "shared.yaml", dir / "accelgen.yaml");
  const auto before = tree_state(tmp.path());
  for (const char* flags : {"", "--dry-run "}) {
    const CommandResult run = accelgen("upgrade --to 2.14 " + std::string(flags) + dir.string());
    EXPECT_EQ(run.status, 1) << run.output;
    EXPECT_THAT(run.output, HasSubstr("accelgen.yaml: error: is a symbolic link")) << flags;
    EXPECT_EQ(tree_state(tmp.path()), before) << flags;
    EXPECT_TRUE(std::filesystem::is_symlink(dir / "accelgen.yaml"));
  }
}

TEST(Cli, GenerateSaysFirstWhenTheTorchTargetMoves) {
  TempDir tmp;
  const auto dir = init_for_2_6(tmp);
  ASSERT_EQ(accelgen("upgrade --to 2.14 " + dir.string()).status, 0);
  // The user puts the spec back to 2.6 by hand: the move back is the report's first line, dry run or not.
  const std::string spec = testing_support::read_text(dir / "accelgen.yaml");
  write_text(dir / "accelgen.yaml", replaced(spec, "\ntorch: \"2.14\"\n", "\ntorch: \"2.6\"\n"));
  const std::string back = "torch target: 2.14 -> 2.6 (from accelgen.yaml torch: \"2.6\"), back to an older torch\n"
                           "  to keep the tree at 2.14, run `accelgen upgrade --to 2.14`";
  const auto before = tree_state(dir);
  CommandResult run = accelgen("generate --dry-run " + dir.string());
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, StartsWith(back)) << run.output;
  EXPECT_THAT(run.output, HasSubstr("Would change (torch 2.6):"));
  EXPECT_EQ(tree_state(dir), before);
  run = accelgen("generate " + dir.string());
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, StartsWith(back)) << run.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "csrc/graph.cc"));
  // Forward again with --torch: said the same way, without the advice; then nothing moves, nothing is said.
  run = accelgen("generate --torch 2.14 " + dir.string());
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, StartsWith("torch target: 2.6 -> 2.14 (from --torch 2.14)\nChanged (torch 2.14):"));
  run = accelgen("generate --torch 2.14 " + dir.string());
  EXPECT_THAT(run.output, Not(HasSubstr("torch target:")));
}

}  // namespace
}  // namespace accelgen
