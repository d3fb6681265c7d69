#include "merge/three_way_merge.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

using accelgen::merge::merge_three_way;
using accelgen::merge::MergeOptions;

namespace {

const std::string kBase =
    "// generated\n"
    "int alpha() { return 1; }\n"
    "\n"
    "int beta() { return 2; }\n"
    "\n"
    "int gamma() { return 3; }\n"
    "\n"
    "int delta() { return 4; }\n";

}  // namespace

TEST(ThreeWayMerge, UntouchedFileTakesTheNewGeneration) {
  const std::string theirs =
      "// generated\n"
      "int alpha() { return 10; }\n"
      "\n"
      "int beta() { return 2; }\n"
      "\n"
      "int gamma() { return 3; }\n"
      "\n"
      "int delta() { return 4; }\n"
      "int epsilon() { return 5; }\n";
  auto r = merge_three_way(kBase, kBase, theirs, "src/a.cc");
  EXPECT_FALSE(r.conflicted);
  EXPECT_EQ(r.conflicts, 0);
  EXPECT_EQ(r.text, theirs);
}

TEST(ThreeWayMerge, UnchangedGenerationKeepsTheUserFile) {
  const std::string ours = kBase + "// my notes\n";
  auto r = merge_three_way(kBase, ours, kBase, "src/a.cc");
  EXPECT_FALSE(r.conflicted);
  EXPECT_EQ(r.text, ours);
}

TEST(ThreeWayMerge, NonConflictingUserEditIsKeptAlongsideTheNewGeneration) {
  std::string ours = kBase;
  ours.replace(ours.find("return 4;"), 9, "return 40; /* tuned by hand */");
  std::string theirs = kBase;
  theirs.replace(theirs.find("return 1;"), 9, "return 100;");
  auto r = merge_three_way(kBase, ours, theirs, "src/a.cc");
  EXPECT_FALSE(r.conflicted);
  EXPECT_EQ(r.text,
            "// generated\n"
            "int alpha() { return 100; }\n"
            "\n"
            "int beta() { return 2; }\n"
            "\n"
            "int gamma() { return 3; }\n"
            "\n"
            "int delta() { return 40; /* tuned by hand */ }\n");
  EXPECT_EQ(r.text.find("<<<<<<<"), std::string::npos);
}

TEST(ThreeWayMerge, SameEditOnBothSidesIsNotAConflict) {
  std::string both = kBase;
  both.replace(both.find("return 3;"), 9, "return 33;");
  auto r = merge_three_way(kBase, both, both, "src/a.cc");
  EXPECT_FALSE(r.conflicted);
  EXPECT_EQ(r.text, both);
}

TEST(ThreeWayMerge, ConflictingEditsLeaveStandardMarkers) {
  std::string ours = kBase;
  ours.replace(ours.find("return 2;"), 9, "return 20;");
  std::string theirs = kBase;
  theirs.replace(theirs.find("return 2;"), 9, "return 200;");
  auto r = merge_three_way(kBase, ours, theirs, "src/a.cc");
  EXPECT_TRUE(r.conflicted);
  EXPECT_EQ(r.conflicts, 1);
  EXPECT_EQ(r.text,
            "// generated\n"
            "int alpha() { return 1; }\n"
            "\n"
            "<<<<<<< yours\n"
            "int beta() { return 20; }\n"
            "=======\n"
            "int beta() { return 200; }\n"
            ">>>>>>> generated (new)\n"
            "\n"
            "int gamma() { return 3; }\n"
            "\n"
            "int delta() { return 4; }\n");
}

TEST(ThreeWayMerge, Diff3StyleShowsThePreviousGeneration) {
  std::string ours = kBase;
  ours.replace(ours.find("return 2;"), 9, "return 20;");
  std::string theirs = kBase;
  theirs.replace(theirs.find("return 2;"), 9, "return 200;");
  MergeOptions opts;
  opts.diff3 = true;
  auto r = merge_three_way(kBase, ours, theirs, "src/a.cc", opts);
  EXPECT_TRUE(r.conflicted);
  EXPECT_NE(r.text.find("<<<<<<< yours\nint beta() { return 20; }\n"
                        "||||||| generated (previous)\nint beta() { return 2; }\n"
                        "=======\nint beta() { return 200; }\n>>>>>>> generated (new)\n"),
            std::string::npos)
      << r.text;
}

TEST(ThreeWayMerge, TwoSeparateConflictsAreCounted) {
  std::string ours = kBase;
  ours.replace(ours.find("return 1;"), 9, "return -1;");
  ours.replace(ours.find("return 4;"), 9, "return -4;");
  std::string theirs = kBase;
  theirs.replace(theirs.find("return 1;"), 9, "return 11;");
  theirs.replace(theirs.find("return 4;"), 9, "return 44;");
  auto r = merge_three_way(kBase, ours, theirs, "src/a.cc");
  EXPECT_TRUE(r.conflicted);
  EXPECT_EQ(r.conflicts, 2);
}

TEST(ThreeWayMerge, EmptyBaseWithDifferentFilesConflicts) {
  // A file the user created by hand where accelgen now generates one (no previous generation).
  auto r = merge_three_way("", "mine\n", "generated\n", "new.py");
  EXPECT_TRUE(r.conflicted);
  EXPECT_NE(r.text.find("<<<<<<< yours\nmine\n=======\ngenerated\n>>>>>>> generated (new)\n"), std::string::npos)
      << r.text;
}

TEST(ThreeWayMerge, IsThreadSafe) {
  std::string ours = kBase;
  ours.replace(ours.find("return 4;"), 9, "return 40;");
  std::string theirs = kBase;
  theirs.replace(theirs.find("return 1;"), 9, "return 100;");
  std::vector<std::thread> threads;
  std::vector<int> ok(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        auto r = merge_three_way(kBase, ours, theirs, "src/a.cc");
        if (!r.conflicted && r.text.find("return 100;") != std::string::npos &&
            r.text.find("return 40;") != std::string::npos) {
          ++ok[t];
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 8; ++t) EXPECT_EQ(ok[t], 50);
}
