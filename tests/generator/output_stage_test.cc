// The output stage as an attacker and a careless user meet it, through the real command line: hostile manifests,
// symbolic links, concurrent runs, runs killed at every filesystem step, and the size of .accelgen/.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "output/manifest.h"
#include "test_support.h"

namespace accelgen {
namespace {

using ::testing::AnyOf;
using ::testing::HasSubstr;
using testing_support::CommandResult;
using testing_support::read_text;
using testing_support::run_accelgen;
using testing_support::run_command;
using testing_support::snapshot;
using testing_support::TempDir;
using testing_support::write_text;
namespace fs = std::filesystem;

/// `accelgen init mydevice --torch 2.6` in `parent`; returns the tree.
fs::path init_tree(const fs::path& parent) {
  const CommandResult r = run_accelgen("init mydevice --torch 2.6 --dir " + parent.string());
  EXPECT_EQ(r.status, 0) << r.output;
  return parent / "mydevice";
}

/// Every file of the tree but the lock file (which only holds the last holder's pid).
std::map<std::string, std::string> tree_state(const fs::path& dir) {
  auto files = snapshot(dir);
  files.erase(".accelgen/lock");
  return files;
}

void add_manifest_entry(const fs::path& dir, const std::string& path, const std::string& blob) {
  auto j = nlohmann::json::parse(read_text(dir / kManifestPath));
  j["files"][path] = {{"owner", "generated"}, {"git_blob_id", blob}};
  write_text(dir / kManifestPath, j.dump(2));
}

TEST(OutputStage, HostileManifestPathsAreRefusedAndNothingOutsideIsTouched) {
  TempDir tmp;
  const fs::path victim = tmp.path() / "victim.txt";
  for (const std::string& bad : {std::string("../victim.txt"), std::string("csrc/../../victim.txt"), victim.string(),
                                 std::string(".accelgen/manifest.json"), std::string(".git/config"),
                                 std::string("csrc//x")}) {
    SCOPED_TRACE(bad);
    TempDir parent;
    const fs::path dir = init_tree(parent.path());
    write_text(victim, "victim\n");
    add_manifest_entry(dir, bad, blob_id("victim\n"));
    const auto before = tree_state(dir);
    for (const char* dry : {" --dry-run", ""}) {
      const CommandResult r = run_accelgen(std::string("generate --torch 2.14") + dry + " " + dir.string());
      EXPECT_EQ(r.status, 1) << r.output;
      EXPECT_THAT(r.output, HasSubstr("the manifest lists an unsafe path"));
    }
    EXPECT_EQ(read_text(victim), "victim\n");
    EXPECT_EQ(tree_state(dir), before);
  }
}

TEST(OutputStage, MalformedBlobIdsAndOwnersInTheManifestAreRefused) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  add_manifest_entry(dir, "setup.cfg", "not-a-blob-id");
  const CommandResult r = run_accelgen("generate " + dir.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.output, HasSubstr("blob id for 'setup.cfg' is not 40 hex digits"));
}

TEST(OutputStage, NothingIsWrittenThroughASymlinkedDirectory) {
  TempDir parent, outside;
  const fs::path dir = init_tree(parent.path());
  fs::copy(dir / "csrc", outside.path() / "csrc", fs::copy_options::recursive);
  fs::remove_all(dir / "csrc");
  fs::create_directory_symlink(outside.path() / "csrc", dir / "csrc");
  const auto outside_before = snapshot(outside.path());
  const CommandResult r = run_accelgen("generate --torch 2.14 " + dir.string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("csrc: error: is a symbolic link"));
  EXPECT_EQ(snapshot(outside.path()), outside_before);
}

TEST(OutputStage, NothingIsWrittenThroughASymlinkedFile) {
  TempDir parent, outside;
  const fs::path dir = init_tree(parent.path());
  const fs::path victim = outside.path() / "victim.txt";
  write_text(victim, "victim\n");
  fs::remove(dir / "csrc/device.cc");
  fs::create_symlink(victim, dir / "csrc/device.cc");
  const CommandResult r = run_accelgen("generate --torch 2.14 " + dir.string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("device.cc: error: is a symbolic link"));
  EXPECT_EQ(read_text(victim), "victim\n");
}

TEST(OutputStage, AStaleStagingFileThatIsASymlinkIsNeverWrittenThrough) {
  // Older accelgen staged beside the user's files; a leftover (or planted) link there must not be followed.
  TempDir parent, outside;
  const fs::path dir = init_tree(parent.path());
  const fs::path victim = outside.path() / "victim.txt";
  write_text(victim, "victim\n");
  fs::create_symlink(victim, dir / "csrc/device.cc.accelgen-new");
  const CommandResult r = run_accelgen("generate --torch 2.14 " + dir.string());
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(read_text(victim), "victim\n");
  EXPECT_TRUE(fs::is_symlink(dir / "csrc/device.cc.accelgen-new"));
}

TEST(OutputStage, ASymlinkedStateDirectoryIsRefused) {
  TempDir parent, outside;
  const fs::path dir = init_tree(parent.path());
  fs::rename(dir / ".accelgen", outside.path() / "state");
  fs::create_directory_symlink(outside.path() / "state", dir / ".accelgen");
  const auto outside_before = snapshot(outside.path());
  const CommandResult r = run_accelgen("generate --torch 2.14 " + dir.string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("is a symbolic link"));
  EXPECT_EQ(snapshot(outside.path()), outside_before);
}

TEST(OutputStage, ASecondRunSaysWhoHoldsTheTreeAndWaits) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  const fs::path lock = dir / ".accelgen/lock";
  write_text(lock, "4242\n");
  // flock(1) holds the lock for a few seconds (longer than rendering takes), as a running accelgen (pid 4242)
  // would.
  const CommandResult r = run_command("(flock " + lock.string() + " sleep 6 & while flock -n " + lock.string() +
                                      " true; do sleep 0.02; done; " +
                                      ::accelgen::testing_support::accelgen_command() + " generate --torch 2.14 " + dir.string() +
                                      "; echo exit=$?; wait)");
  EXPECT_THAT(r.output, HasSubstr("another accelgen run (process 4242) is working on this tree"));
  EXPECT_THAT(r.output, HasSubstr("exit=0"));
}

TEST(OutputStage, ConcurrentRunsLeaveOneConsistentTree) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  for (int round = 0; round < 3; ++round) {
    const std::string bin = ::accelgen::testing_support::accelgen_command();
    const CommandResult r = run_command(bin + " generate --torch 2.14 " + dir.string() + " >/dev/null & " + bin +
                                        " generate --torch 2.6 " + dir.string() + " >/dev/null & " + bin +
                                        " generate --torch 2.14 " + dir.string() + " >/dev/null & wait");
    EXPECT_EQ(r.status, 0) << r.output;
    // Whichever run came last, the tree is exactly its output: regenerating for the recorded target is a no-op.
    const auto j = nlohmann::json::parse(read_text(dir / kManifestPath));
    const std::string torch = j["torch"]["min"].get<std::string>();
    const CommandResult again = run_accelgen("generate --dry-run --torch " + torch + " " + dir.string());
    EXPECT_THAT(again.output, HasSubstr("Up to date")) << again.output;
    EXPECT_FALSE(fs::exists(dir / ".accelgen/txn"));
  }
}

TEST(OutputStage, ARunKilledAtAnyStepIsCompletedOrRolledBackByTheNextCommand) {
  // The user edits the spec: a new display name (files updated) and graphs off (files removed).
  TempDir base;
  ASSERT_EQ(run_accelgen("init mydevice --torch 2.14 --dir " + (base.path() / "old").string()).status, 0);
  const fs::path original = base.path() / "old/mydevice";
  std::string spec = read_text(original / "accelgen.yaml");
  spec.replace(spec.find("display_name: mydevice"), 22, "display_name: My Device");
  spec.replace(spec.find("graphs: true"), 12, "graphs: false");
  write_text(original / "accelgen.yaml", spec);
  const auto old_state = tree_state(original);
  fs::create_directories(base.path() / "new");
  fs::copy(original, base.path() / "new/mydevice", fs::copy_options::recursive);
  const CommandResult full = run_accelgen("generate " + (base.path() / "new/mydevice").string());
  ASSERT_EQ(full.status, 0) << full.output;
  ASSERT_THAT(full.output, HasSubstr("remove"));
  const auto new_state = tree_state(base.path() / "new/mydevice");
  ASSERT_NE(old_state, new_state);

  int rolled_back = 0, completed = 0;
  for (int step = 1;; ++step) {
    ASSERT_LT(step, 500) << "the run never finished";
    SCOPED_TRACE("killed after step " + std::to_string(step));
    TempDir work;
    const fs::path dir = work.path() / "mydevice";
    fs::copy(original, dir, fs::copy_options::recursive);
    const CommandResult killed = run_command("ACCELGEN_TEST_KILL_AFTER_STEP=" + std::to_string(step) + " " +
                                             ::accelgen::testing_support::accelgen_command() + " generate " + dir.string());
    if (killed.status == 0) {
      EXPECT_EQ(tree_state(dir), new_state);
      break;
    }
    ASSERT_EQ(killed.status, 86) << killed.output;
    // The next command on the tree repairs it first and says so.
    const CommandResult next = run_accelgen("upgrade --to 2.14 --guide-only --format json -o " +
                                            (work.path() / "guide.json").string() + " " + dir.string());
    EXPECT_EQ(next.status, 0) << next.output;
    const auto state = tree_state(dir);
    if (state == old_state) {
      ++rolled_back;
    } else {
      EXPECT_EQ(state, new_state);
      ++completed;
    }
    EXPECT_THAT(next.output, AnyOf(HasSubstr("completed an interrupted accelgen run"),
                                   HasSubstr("had not changed any file yet"), HasSubstr("Wrote")));
  }
  EXPECT_GT(rolled_back, 0);
  EXPECT_GT(completed, 0);
}

TEST(OutputStage, TheStateDirectoryIsASmallFractionOfTheTree) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  std::uintmax_t state = 0, tree = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    const bool is_state = fs::relative(entry.path(), dir).string().starts_with(".accelgen/");
    (is_state ? state : tree) += entry.file_size();
  }
  EXPECT_LT(static_cast<double>(state), 0.15 * static_cast<double>(tree)) << state << " of " << tree;
  EXPECT_FALSE(fs::exists(dir / ".accelgen/pristine"));
}

TEST(OutputStage, EditsMergeAcrossAnUpgradeWithTheRebuiltBase) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  write_text(dir / "README.md", read_text(dir / "README.md") + "\nMy own last line.\n");
  const CommandResult r = run_accelgen("generate --torch 2.14 " + dir.string());
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("merge      README.md"));
  EXPECT_THAT(read_text(dir / "README.md"), HasSubstr("My own last line."));
  EXPECT_THAT(read_text(dir / "README.md"), HasSubstr("2.14"));
}

TEST(OutputStage, ADamagedMergeBaseIsAClearErrorWithAWayOut) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  // The recorded spec copy is edited by hand (say a tree-wide sed): the base no longer re-renders exactly.
  std::string copy = read_text(dir / ".accelgen/spec.yaml");
  copy.replace(copy.find("name: mydevice"), 14, "name: otherdev");
  write_text(dir / ".accelgen/spec.yaml", copy);
  write_text(dir / "README.md", read_text(dir / "README.md") + "\nMy own last line.\n");
  const auto before = tree_state(dir);
  const CommandResult r = run_accelgen("generate --torch 2.14 " + dir.string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("cannot rebuild the merge base"));
  EXPECT_THAT(r.output, HasSubstr("--no-merge-base"));
  EXPECT_EQ(tree_state(dir), before);
  // The way out: merge against nothing; the user's edit and the new output meet in conflict blocks.
  const CommandResult way_out = run_accelgen("generate --torch 2.14 --no-merge-base " + dir.string());
  EXPECT_EQ(way_out.status, 1) << way_out.output;
  EXPECT_THAT(way_out.output, HasSubstr("README.md"));
  EXPECT_THAT(read_text(dir / "README.md"), HasSubstr("My own last line."));
}

TEST(OutputStage, TheBaseComesFromGitWhenTheRecordedInputsNoLongerRender) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  ASSERT_EQ(run_command("cd " + dir.string() + " && git init -q && git add -A").status, 0);
  std::string copy = read_text(dir / ".accelgen/spec.yaml");
  copy.replace(copy.find("name: mydevice"), 14, "name: otherdev");
  write_text(dir / ".accelgen/spec.yaml", copy);
  write_text(dir / "README.md", read_text(dir / "README.md") + "\nMy own last line.\n");
  const CommandResult r = run_accelgen("generate --torch 2.14 " + dir.string());
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(read_text(dir / "README.md"), HasSubstr("My own last line."));
}

}  // namespace
}  // namespace accelgen
