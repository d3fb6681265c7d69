// base/text_wrap: the one word wrap (generated comments, compat notes, text reports) and the list wrap (generated
// kernel signatures).
#include "base/text_wrap.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace accelgen {
namespace {

using Lines = std::vector<std::string>;

TEST(WrapWords, BreaksBetweenWordsWithinTheWidthIncludingThePrefix) {
  EXPECT_EQ(wrap_words("one two three four", 9), (Lines{"one two", "three", "four"}));
  EXPECT_EQ(wrap_words("one two three four", 13, "// "), (Lines{"// one two", "// three four"}));
  // Exactly the width fits; one more column does not.
  EXPECT_EQ(wrap_words("abc def", 7), (Lines{"abc def"}));
  EXPECT_EQ(wrap_words("abc def", 6), (Lines{"abc", "def"}));
}

TEST(WrapWords, AnyWhitespaceSeparatesWordsAndIsNotKept) {
  EXPECT_EQ(wrap_words("  a\tb\n\nc  d \r\n", 80, "  "), (Lines{"  a b c d"}));
}

TEST(WrapWords, AWordLongerThanALineStandsAlone) {
  EXPECT_EQ(wrap_words("a verylongword b", 5), (Lines{"a", "verylongword", "b"}));
  EXPECT_EQ(wrap_words("verylongword", 5, "// "), (Lines{"// verylongword"}));
}

TEST(WrapWords, NoWordsNoLines) {
  EXPECT_TRUE(wrap_words("", 10).empty());
  EXPECT_TRUE(wrap_words(" \n\t ", 10, "// ").empty());
}

TEST(WrapWords, EveryLineWithinTheWidthWhenNoWordIsTooLong) {
  std::string text;
  for (int i = 0; i < 200; ++i) text += "word" + std::to_string(i % 17) + (i % 3 ? " " : "  ");
  const Lines lines = wrap_words(text, 40, "    ");
  ASSERT_GT(lines.size(), 10u);
  std::string joined;
  for (const auto& line : lines) {
    EXPECT_LE(line.size(), 40u) << line;
    EXPECT_TRUE(line.starts_with("    ") && line[4] != ' ') << line;
    joined += (joined.empty() ? "" : " ") + line.substr(4);
  }
  // Nothing lost or reordered: the words, single-spaced.
  Lines words = wrap_words(text, 1);
  std::string expected;
  for (const auto& w : words) expected += (expected.empty() ? "" : " ") + w;
  EXPECT_EQ(joined, expected);
}

TEST(WrapList, OneLineWhenItFits) {
  EXPECT_EQ(wrap_list("f(", {"a", "b"}, ")", 0), (Lines{"f(a, b)"}));
  EXPECT_EQ(wrap_list("f(", {}, ");", 0), (Lines{"f();"}));
  // The indent counts: 2 + "f(a, b)" is 9 columns.
  EXPECT_EQ(wrap_list("f(", {"a", "b"}, ")", 2, 9), (Lines{"f(a, b)"}));
  EXPECT_EQ(wrap_list("f(", {"a", "b"}, ")", 3, 9), (Lines{"f(a,", "  b)"}));
}

TEST(WrapList, LongListsWrapWithinTheColumnLimitAlignedUnderTheFirstItem) {
  const Lines items(12, "const at::Tensor& argument");
  const Lines lines = wrap_list("void kernel(", items, ");", 0);
  ASSERT_GT(lines.size(), 1u);
  for (const auto& line : lines) EXPECT_LE(line.size(), 120u) << line;
  EXPECT_TRUE(lines.front().starts_with("void kernel(const at::Tensor& argument,"));
  EXPECT_TRUE(lines.back().ends_with(");"));
  for (std::size_t i = 1; i < lines.size(); ++i) {
    EXPECT_TRUE(lines[i].starts_with(std::string(std::string("void kernel(").size(), ' ') + "const")) << lines[i];
  }
}

}  // namespace
}  // namespace accelgen
