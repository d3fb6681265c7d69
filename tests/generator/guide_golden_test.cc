// Golden reports: the upgrade guidance of the example backend (`accelgen init mydevice`, the backend committed as
// generated_example/, generated for torch 2.6) going to torch 2.14, in every format, through the real CLI.
// The user-code section scans the hand-written fixture backend (tests/generator/fixtures/user_code).
//
// Markdown, JSON and text are compared byte for byte. The HTML report embeds every diff side by side, so it is
// compared through an outline (sections, change ids, files, row counts) plus structural checks.
//
// When templates or the knowledge base change, rewrite the goldens with
//   ACCELGEN_UPDATE_GOLDENS=1 build/tests/generator/accelgen_tests --gtest_filter='GuideGolden*'
// and review the diff of tests/generator/golden/.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using accelgen::testing_support::read_text;
using accelgen::testing_support::TempDir;
using accelgen::testing_support::write_text;

const fs::path kSourceDir = ACCELGEN_SOURCE_DIR;
const fs::path kGoldenDir = kSourceDir / "tests" / "generator" / "golden";
constexpr const char* kUpdateCommand =
    "ACCELGEN_UPDATE_GOLDENS=1 build/tests/generator/accelgen_tests --gtest_filter='GuideGolden*' (then review "
    "git diff tests/generator/golden/)";

struct CliRun {
  int status = -1;
  std::string out;
};

// Runs a shell command in the source directory (so --scan paths are shown relative to it); stdout only.
CliRun run(const std::string& command) {
  CliRun r;
  const std::string full =
      "cd " + ::accelgen::testing_support::shell_quoted(kSourceDir.string()) + " && NO_COLOR=1 " + command + " 2>/dev/null";
  FILE* pipe = popen(full.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buffer{};
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) r.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

bool updating() {
  const char* v = std::getenv("ACCELGEN_UPDATE_GOLDENS");
  return v && std::string(v) == "1";
}

void expect_golden(const std::string& name, const std::string& actual) {
  const fs::path path = kGoldenDir / name;
  if (updating()) {
    write_text(path, actual);
    return;
  }
  ASSERT_TRUE(fs::exists(path)) << "missing golden " << path << "; create it with " << kUpdateCommand;
  const std::string expected = read_text(path);
  if (expected != actual) {
    // Point at the first differing line to make the failure readable.
    std::size_t line = 1, i = 0;
    while (i < expected.size() && i < actual.size() && expected[i] == actual[i]) {
      if (expected[i] == '\n') ++line;
      ++i;
    }
    ADD_FAILURE() << "tests/generator/golden/" << name << " differs from the report (first difference at line "
                  << line << "); if the change is intended, run:\n  " << kUpdateCommand;
  }
}

// The example backend at torch 2.6, created once for all tests of this file.
class GuideGolden : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    tmp_ = new TempDir();
    const CliRun init = run(::accelgen::testing_support::accelgen_command() + " init mydevice --torch 2.6 --dir " + tmp_->path().string());
    ASSERT_EQ(init.status, 0) << init.out;
  }
  static void TearDownTestSuite() {
    delete tmp_;
    tmp_ = nullptr;
  }
  static fs::path backend() { return tmp_->path() / "mydevice"; }
  static CliRun report(const std::string& format) {
    return run(::accelgen::testing_support::accelgen_command() + " upgrade --to 2.14 --guide-only --format " + format +
               " --scan tests/generator/fixtures/user_code " + backend().string());
  }
  static TempDir* tmp_;
};
TempDir* GuideGolden::tmp_ = nullptr;

TEST_F(GuideGolden, Text) {
  const CliRun r = report("text");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.find("\x1b["), std::string::npos) << "no colour when stdout is not a terminal";
  expect_golden("upgrade-mydevice-2.6-2.14.txt", r.out);
}

TEST_F(GuideGolden, Markdown) {
  const CliRun r = report("md");
  ASSERT_EQ(r.status, 0) << r.out;
  expect_golden("upgrade-mydevice-2.6-2.14.md", r.out);
  // Every reference line points at something the reader can open: an upstream URL or a page of accelgen's docs.
  std::istringstream lines(r.out);
  int references = 0;
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with("*References:* ")) continue;
    ++references;
    std::istringstream refs(line.substr(std::string("*References:* ").size()));
    for (std::string ref; std::getline(refs, ref, ',');) {
      ref.erase(0, ref.find_first_not_of(' '));
      EXPECT_TRUE(ref.starts_with("<https://github.com/pytorch/pytorch/") || ref.starts_with("`docs/")) << line;
    }
  }
  EXPECT_GT(references, 30);
}

TEST_F(GuideGolden, Json) {
  const CliRun r = report("json");
  ASSERT_EQ(r.status, 0) << r.out;
  expect_golden("upgrade-mydevice-2.6-2.14.json", r.out);
}

// The outline of an HTML report: one line per section, change (with its files and side-by-side row count),
// user-code hit and other file. Stable under template edits that only move lines inside a diff.
std::string html_outline(const std::string& html) {
  std::string out;
  static const std::regex tag_re(
      R"re(<section class="kind" id="([^"]+)">|<article class="change [a-z-]+" id="change-([^"]+)">|<details class="file"[^>]*><summary><code>([^<]+)</code>|<tr class="hit"><td><code>([^<]+)</code>|<section id="([^"]+)">|(<tr>)|(</table>))re");
  int rows = 0;
  bool in_table = false;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), tag_re); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    if (m[1].matched) out += "section " + m[1].str() + "\n";
    if (m[2].matched) out += "  change " + m[2].str() + "\n";
    if (m[3].matched) {
      out += "    file " + m[3].str();
      in_table = true;
      rows = 0;
    }
    if (m[4].matched) out += "  hit " + m[4].str() + "\n";
    if (m[5].matched) out += "section " + m[5].str() + "\n";
    if (m[6].matched && in_table) ++rows;
    if (m[7].matched && in_table) {
      out += " (" + std::to_string(rows) + " rows)\n";
      in_table = false;
    }
  }
  return out;
}

TEST_F(GuideGolden, HtmlStructure) {
  const CliRun r = report("html");
  ASSERT_EQ(r.status, 0) << r.out;
  const std::string& html = r.out;
  // Self-contained: no external resource of any kind, and a policy that forbids network access. The only URLs are
  // the references of the changes, as links to upstream pytorch/pytorch a reader may follow.
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
  EXPECT_NE(html.find("Content-Security-Policy\" content=\"default-src 'none'"), std::string::npos);
  const std::string upstream_link = "<a href=\"https://github.com/pytorch/pytorch/";
  EXPECT_NE(html.find(upstream_link), std::string::npos);
  std::string without_links = html;
  for (auto at = without_links.find(upstream_link); at != std::string::npos; at = without_links.find(upstream_link)) {
    without_links.erase(at, without_links.find("</a>", at) + 4 - at);
  }
  for (const char* external : {"<link", " src=", "@import", "url(", "http://", "https://"}) {
    EXPECT_EQ(without_links.find(external), std::string::npos) << "external reference: " << external;
  }
  EXPECT_NE(html.find("<style>"), std::string::npos);
  EXPECT_NE(html.find("<table class=\"sbs\">"), std::string::npos) << "side-by-side diffs";
  EXPECT_NE(html.find("<td class=\"t del\">set(CMAKE_CXX_STANDARD 17)</td>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"t add\">set(CMAKE_CXX_STANDARD 20)</td>"), std::string::npos);
  // Balanced structure.
  auto count = [&](const std::string& s) {
    std::size_t n = 0;
    for (std::size_t at = html.find(s); at != std::string::npos; at = html.find(s, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("<article"), count("</article>"));
  EXPECT_EQ(count("<section"), count("</section>"));
  EXPECT_EQ(count("<details"), count("</details>"));
  EXPECT_EQ(count("<table"), count("</table>"));
  expect_golden("upgrade-mydevice-2.6-2.14.html.outline", html_outline(html));
}

// All formats tell the same story: the JSON change list, in order, is the order of the text report.
TEST_F(GuideGolden, FormatsAgreeOnTheChangesAndTheirOrder) {
  const CliRun text = report("text");
  const CliRun json = report("json");
  const CliRun md = report("md");
  ASSERT_EQ(json.status, 0);
  static const std::regex json_id(R"re("id": "([a-z0-9-]+)",\s+"kind")re");
  static const std::regex text_id(R"re(\n\[[0-9]+\] ([a-z0-9-]+) \()re");
  static const std::regex md_id(R"re(\n### [0-9]+\. `([a-z0-9-]+)`)re");
  auto ids = [](const std::string& s, const std::regex& re) {
    std::vector<std::string> v;
    for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator(); ++it) v.push_back((*it)[1]);
    return v;
  };
  const auto from_json = ids(json.out, json_id);
  EXPECT_GT(from_json.size(), 10u);
  EXPECT_EQ(from_json, ids(text.out, text_id));
  EXPECT_EQ(from_json, ids(md.out, md_id));
}

}  // namespace
