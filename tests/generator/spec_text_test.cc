// Reading a spec that cannot be trusted: only regular files of at most 1 MiB, UTF-8 without NUL bytes, one YAML
// document without repeated keys, bounded errors; and the corpus of malformed specs under
// tests/generator/fixtures/malformed_specs/, each NAME.yaml with the message expected for it in NAME.expected.
#include "spec/spec_text.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <future>

#include "base/diagnostic.h"
#include "spec/spec_loader.h"
#include "test_support.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;
using testing_support::read_text;
using testing_support::TempDir;
using testing_support::write_text;
namespace fs = std::filesystem;

const fs::path kCorpus = fs::path(ACCELGEN_SOURCE_DIR) / "tests/generator/fixtures/malformed_specs";

/// The error text of loading `path`, or "" if it loaded.
std::string load_error(const fs::path& path, const std::string& name) {
  try {
    parse_spec(read_spec_text(path), name);
  } catch (const DiagnosticError& e) {
    return e.what();
  }
  return "";
}

TEST(SpecText, EveryMalformedSpecInTheCorpusGetsItsMessage) {
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(kCorpus)) {
    if (entry.path().extension() != ".yaml") continue;
    SCOPED_TRACE(entry.path().filename().string());
    fs::path expected = entry.path();
    expected.replace_extension(".expected");
    ASSERT_TRUE(fs::exists(expected)) << "each corpus spec needs its .expected message";
    const std::string error = load_error(entry.path(), entry.path().filename().string());
    std::istringstream lines(read_text(expected));
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty()) {
        EXPECT_THAT(error, HasSubstr(line));
      }
    }
    ++checked;
  }
  EXPECT_GE(checked, 12);
}

TEST(SpecText, ADirectoryIsRefusedAsSuch) {
  TempDir tmp;
  EXPECT_THAT(load_error(tmp.path(), "dir"), HasSubstr("it is a directory, not a spec file"));
}

TEST(SpecText, AFifoIsRefusedWithoutHanging) {
  TempDir tmp;
  const fs::path fifo = tmp.path() / "spec.yaml";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  auto result = std::async(std::launch::async, [&] { return load_error(fifo, "fifo"); });
  ASSERT_EQ(result.wait_for(std::chrono::seconds(5)), std::future_status::ready) << "reading a FIFO hung";
  EXPECT_THAT(result.get(), HasSubstr("it is a FIFO (named pipe), not a spec file"));
}

TEST(SpecText, DevZeroIsRefusedBeforeReading) {
  EXPECT_THAT(load_error("/dev/zero", "/dev/zero"), HasSubstr("it is a character device, not a spec file"));
}

TEST(SpecText, SpecsOverOneMebibyteAreRefused) {
  TempDir tmp;
  write_text(tmp.path() / "big.yaml", "# " + std::string(kMaxSpecBytes, 'x') + "\n");
  EXPECT_THAT(load_error(tmp.path() / "big.yaml", "big"), HasSubstr("a spec may be at most 1 MiB"));
}

TEST(SpecText, AtMostFiftyErrorsThenACount) {
  std::string spec = "accelgen: 1\ndevice: {name: mydevice}\ntorch: \"2.14\"\ndtypes: [";
  for (int i = 0; i < 100000; ++i) spec += "nope, ";
  spec += "float32, float16]\n";
  try {
    parse_spec(spec, "many.yaml");
    FAIL() << "accepted";
  } catch (const DiagnosticError& e) {
    const std::string text = e.what();
    EXPECT_LT(text.size(), 20000u);
    std::size_t errors = 0;
    for (std::size_t at = text.find(": error: "); at != std::string::npos; at = text.find(": error: ", at + 1)) ++errors;
    EXPECT_EQ(errors, kMaxDiagnosticsShown);
    EXPECT_THAT(text, HasSubstr("... and " + std::to_string(100000 - kMaxDiagnosticsShown) + " more errors not shown"));
    EXPECT_EQ(e.total(), 100000u);
  }
}

TEST(SpecText, TextValueProblems) {
  EXPECT_EQ(text_value_problem("My Device 设备"), std::nullopt);
  EXPECT_THAT(text_value_problem("a\nb").value_or(""), HasSubstr("U+000A (a line break)"));
  EXPECT_THAT(text_value_problem("a\x7f").value_or(""), HasSubstr("U+007F"));
  EXPECT_THAT(text_value_problem("a\xc2\x85").value_or(""), HasSubstr("U+0085"));
  EXPECT_THAT(text_value_problem("a\xe2\x80\xae").value_or(""), HasSubstr("bidirectional control U+202E"));
  EXPECT_THAT(text_value_problem("a\xff").value_or(""), HasSubstr("not valid UTF-8"));
}

TEST(SpecText, OverlongAndSurrogateUtf8IsRefused) {
  for (const std::string& bad : {std::string("\xc0\xaf"), std::string("\xed\xa0\x80"), std::string("\xf4\x90\x80\x80")}) {
    EXPECT_THROW(check_spec_text("a: " + bad + "\n", "x.yaml"), DiagnosticError);
  }
  EXPECT_NO_THROW(check_spec_text("a: \xf0\x9f\x9a\x80\n", "x.yaml"));
}

}  // namespace
}  // namespace accelgen
