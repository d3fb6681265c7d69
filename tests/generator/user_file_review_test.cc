// What `generate` says about the user's own files (guide/user_file_review.h): a device.runtime switch names the
// driver files that no longer fit and writes the new runtime's scaffold beside each; a capability switched off names
// the adapter's overrides that driver.h no longer declares.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support.h"

namespace accelgen {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;
using testing_support::CommandResult;
using testing_support::read_text;
using testing_support::replace_in;
using testing_support::TempDir;
using testing_support::write_text;

CommandResult accelgen(const std::string& args) { return testing_support::run_accelgen(args); }

TEST(RuntimeSwitch, AccelsimToCustomNamesTheDriverFilesAndWritesTheScaffoldsBeside) {
  TempDir tmp;
  ASSERT_EQ(accelgen("init sdev --dir " + tmp.path().string()).status, 0);
  const fs::path tree = tmp.path() / "sdev";
  const std::string driver_cc = read_text(tree / "csrc/driver/driver.cc");
  const std::string driver_cmake = read_text(tree / "csrc/driver/driver.cmake");
  replace_in(tree / "accelgen.yaml", "\n  runtime: accelsim\n", "\n  runtime: custom\n");
  const CommandResult run = accelgen("generate " + tree.string());
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("device.runtime changed: accelsim -> custom"));
  EXPECT_THAT(run.output, HasSubstr("csrc/driver/driver.cmake:9: still add_subdirectory's third_party/accelsim"));
  EXPECT_THAT(run.output, HasSubstr("csrc/driver/driver.cc:10: still includes <accelsim/...>"));
  // Never over the user's files; the fresh custom scaffold is beside each.
  EXPECT_EQ(read_text(tree / "csrc/driver/driver.cc"), driver_cc);
  EXPECT_EQ(read_text(tree / "csrc/driver/driver.cmake"), driver_cmake);
  EXPECT_THAT(read_text(tree / "csrc/driver/driver.cc.custom-scaffold"), Not(HasSubstr("accelsim/accelsim.h")));
  EXPECT_THAT(read_text(tree / "csrc/driver/driver.cmake.custom-scaffold"), Not(HasSubstr("add_subdirectory")));
  // Until the user deals with them, every later generate says so again, the no-op one included.
  const CommandResult again = accelgen("generate " + tree.string());
  EXPECT_EQ(again.status, 0) << again.output;
  EXPECT_THAT(again.output, HasSubstr("Up to date"));
  EXPECT_THAT(again.output, HasSubstr("still use the bundled simulated runtime"));
  EXPECT_THAT(again.output, HasSubstr("csrc/driver/driver.cc:10: still includes <accelsim/...>"));
  fs::rename(tree / "csrc/driver/driver.cc.custom-scaffold", tree / "csrc/driver/driver.cc");
  fs::rename(tree / "csrc/driver/driver.cmake.custom-scaffold", tree / "csrc/driver/driver.cmake");
  EXPECT_THAT(accelgen("generate " + tree.string()).output, Not(HasSubstr("bundled simulated runtime")));
  // The bundled runtime is gone, folders included.
  EXPECT_FALSE(fs::exists(tree / "third_party"));
}

TEST(RuntimeSwitch, CustomToAccelsimNamesAnAdapterThatDoesNotUseAccelsim) {
  TempDir tmp;
  ASSERT_EQ(accelgen("init cdev --runtime custom --dir " + tmp.path().string()).status, 0);
  const fs::path tree = tmp.path() / "cdev";
  replace_in(tree / "accelgen.yaml", "\n  runtime: custom\n", "\n  runtime: accelsim\n");
  const CommandResult run = accelgen("generate " + tree.string());
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("device.runtime changed: custom -> accelsim"));
  EXPECT_THAT(run.output, HasSubstr("csrc/driver/driver.cc:1: does not use accelsim"));
  EXPECT_THAT(read_text(tree / "csrc/driver/driver.cc.accelsim-scaffold"), HasSubstr("accelsim/accelsim.h"));
  EXPECT_TRUE(fs::exists(tree / "third_party/accelsim"));
}

TEST(RuntimeSwitch, AScaffoldBesideIsNeverWrittenThroughALink) {
  TempDir tmp;
  ASSERT_EQ(accelgen("init ldev --dir " + tmp.path().string()).status, 0);
  const fs::path tree = tmp.path() / "ldev";
  write_text(tmp.path() / "outside.txt", "outside\n");
  fs::create_symlink(tmp.path() / "outside.txt", tree / "csrc/driver/driver.cc.custom-scaffold");
  replace_in(tree / "accelgen.yaml", "\n  runtime: accelsim\n", "\n  runtime: custom\n");
  const CommandResult run = accelgen("generate " + tree.string());
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(read_text(tmp.path() / "outside.txt"), "outside\n");
  EXPECT_TRUE(fs::is_symlink(tree / "csrc/driver/driver.cc.custom-scaffold"));
}

TEST(CapabilitySwitch, GenerateNamesOverridesDriverHNoLongerDeclares) {
  TempDir tmp;
  ASSERT_EQ(accelgen("init gdev --dir " + tmp.path().string()).status, 0);
  const fs::path tree = tmp.path() / "gdev";
  // A header of the user's own, which the manifest does not know, with a multi-line override.
  write_text(tree / "csrc/driver/opencl.h",
             "namespace gdev::driver {\nclass OclDriver : public Driver {\n  Status graph_launch(GraphExec exec,\n"
             "                      Stream stream) override;\n};\n}\n");
  replace_in(tree / "accelgen.yaml", "graphs: true", "graphs: false");
  const CommandResult run = accelgen("generate " + tree.string());
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("no longer declares these functions your adapter overrides"));
  EXPECT_THAT(run.output, HasSubstr("csrc/driver/opencl.h:3: graph_launch ... override"));
  EXPECT_THAT(run.output, testing::ContainsRegex("csrc/driver/driver.cc:[0-9]+: stream_begin_capture ... override"));
  EXPECT_THAT(run.output, Not(HasSubstr(": malloc ... override")));
}

}  // namespace
}  // namespace accelgen
