#include "merge/unified_diff.h"

#include <git2.h>
#include <gtest/gtest.h>

#include <regex>
#include <string>

using accelgen::merge::diff_hunks;
using accelgen::merge::LineKind;
using accelgen::merge::render_unified;
using accelgen::merge::unified_diff;

namespace {

std::string numbered(int from, int to) {
  std::string s;
  for (int i = from; i <= to; ++i) s += "line " + std::to_string(i) + "\n";
  return s;
}

// libgit2's own rendering of the same patch, for cross-checking the hunk bodies.
std::string libgit2_patch_text(const std::string& a, const std::string& b, int context) {
  git_diff_options opts;
  git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
  opts.context_lines = context;
  git_patch* patch = nullptr;
  EXPECT_EQ(git_patch_from_buffers(&patch, a.data(), a.size(), "x", b.data(), b.size(), "x", &opts), 0);
  git_buf buf = GIT_BUF_INIT;
  EXPECT_EQ(git_patch_to_buf(&buf, patch), 0);
  std::string text(buf.ptr, buf.size);
  git_buf_dispose(&buf);
  git_patch_free(patch);
  return text;
}

}  // namespace

TEST(UnifiedDiff, IdenticalTextsGiveNothing) {
  EXPECT_EQ(unified_diff("a\nb\n", "a\nb\n", "old", "new"), "");
  EXPECT_TRUE(diff_hunks("a\nb\n", "a\nb\n").empty());
}

TEST(UnifiedDiff, OneChangedLineWithDefaultContext) {
  std::string a = numbered(1, 10);
  std::string b = a;
  b.replace(b.find("line 5\n"), 7, "line five\n");
  EXPECT_EQ(unified_diff(a, b, "a/src/hooks.cc", "b/src/hooks.cc"),
            "--- a/src/hooks.cc\n"
            "+++ b/src/hooks.cc\n"
            "@@ -2,7 +2,7 @@\n"
            " line 2\n"
            " line 3\n"
            " line 4\n"
            "-line 5\n"
            "+line five\n"
            " line 6\n"
            " line 7\n"
            " line 8\n");
}

TEST(UnifiedDiff, ContextParameterAndSeparateHunks) {
  std::string a = numbered(1, 30);
  std::string b = a;
  b.replace(b.find("line 3\n"), 7, "line three\n");
  b.replace(b.find("line 25\n"), 8, "");
  auto d = diff_hunks(a, b, 1);
  ASSERT_EQ(d.hunks.size(), 2u);
  EXPECT_EQ(d.hunks[0].header, "@@ -2,3 +2,3 @@");
  EXPECT_EQ(d.hunks[1].old_start, 24);
  EXPECT_EQ(d.hunks[1].old_lines, 3);
  EXPECT_EQ(d.hunks[1].new_lines, 2);
  EXPECT_EQ(d.additions, 1);
  EXPECT_EQ(d.deletions, 2);
  const std::string zero = unified_diff(a, b, "o", "n", 0);
  EXPECT_NE(zero.find("@@ -3 +3 @@\n-line 3\n+line three\n"), std::string::npos) << zero;
  EXPECT_EQ(zero.find(" line 2\n"), std::string::npos);
}

TEST(UnifiedDiff, StructuredLinesCarryKindsAndLineNumbers) {
  auto d = diff_hunks("keep\nold\ntail\n", "keep\nnew\nextra\ntail\n");
  ASSERT_EQ(d.hunks.size(), 1u);
  const auto& l = d.hunks[0].lines;
  ASSERT_EQ(l.size(), 5u);
  EXPECT_EQ(l[0].kind, LineKind::Context);
  EXPECT_EQ(l[0].text, "keep");
  EXPECT_EQ(l[0].old_lineno, 1);
  EXPECT_EQ(l[0].new_lineno, 1);
  EXPECT_EQ(l[1].kind, LineKind::Removed);
  EXPECT_EQ(l[1].text, "old");
  EXPECT_EQ(l[1].old_lineno, 2);
  EXPECT_EQ(l[1].new_lineno, -1);
  EXPECT_EQ(l[2].kind, LineKind::Added);
  EXPECT_EQ(l[2].text, "new");
  EXPECT_EQ(l[2].old_lineno, -1);
  EXPECT_EQ(l[2].new_lineno, 2);
  EXPECT_EQ(l[3].kind, LineKind::Added);
  EXPECT_EQ(l[3].new_lineno, 3);
  EXPECT_EQ(l[4].kind, LineKind::Context);
  EXPECT_EQ(l[4].old_lineno, 3);
  EXPECT_EQ(l[4].new_lineno, 4);
}

TEST(UnifiedDiff, MissingFinalNewlineIsMarked) {
  const std::string text = unified_diff("a\nb", "a\nc\n", "old", "new");
  EXPECT_EQ(text,
            "--- old\n"
            "+++ new\n"
            "@@ -1,2 +1,2 @@\n"
            " a\n"
            "-b\n"
            "\\ No newline at end of file\n"
            "+c\n");
}

TEST(UnifiedDiff, NewAndDeletedFiles) {
  EXPECT_EQ(unified_diff("", "x\ny\n", "/dev/null", "b/new.py"), "--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n+x\n+y\n");
  EXPECT_EQ(unified_diff("x\n", "", "a/old.py", "/dev/null"), "--- a/old.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n");
}

TEST(UnifiedDiff, HunkBodiesMatchLibgit2sOwnPatchText) {
  std::string a = numbered(1, 40);
  std::string b = a;
  b.replace(b.find("line 7\n"), 7, "line seven\nline 7.5\n");
  b.replace(b.find("line 33\n"), 8, "");
  b += "line 41";  // no final newline
  const std::string ours = unified_diff(a, b, "x", "x", 3);
  std::string reference = libgit2_patch_text(a, b, 3);
  // libgit2 prefixes a "diff --git"/"index" header and a/ b/ paths and appends git's function context to hunk
  // headers; compare from the first hunk on, without the function context.
  ASSERT_NE(reference.find("@@"), std::string::npos);
  reference = std::regex_replace(reference.substr(reference.find("@@")), std::regex("(@@ [^@]* @@)[^\n]*"), "$1");
  EXPECT_EQ(ours.substr(ours.find("@@")), reference);
  EXPECT_NE(ours.find("+line 41\n\\ No newline at end of file\n"), std::string::npos) << ours;
}
