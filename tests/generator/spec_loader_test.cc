// The spec loader: every error names file:line:column, what was expected and a suggestion.
#include "spec/spec_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "base/diagnostic.h"
#include "render/backend_renderer.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;

const char* kValid = R"(accelgen: 1
device:
  name: mydevice
  count: 2
  memory: 512MiB
torch: "2.14"
dtypes: [float32, int64, bool, float16]
amp:
  dtypes: [float16]
)";

std::vector<Diagnostic> errors_of(const std::string& text) {
  try {
    parse_spec(text, "spec.yaml");
  } catch (const DiagnosticError& e) {
    return e.diagnostics();
  }
  ADD_FAILURE() << "expected the spec to be rejected:\n" << text;
  return {};
}

/// Replaces the first occurrence of `from` in kValid.
std::string valid_with(const std::string& from, const std::string& to) {
  std::string text = kValid;
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(SpecLoader, ReadsAValidSpec) {
  const DeviceSpec spec = parse_spec(kValid, "spec.yaml");
  EXPECT_EQ(spec.name, "mydevice");
  EXPECT_EQ(spec.display_name, "mydevice");
  EXPECT_EQ(spec.count, 2);
  EXPECT_EQ(spec.memory_bytes, 512ull << 20);
  EXPECT_EQ(spec.torch.kind, TorchRequest::Kind::Version);
  EXPECT_EQ(spec.torch.min, "2.14");
  EXPECT_EQ(spec.dtypes, (std::vector<std::string>{"float32", "int64", "bool", "float16"}));
  EXPECT_EQ(spec.amp_dtypes, (std::vector<std::string>{"float16"}));
  EXPECT_TRUE(spec.caps.streams);
  EXPECT_EQ(spec.fallback, FallbackPolicy::Cpu);
}

TEST(SpecLoader, TheSpecInitWritesIsValid) {
  for (const char* torch : {"\"2.14\"", "\"2.6\"", "{min: \"2.6\", max: \"2.14\"}", "auto"}) {
    const DeviceSpec spec = parse_spec(render_initial_spec("npu2", torch), "accelgen.yaml");
    EXPECT_EQ(spec.name, "npu2");
    EXPECT_FALSE(spec.dtypes.empty());
  }
}

TEST(SpecLoader, ACustomRuntimeSpecStartsAtStageOne) {
  // The capabilities stage 2 of a port adds (csrc/driver/README.md) begin off for a custom driver, and on for
  // accelsim, whose adapter has them all.
  const DeviceSpec custom = parse_spec(render_initial_spec("npu2", "\"2.14\"", "custom"), "accelgen.yaml");
  EXPECT_FALSE(custom.caps.events);
  EXPECT_FALSE(custom.caps.pinned_memory);
  EXPECT_FALSE(custom.caps.graphs);
  EXPECT_FALSE(custom.caps.profiler);
  EXPECT_TRUE(custom.caps.streams);
  EXPECT_TRUE(custom.caps.distributed);
  const DeviceSpec accelsim = parse_spec(render_initial_spec("npu2", "\"2.14\"", "accelsim"), "accelgen.yaml");
  EXPECT_TRUE(accelsim.caps.events && accelsim.caps.pinned_memory && accelsim.caps.graphs && accelsim.caps.profiler);
}

TEST(SpecLoader, ACapabilityThatNeedsEventsIsRefusedWithoutThemAtItsOwnLine) {
  const std::string text = std::string(kValid) +
                           "capabilities:\n  events: false\n  pinned_memory: true\n  graphs: false\n  profiler: true\n";
  const auto errors = errors_of(text);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].line, 12);
  EXPECT_EQ(errors[0].column, 18);
  EXPECT_THAT(errors[0].message, HasSubstr("capabilities.pinned_memory needs capabilities.events"));
  EXPECT_THAT(errors[0].hint, HasSubstr("turn events on or pinned_memory off"));
  EXPECT_EQ(errors[1].line, 14);
  EXPECT_THAT(errors[1].message, HasSubstr("capabilities.profiler needs capabilities.events"));
  // Graphs need events too.
  EXPECT_THAT(errors_of(std::string(kValid) + "capabilities:\n  events: false\n  pinned_memory: false\n"
                                              "  profiler: false\n")[0]
                  .message,
              HasSubstr("capabilities.graphs needs capabilities.events"));
}

TEST(SpecLoader, UnknownKeySuggestsTheClosestKnownKey) {
  const auto errors = errors_of(valid_with("  count: 2", "  cuont: 2"));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].file, "spec.yaml");
  EXPECT_EQ(errors[0].line, 4);
  EXPECT_EQ(errors[0].column, 3);
  EXPECT_THAT(errors[0].message, HasSubstr("unknown key 'cuont'"));
  EXPECT_THAT(errors[0].hint, HasSubstr("did you mean 'count'?"));
  EXPECT_THAT(errors[0].format(), HasSubstr("spec.yaml:4:3: error: unknown key 'cuont'"));
}

TEST(SpecLoader, UnknownTopLevelKeyListsAllowedKeys) {
  const auto errors = errors_of(std::string(kValid) + "dtpyes_extra: 1\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 10);
  EXPECT_THAT(errors[0].hint, HasSubstr("allowed: accelgen, device, torch, dtypes"));
}

TEST(SpecLoader, UnknownDtypeSaysWhichAreAllowed) {
  const auto errors = errors_of(valid_with("[float32, int64", "[float32, flaot16, int64"));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 7);
  EXPECT_EQ(errors[0].column, 19);
  EXPECT_THAT(errors[0].message, HasSubstr("unknown dtype 'flaot16'"));
  EXPECT_THAT(errors[0].hint, HasSubstr("did you mean 'float16'?"));
  EXPECT_THAT(errors[0].hint, HasSubstr("bfloat16"));
}

TEST(SpecLoader, NegativeDeviceCountIsOutOfRange) {
  const auto errors = errors_of(valid_with("count: 2", "count: -1"));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 4);
  EXPECT_EQ(errors[0].column, 10);
  EXPECT_THAT(errors[0].message, HasSubstr("out of range"));
  EXPECT_THAT(errors[0].hint, HasSubstr("allowed: 1 to 64"));
}

TEST(SpecLoader, UnsupportedTorchVersionListsSupportedOnes) {
  const auto errors = errors_of(valid_with("\"2.14\"", "\"1.13\""));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 6);
  EXPECT_EQ(errors[0].column, 8);
  EXPECT_THAT(errors[0].message, HasSubstr("1.13"));
  EXPECT_THAT(errors[0].message, HasSubstr("2.6"));
  EXPECT_THAT(errors[0].message, HasSubstr("2.14"));
}

TEST(SpecLoader, TorchRangeAndAuto) {
  DeviceSpec range = parse_spec(valid_with("\"2.14\"", "{min: \"2.6\", max: \"2.14\"}"), "spec.yaml");
  EXPECT_EQ(range.torch.kind, TorchRequest::Kind::Range);
  EXPECT_EQ(range.torch.min, "2.6");
  EXPECT_EQ(range.torch.max, "2.14");
  EXPECT_EQ(parse_spec(valid_with("\"2.14\"", "auto"), "spec.yaml").torch.kind, TorchRequest::Kind::Auto);
  const auto errors = errors_of(valid_with("\"2.14\"", "{min: \"2.14\", max: \"2.6\"}"));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_THAT(errors[0].message, HasSubstr("empty"));
}

TEST(SpecLoader, InvalidDeviceNameSaysWhichRuleFailed) {
  auto errors = errors_of(valid_with("name: mydevice", "name: cuda"));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 3);
  EXPECT_EQ(errors[0].column, 9);
  EXPECT_THAT(errors[0].message, HasSubstr("device type PyTorch already has"));
  errors = errors_of(valid_with("name: mydevice", "name: My-Device"));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_THAT(errors[0].message, HasSubstr("lowercase letter"));
}

TEST(SpecLoader, DeviceNameBeginningWithABuiltinDeviceTypeIsRefusedAtItsPosition) {
  for (const char* name : {"cudax", "cpu_x"}) {
    SCOPED_TRACE(name);
    const auto errors = errors_of(valid_with("name: mydevice", std::string("name: ") + name));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].line, 3);
    EXPECT_EQ(errors[0].column, 9);
    EXPECT_THAT(errors[0].message, HasSubstr("begins with"));
    EXPECT_THAT(errors[0].message, HasSubstr("torch.load"));
    EXPECT_THAT(errors[0].message, HasSubstr(std::string("such as 'x") + name + "'"));
  }
}

TEST(SpecLoader, ReportsEveryErrorSortedByPosition) {
  std::string text = valid_with("count: 2", "count: 0");
  text = text.replace(text.find("memory: 512MiB"), 14, "memory: lots");
  text += "operators:\n  fallback: gpu\n";
  const auto errors = errors_of(text);
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].line, 4);
  EXPECT_EQ(errors[1].line, 5);
  EXPECT_THAT(errors[1].hint, HasSubstr("GiB"));
  EXPECT_EQ(errors[2].line, 11);
  EXPECT_THAT(errors[2].hint, HasSubstr("allowed: cpu, error"));
}

TEST(SpecLoader, MissingRequiredKeyIsReportedAtItsParent) {
  const auto errors = errors_of("accelgen: 1\ndevice:\n  count: 2\ntorch: \"2.14\"\ndtypes: [float32, float16]\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 3);
  EXPECT_THAT(errors[0].message, HasSubstr("missing required key 'name'"));
}

TEST(SpecLoader, YamlSyntaxErrorHasAPosition) {
  const auto errors = errors_of("accelgen: 1\ndevice: [name: x\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_GT(errors[0].line, 0);
  EXPECT_THAT(errors[0].message, HasSubstr("YAML syntax error"));
}

TEST(SpecLoader, AmpDtypesMustBeFloatingAndSupported) {
  auto errors = errors_of(valid_with("dtypes: [float16]", "dtypes: [int64]"));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_THAT(errors[0].message, HasSubstr("cannot be an autocast dtype"));
  errors = errors_of(valid_with("dtypes: [float16]", "dtypes: [bfloat16]"));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_THAT(errors[0].message, HasSubstr("not in the device's dtypes"));
}

TEST(SpecLoader, UnsupportedDtypesAreReadAndDefaultToNone) {
  EXPECT_TRUE(parse_spec(kValid, "spec.yaml").unsupported_dtypes.empty());
  const DeviceSpec spec = parse_spec(std::string(kValid) + "unsupported_dtypes: [complex128, float64]\n", "spec.yaml");
  EXPECT_EQ(spec.unsupported_dtypes, (std::vector<std::string>{"complex128", "float64"}));
}

TEST(SpecLoader, UnsupportedDtypesMustBeKnownAndNotNative) {
  auto errors = errors_of(std::string(kValid) + "unsupported_dtypes: [complex12]\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_THAT(errors[0].message, HasSubstr("unknown dtype 'complex12' in unsupported_dtypes"));
  EXPECT_THAT(errors[0].hint, HasSubstr("complex128"));

  errors = errors_of(std::string(kValid) + "unsupported_dtypes: [complex64, int64]\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 10);
  EXPECT_THAT(errors[0].message, HasSubstr("'int64' is both in dtypes and in unsupported_dtypes"));
}

TEST(SpecLoader, UnknownOperatorIsRejected) {
  const auto errors = errors_of(std::string(kValid) + "operators:\n  native: [no_such_op.Tensor]\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 11);
  EXPECT_THAT(errors[0].message, HasSubstr("no_such_op.Tensor"));
}

TEST(SpecLoader, UnreadableFileIsADiagnostic) {
  try {
    load_spec("/nonexistent/accelgen.yaml");
    FAIL() << "expected an error";
  } catch (const DiagnosticError& e) {
    EXPECT_THAT(e.what(), HasSubstr("/nonexistent/accelgen.yaml: error: cannot read the spec file"));
  }
}

}  // namespace
}  // namespace accelgen
