// The names a device must not take (generator/spec/torch_attributes.cc): the union over both supported torch
// versions, checked against scripts/list-torch-attributes.py run over the root filesystems when they exist.
#include "spec/torch_attributes.h"

#include <gtest/gtest.h>

#include <sstream>

#include "test_support.h"

namespace accelgen {
namespace {

using testing_support::run_command;
using testing_support::shell_quoted;

TEST(TorchAttributes, NamesOfEitherSupportedVersionAreRefused) {
  EXPECT_TRUE(is_torch_attribute("linalg"));
  EXPECT_TRUE(is_torch_attribute("add"));
  EXPECT_TRUE(is_torch_attribute("accelerator"));
  EXPECT_TRUE(is_torch_attribute("nvidia_path"));  // torch 2.6's __init__.py only
  EXPECT_FALSE(is_torch_attribute("mydevice"));
  EXPECT_FALSE(is_torch_attribute(""));
}

TEST(TorchAttributes, TheListIsTheUnionTheScriptPrintsForBothRootFilesystems) {
  const std::string source = ACCELGEN_SOURCE_DIR;
  std::string dirs;
  for (const char* version : {"2.6", "2.14"}) {
    const auto path = run_command(shell_quoted(source + "/scripts/torch-rootfs.sh") + " path " + version);
    std::string dir = path.output.substr(0, path.output.find('\n')) + "/usr/lib/python3/dist-packages/torch";
    if (path.status != 0 || !std::filesystem::exists(dir + "/__init__.py")) {
      GTEST_SKIP() << "torch " << version << " root filesystem not available";
    }
    dirs += " " + shell_quoted(dir);
  }
  const auto listed = run_command("python3 " + shell_quoted(source + "/scripts/list-torch-attributes.py") + dirs);
  ASSERT_EQ(listed.status, 0) << listed.output;
  std::istringstream names(listed.output);
  int count = 0;
  for (std::string name; std::getline(names, name); ++count) EXPECT_TRUE(is_torch_attribute(name)) << name;
  EXPECT_GT(count, 700);
}

}  // namespace
}  // namespace accelgen
