// generated_example/ is the committed output of `accelgen init` for specs/mydevice.yaml: every template change
// shows up as a reviewed diff of real output. This test fails when the two drift apart.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>

#include "test_support.h"

namespace accelgen {
namespace {

using testing_support::read_text;
using testing_support::snapshot;
using testing_support::TempDir;

const std::filesystem::path kSource = ACCELGEN_SOURCE_DIR;
constexpr const char* kFix = "regenerate it with scripts/regenerate-example.sh and review the diff";

TEST(GeneratedExample, SpecMatchesWhatInitWrites) {
  TempDir tmp;
  const std::string command = ::accelgen::testing_support::accelgen_command() + " init mydevice --dir " + tmp.path().string() +
                              " > /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(read_text(kSource / "specs/mydevice.yaml"), read_text(tmp.path() / "mydevice/accelgen.yaml"))
      << "specs/mydevice.yaml differs from the spec `accelgen init mydevice` writes; " << kFix;
}

TEST(GeneratedExample, MatchesAFreshGeneration) {
  TempDir tmp;
  const std::string command = ::accelgen::testing_support::accelgen_command() + " init mydevice --dir " + tmp.path().string() +
                              " > /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  const auto fresh = snapshot(tmp.path() / "mydevice");
  const auto committed = snapshot(kSource / "generated_example");
  for (const auto& [path, content] : fresh) {
    auto it = committed.find(path);
    if (it == committed.end()) {
      ADD_FAILURE() << "generated_example/ lacks " << path << "; " << kFix;
    } else if (it->second != content) {
      ADD_FAILURE() << "generated_example/" << path << " differs from a fresh generation; " << kFix;
    }
  }
  for (const auto& [path, content] : committed) {
    if (!fresh.contains(path)) ADD_FAILURE() << "generated_example/" << path << " is no longer generated; " << kFix;
  }
}

}  // namespace
}  // namespace accelgen
