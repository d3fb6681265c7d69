#include "spec/name_rules.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace accelgen {
namespace {

using ::testing::HasSubstr;

TEST(NameRules, AcceptsLowercaseIdentifiers) {
  for (const char* name : {"mydevice", "npu2", "my_dev", "x"}) EXPECT_EQ(device_name_problem(name), std::nullopt) << name;
}

TEST(NameRules, RejectsBuiltinDeviceTypes) {
  for (const char* name : {"cpu", "cuda", "xpu", "mps", "meta", "hpu", "xla", "mtia", "maia", "ipu", "vulkan",
                           "lazy", "privateuseone"}) {
    auto problem = device_name_problem(name);
    ASSERT_TRUE(problem) << name;
    EXPECT_THAT(*problem, HasSubstr("device type PyTorch already has")) << name;
  }
}

TEST(NameRules, RejectsKeywordsOfBothLanguages) {
  for (const char* name : {"class", "namespace", "lambda", "import", "def", "torch"}) {
    auto problem = device_name_problem(name);
    ASSERT_TRUE(problem) << name;
    EXPECT_THAT(*problem, HasSubstr("keyword")) << name;
  }
}

TEST(NameRules, SaysWhichCharacterRuleFailed) {
  EXPECT_THAT(*device_name_problem("MyDevice"), HasSubstr("start with a lowercase letter"));
  EXPECT_THAT(*device_name_problem("my-device"), HasSubstr("found '-'"));
  EXPECT_THAT(*device_name_problem("myDevice"), HasSubstr("found 'D'"));
  EXPECT_THAT(*device_name_problem("2dev"), HasSubstr("start with a lowercase letter"));
  EXPECT_THAT(*device_name_problem(""), HasSubstr("empty"));
  EXPECT_THAT(*device_name_problem("a__b"), HasSubstr("__"));
  EXPECT_THAT(*device_name_problem("dev_"), HasSubstr("end with"));
}

}  // namespace
}  // namespace accelgen
