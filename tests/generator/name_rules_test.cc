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

TEST(NameRules, RejectsNamesThatBeginWithABuiltinDeviceType) {
  // torch.load's location tags and string checks in torch match "cuda"/"cpu"/... by prefix (pytorch#165455).
  for (const char* name : {"cudax", "cpu_x", "cuda2", "mpsdev", "xpu_like", "hpu3", "metax", "privateuseone2"}) {
    SCOPED_TRACE(name);
    const auto problem = device_name_problem(name);
    ASSERT_TRUE(problem.has_value());
    EXPECT_THAT(*problem, HasSubstr("begins with"));
    EXPECT_THAT(*problem, HasSubstr("a device type PyTorch already has"));
    EXPECT_THAT(*problem, HasSubstr("such as 'x" + std::string(name) + "'"));
  }
  EXPECT_THAT(*device_name_problem("cudax"), HasSubstr("begins with 'cuda'"));
  EXPECT_THAT(*device_name_problem("cpu_x"), HasSubstr("begins with 'cpu'"));
  // The type itself elsewhere in the name is fine: only a prefix is matched.
  for (const char* name : {"mycuda", "npu_cpu", "xcudax"}) EXPECT_EQ(device_name_problem(name), std::nullopt) << name;
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

TEST(NameRules, NamesThatAreAttributesOfTheTorchModuleAreRefused) {
  // The device module is registered as torch.<name>; it must not shadow torch.linalg, torch.fft, torch.add, ...
  for (const char* name : {"linalg", "fft", "jit", "optim", "sparse", "onnx", "profiler", "special", "nested", "add",
                           "compiler", "export"}) {
    SCOPED_TRACE(name);
    ASSERT_TRUE(device_name_problem(name).has_value());
  }
  EXPECT_THAT(*device_name_problem("linalg"), HasSubstr("torch.linalg already exists in PyTorch"));
  EXPECT_FALSE(device_name_problem("mydevice").has_value());
  EXPECT_FALSE(device_name_problem("npu2").has_value());
}

}  // namespace
}  // namespace accelgen
