// Writing trees: init never writes into a non-empty directory and never half-writes; generate keeps the
// user's work (edits merged, own files untouched, deletions kept) and writes nothing when nothing changed.
#include "output/tree_writer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "base/diagnostic.h"
#include "output/generation.h"
#include "test_support.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using testing_support::read_text;
using testing_support::snapshot;
using testing_support::TempDir;
using testing_support::write_text;
namespace fs = std::filesystem;

TreeInputs inputs(FileSet files) {
  TreeInputs in;
  in.files = std::move(files);
  in.spec_file = "accelgen.yaml";
  in.spec_content = "spec\n";
  in.manifest.accelgen_version = "test";
  in.manifest.torch_min = in.manifest.torch_max = "2.14";
  return in;
}

const std::string kHooks = "line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\n";

FileSet version_one() {
  return {{"csrc/hooks.cc", kHooks, FileOwner::Generated},
          {"csrc/user/kernels.cc", "// yours\n", FileOwner::User},
          {"setup.py", "setup()\n", FileOwner::Generated}};
}

/// Update options whose merge base is rebuilt as `previous` (what a re-render of the recorded spec returns).
UpdateOptions with_base(const FileSet& previous, bool dry_run = false) {
  UpdateOptions options;
  options.dry_run = dry_run;
  options.render_recorded = [previous](const std::string&, const Manifest&) { return previous; };
  return options;
}

/// The tree's files but the lock (which only records the last holder's pid).
std::map<std::string, std::string> state(const fs::path& dir) {
  auto files = snapshot(dir);
  files.erase(".accelgen/lock");
  return files;
}

TreeChange::Action action_for(const TreeReport& report, const std::string& path) {
  for (const auto& c : report.changes) {
    if (c.path == path) return c.action;
  }
  ADD_FAILURE() << "no change reported for " << path;
  return TreeChange::Action::Create;
}

TEST(TreeWriter, InitWritesSpecFilesManifestAndSpecCopyButNoSecondCopyOfTheTree) {
  TempDir tmp;
  write_new_tree(tmp.path() / "dev", inputs(version_one()));
  const auto files = snapshot(tmp.path() / "dev");
  EXPECT_EQ(files.at("accelgen.yaml"), "spec\n");
  EXPECT_EQ(files.at("csrc/hooks.cc"), kHooks);
  EXPECT_EQ(files.at(".accelgen/spec.yaml"), "spec\n");
  EXPECT_FALSE(fs::exists(tmp.path() / "dev/.accelgen/pristine"));
  EXPECT_THAT(files.at(".accelgen/manifest.json"), HasSubstr("\"csrc/hooks.cc\""));
  EXPECT_THAT(files.at(".accelgen/manifest.json"), HasSubstr(blob_id(kHooks)));
  // Nothing is left beside the tree (the staging directory is renamed into place).
  EXPECT_EQ(std::distance(fs::directory_iterator(tmp.path()), fs::directory_iterator()), 1);
}

TEST(TreeWriter, BlobIdMatchesGit) {
  // `printf 'hello\n' | git hash-object --stdin`
  EXPECT_EQ(blob_id("hello\n"), "ce013625030ba8dba906f756967f9e9ca394464a");
}

TEST(TreeWriter, InitRefusesANonEmptyDirectoryAndLeavesItAlone) {
  TempDir tmp;
  write_text(tmp.path() / "dev" / "mine.txt", "keep me\n");
  EXPECT_THROW(write_new_tree(tmp.path() / "dev", inputs(version_one())), DiagnosticError);
  EXPECT_EQ(snapshot(tmp.path() / "dev"), (std::map<std::string, std::string>{{"mine.txt", "keep me\n"}}));
}

TEST(TreeWriter, InitAcceptsAnEmptyDirectory) {
  TempDir tmp;
  fs::create_directories(tmp.path() / "dev");
  write_new_tree(tmp.path() / "dev", inputs(version_one()));
  EXPECT_TRUE(fs::exists(tmp.path() / "dev" / "setup.py"));
}

TEST(TreeWriter, InvalidSpecWritesNothing) {
  TempDir tmp;
  GenerationRequest request;
  request.spec_text = "accelgen: 1\ndevice: {name: cuda}\ntorch: \"2.14\"\ndtypes: [float32]\n";
  request.spec_source = "x.yaml";
  EXPECT_THROW(prepare_generation(request), DiagnosticError);
  EXPECT_TRUE(fs::is_empty(tmp.path()));
}

TEST(TreeWriter, RegenerationWithNothingChangedWritesNoFile) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  const auto old_time = fs::last_write_time(dir / "csrc/hooks.cc");
  const auto old_manifest_time = fs::last_write_time(dir / kManifestPath);
  const TreeReport report = update_tree(dir, inputs(version_one()), with_base(version_one()));
  EXPECT_TRUE(report.changes.empty());
  EXPECT_EQ(fs::last_write_time(dir / "csrc/hooks.cc"), old_time);
  EXPECT_EQ(fs::last_write_time(dir / kManifestPath), old_manifest_time);
}

TEST(TreeWriter, RegenerationWithNothingChangedLeavesEditedFilesAlone) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  write_text(dir / "csrc/hooks.cc", kHooks + "// appended by the user\n");
  const TreeReport first = update_tree(dir, inputs(version_one()), with_base(version_one()));
  EXPECT_TRUE(first.changes.empty()) << first.describe();
  const auto edited_time = fs::last_write_time(dir / "csrc/hooks.cc");
  const TreeReport dry = update_tree(dir, inputs(version_one()), with_base(version_one(), true));
  EXPECT_TRUE(dry.changes.empty()) << dry.describe();
  EXPECT_EQ(read_text(dir / "csrc/hooks.cc"), kHooks + "// appended by the user\n");
  EXPECT_EQ(fs::last_write_time(dir / "csrc/hooks.cc"), edited_time);
}

TEST(TreeWriter, UntouchedFilesAreReplacedAndUserEditsMerged) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  // The user edits the top of hooks.cc; the generator's new output changes the bottom.
  write_text(dir / "csrc/hooks.cc", "line 1 // mine\n" + kHooks.substr(7));
  FileSet two = version_one();
  two[0].content = kHooks.substr(0, kHooks.size() - 7) + "line 8 (new)\n";
  two[2].content = "setup(new)\n";
  const TreeReport report = update_tree(dir, inputs(two), with_base(version_one()));
  EXPECT_EQ(action_for(report, "csrc/hooks.cc"), TreeChange::Action::Merge);
  EXPECT_EQ(action_for(report, "setup.py"), TreeChange::Action::Update);
  EXPECT_FALSE(report.has_conflicts());
  const std::string merged = read_text(dir / "csrc/hooks.cc");
  EXPECT_THAT(merged, HasSubstr("line 1 // mine\n"));
  EXPECT_THAT(merged, HasSubstr("line 8 (new)\n"));
  EXPECT_EQ(read_text(dir / "setup.py"), "setup(new)\n");
  // The manifest records the new output: the next merge's base.
  EXPECT_THAT(read_text(dir / kManifestPath), HasSubstr(blob_id(two[0].content)));
}

TEST(TreeWriter, ConflictingEditLeavesMarkersAndIsListed) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  write_text(dir / "csrc/hooks.cc", "line 1 (user)\n" + kHooks.substr(7));
  FileSet two = version_one();
  two[0].content = "line 1 (generator)\n" + kHooks.substr(7);
  const TreeReport report = update_tree(dir, inputs(two), with_base(version_one()));
  EXPECT_EQ(report.conflicts(), std::vector<std::string>{"csrc/hooks.cc"});
  const std::string text = read_text(dir / "csrc/hooks.cc");
  EXPECT_THAT(text, HasSubstr("<<<<<<< "));
  EXPECT_THAT(text, HasSubstr("line 1 (user)"));
  EXPECT_THAT(text, HasSubstr("line 1 (generator)"));
  EXPECT_THAT(text, HasSubstr(">>>>>>> "));
}

TEST(TreeWriter, AConflictStaysListedUntilItsMarkersAreGone) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  write_text(dir / "csrc/hooks.cc", "line 1 (user)\n" + kHooks.substr(7));
  FileSet two = version_one();
  two[0].content = "line 1 (generator)\n" + kHooks.substr(7);
  ASSERT_TRUE(update_tree(dir, inputs(two), with_base(version_one())).has_conflicts());
  const std::string conflicted = read_text(dir / "csrc/hooks.cc");
  // Generating again (the same output, or newer output) leaves the file alone and still lists it.
  for (int run = 0; run < 2; ++run) {
    FileSet next = two;
    if (run == 1) next[2].content = "setup(three)\n";
    const TreeReport again = update_tree(dir, inputs(next), with_base(two));
    EXPECT_EQ(again.conflicts(), std::vector<std::string>{"csrc/hooks.cc"});
    EXPECT_EQ(action_for(again, "csrc/hooks.cc"), TreeChange::Action::Unresolved);
    EXPECT_THAT(again.describe(), HasSubstr("CONFLICT (still unresolved) csrc/hooks.cc"));
    EXPECT_EQ(read_text(dir / "csrc/hooks.cc"), conflicted);
  }
  // Resolved by the user: no longer listed, and the resolution is kept.
  write_text(dir / "csrc/hooks.cc", "line 1 (resolved)\n" + kHooks.substr(7));
  FileSet three = two;
  three[2].content = "setup(three)\n";
  const TreeReport resolved = update_tree(dir, inputs(three), with_base(two));
  EXPECT_FALSE(resolved.has_conflicts()) << resolved.describe();
  EXPECT_EQ(read_text(dir / "csrc/hooks.cc"), "line 1 (resolved)\n" + kHooks.substr(7));
}

TEST(TreeWriter, TheMergeBaseMustMatchTheRecordedBlob) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  write_text(dir / "csrc/hooks.cc", "line 1 // mine\n" + kHooks.substr(7));
  FileSet two = version_one();
  two[0].content = kHooks.substr(0, kHooks.size() - 7) + "line 8 (new)\n";
  FileSet wrong_base = version_one();
  wrong_base[0].content = "something accelgen never wrote\n";
  const auto before = state(dir);
  try {
    update_tree(dir, inputs(two), with_base(wrong_base));
    ADD_FAILURE() << "a base that does not match the manifest was used";
  } catch (const DiagnosticError& e) {
    EXPECT_THAT(e.what(), HasSubstr("cannot rebuild the merge base"));
    EXPECT_THAT(e.what(), HasSubstr("--no-merge-base"));
  }
  EXPECT_EQ(state(dir), before);
}

TEST(TreeWriter, ALegacyPristineCopyIsUsedWhenExactThenRemoved) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  write_text(dir / ".accelgen/pristine/csrc/hooks.cc", kHooks);
  write_text(dir / "csrc/hooks.cc", "line 1 // mine\n" + kHooks.substr(7));
  FileSet two = version_one();
  two[0].content = kHooks.substr(0, kHooks.size() - 7) + "line 8 (new)\n";
  const TreeReport report = update_tree(dir, inputs(two), UpdateOptions{});
  EXPECT_EQ(action_for(report, "csrc/hooks.cc"), TreeChange::Action::Merge);
  EXPECT_FALSE(fs::exists(dir / ".accelgen/pristine"));
}

TEST(TreeWriter, UserFilesDeletionsAndAddedFilesAreLeftAlone) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  write_text(dir / "csrc/user/kernels.cc", "// my kernels\n");
  write_text(dir / "csrc/extra.cc", "// added by me\n");
  fs::remove(dir / "setup.py");
  FileSet two = version_one();
  two[1].content = "// new scaffold\n";
  two[2].content = "setup(new)\n";
  const TreeReport report = update_tree(dir, inputs(two), with_base(version_one()));
  EXPECT_EQ(action_for(report, "setup.py"), TreeChange::Action::KeepDeleted);
  EXPECT_FALSE(fs::exists(dir / "setup.py"));
  EXPECT_EQ(read_text(dir / "csrc/user/kernels.cc"), "// my kernels\n");
  EXPECT_EQ(read_text(dir / "csrc/extra.cc"), "// added by me\n");
}

TEST(TreeWriter, FilesNoLongerGeneratedAreRemovedUnlessEdited) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  FileSet one = version_one();
  one.push_back({"csrc/graph.cc", "graph\n", FileOwner::Generated});
  one.push_back({"csrc/graph.h", "graph\n", FileOwner::Generated});
  write_new_tree(dir, inputs(one));
  write_text(dir / "csrc/graph.h", "graph edited\n");
  const TreeReport report = update_tree(dir, inputs(version_one()), with_base(version_one()));
  EXPECT_EQ(action_for(report, "csrc/graph.cc"), TreeChange::Action::Remove);
  EXPECT_EQ(action_for(report, "csrc/graph.h"), TreeChange::Action::KeepEdited);
  EXPECT_FALSE(fs::exists(dir / "csrc/graph.cc"));
  EXPECT_TRUE(fs::exists(dir / "csrc/graph.h"));
}

TEST(TreeWriter, FoldersEmptiedByRemovalsGoButNotOnesHoldingAnything) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  FileSet one = version_one();
  one.push_back({"third_party/sim/src/a.cc", "a\n", FileOwner::Generated});
  one.push_back({"third_party/sim/include/sim/a.h", "a\n", FileOwner::Generated});
  one.push_back({"csrc/distributed/group.cc", "g\n", FileOwner::Generated});
  write_new_tree(dir, inputs(one));
  write_text(dir / "csrc/distributed/notes.txt", "mine\n");  // the user's: its folder stays
  const TreeReport report = update_tree(dir, inputs(version_one()), with_base(version_one()));
  EXPECT_EQ(action_for(report, "third_party/sim/src/a.cc"), TreeChange::Action::Remove);
  EXPECT_FALSE(fs::exists(dir / "third_party"));
  EXPECT_FALSE(fs::exists(dir / "csrc/distributed/group.cc"));
  EXPECT_EQ(read_text(dir / "csrc/distributed/notes.txt"), "mine\n");
  EXPECT_TRUE(fs::exists(dir / "csrc"));
}

TEST(TreeWriter, AUserFileNoLongerScaffoldedIsKeptReportedOnceAndReusedWhenItReturns) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  write_text(dir / "csrc/user/kernels.cc", "// my kernels\n");
  FileSet without_it = version_one();
  without_it.erase(without_it.begin() + 1);
  const TreeReport report = update_tree(dir, inputs(without_it), with_base(version_one()));
  EXPECT_EQ(action_for(report, "csrc/user/kernels.cc"), TreeChange::Action::KeepUnused);
  EXPECT_EQ(read_text(dir / "csrc/user/kernels.cc"), "// my kernels\n");
  EXPECT_THAT(report.describe(), HasSubstr("no longer used"));
  // Reported once: the manifest no longer lists it, so the next run has nothing to say about it.
  EXPECT_TRUE(update_tree(dir, inputs(without_it), with_base(without_it)).changes.empty());
  // Back in the output: the user's file is used as it is, never overwritten by the scaffold.
  const TreeReport back = update_tree(dir, inputs(version_one()), with_base(without_it));
  EXPECT_EQ(read_text(dir / "csrc/user/kernels.cc"), "// my kernels\n");
  for (const auto& c : back.changes) EXPECT_NE(c.path, "csrc/user/kernels.cc");
}

TEST(TreeWriter, AReviewedScaffoldIsWrittenBesideOnlyWhereNothingIsAndItsNotesReported) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  write_text(dir / "csrc/user/kernels.cc.custom-scaffold", "// the user's copy\n");
  UpdateOptions options = with_base(version_one());
  int reviews = 0;
  options.review_user_files = [&](const TreeFs& tree, const Manifest& previous) {
    ++reviews;
    EXPECT_TRUE(previous.files.contains("csrc/user/kernels.cc"));  // the manifest before this update
    EXPECT_EQ(tree.read("csrc/user/kernels.cc"), "// yours\n");
    UserFileReview review;
    review.notes.push_back("your kernels.cc no longer fits");
    review.beside.push_back({"csrc/user/kernels.cc.custom-scaffold", "// fresh\n", FileOwner::User});
    review.beside.push_back({"csrc/user/other.cc.custom-scaffold", "// fresh other\n", FileOwner::User});
    return review;
  };
  const TreeReport report = update_tree(dir, inputs(version_one()), options);
  EXPECT_EQ(reviews, 1);
  EXPECT_THAT(report.describe(), HasSubstr("your kernels.cc no longer fits"));
  EXPECT_EQ(read_text(dir / "csrc/user/kernels.cc.custom-scaffold"), "// the user's copy\n");  // never over a file
  EXPECT_EQ(read_text(dir / "csrc/user/other.cc.custom-scaffold"), "// fresh other\n");
  EXPECT_EQ(action_for(report, "csrc/user/other.cc.custom-scaffold"), TreeChange::Action::Create);
  EXPECT_EQ(read_text(dir / "csrc/user/kernels.cc"), "// yours\n");

  // A link where a scaffold would go is left alone, and nothing is written through it.
  fs::remove(dir / "csrc/user/other.cc.custom-scaffold");
  write_text(tmp.path() / "outside", "outside\n");
  fs::create_symlink(tmp.path() / "outside", dir / "csrc/user/other.cc.custom-scaffold");
  update_tree(dir, inputs(version_one()), options);
  EXPECT_EQ(read_text(tmp.path() / "outside"), "outside\n");
  EXPECT_TRUE(fs::is_symlink(dir / "csrc/user/other.cc.custom-scaffold"));

  // A dry run reports the scaffold and writes nothing.
  fs::remove(dir / "csrc/user/other.cc.custom-scaffold");
  const auto before = state(dir);
  const TreeReport dry = update_tree(dir, inputs(version_one()), [&] {
    UpdateOptions o = options;
    o.dry_run = true;
    return o;
  }());
  EXPECT_EQ(action_for(dry, "csrc/user/other.cc.custom-scaffold"), TreeChange::Action::Create);
  EXPECT_EQ(state(dir), before);
}

TEST(TreeWriter, WriteScaffoldsCreatesMissingFilesAndRefusesAnyExistingOneBeforeWriting) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  fs::remove(dir / "csrc/user/kernels.cc");
  const auto before = state(dir);
  EXPECT_THROW(write_scaffolds(dir, {{"csrc/user/kernels.cc", "// again\n", FileOwner::User},
                                     {"setup.py", "x\n", FileOwner::User}}),
               DiagnosticError);
  EXPECT_EQ(state(dir), before);
  const TreeReport report = write_scaffolds(dir, {{"csrc/user/kernels.cc", "// again\n", FileOwner::User}});
  EXPECT_EQ(action_for(report, "csrc/user/kernels.cc"), TreeChange::Action::Create);
  EXPECT_EQ(read_text(dir / "csrc/user/kernels.cc"), "// again\n");
  EXPECT_THROW(write_scaffolds(dir, {{"../escape.cc", "x\n", FileOwner::User}}), DiagnosticError);
  EXPECT_FALSE(fs::exists(tmp.path() / "escape.cc"));
}

TEST(TreeWriter, DryRunReportsButWritesNothing) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  const auto before = snapshot(dir);
  FileSet two = version_one();
  two[2].content = "setup(new)\n";
  const TreeReport report = update_tree(dir, inputs(two), with_base(version_one(), true));
  EXPECT_EQ(action_for(report, "setup.py"), TreeChange::Action::Update);
  EXPECT_EQ(snapshot(dir), before);
}

TEST(TreeWriter, ADirectoryWhereAGeneratedFileMustGoIsRefusedBeforeAnythingIsWritten) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(version_one()));
  fs::create_directories(dir / "zz_new/inside");
  const auto before = state(dir);
  FileSet two = version_one();
  two[2].content = "setup(new)\n";
  two.push_back({"zz_new", "x\n", FileOwner::Generated});
  try {
    update_tree(dir, inputs(two), with_base(version_one()));
    ADD_FAILURE() << "accepted";
  } catch (const DiagnosticError& e) {
    EXPECT_THAT(e.what(), HasSubstr("zz_new: error: is not a regular file"));
  }
  EXPECT_EQ(state(dir), before);
}

}  // namespace
}  // namespace accelgen
