// Spec dtypes against the targeted torch: float8 formats are accepted as dtypes (not as autocast dtypes), and a
// format c10::ScalarType gained later (float8_e8m0fnu, torch 2.7) only when every targeted torch has it.
#include "plan/dtype_availability.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "base/diagnostic.h"
#include "spec/spec_loader.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;

std::string spec_text(const std::string& torch, const std::string& dtypes, const std::string& amp = "[float16]") {
  return "accelgen: 1\ndevice:\n  name: mydevice\ntorch: " + torch + "\ndtypes: " + dtypes + "\namp:\n  dtypes: " +
         amp + "\n";
}

std::vector<Diagnostic> availability_errors(const std::string& text) {
  const DeviceSpec spec = parse_spec(text, "spec.yaml");
  try {
    check_dtypes_available(spec, resolve_targets(spec, ""));
  } catch (const DiagnosticError& e) {
    return e.diagnostics();
  }
  return {};
}

TEST(DtypeAvailability, Float8FormatsAreSpecDtypes) {
  const DeviceSpec spec = parse_spec(
      spec_text("\"2.6\"", "[float32, float16, float8_e4m3fn, float8_e5m2, float8_e4m3fnuz, float8_e5m2fnuz]"),
      "spec.yaml");
  EXPECT_EQ(spec.dtypes.size(), 6u);
  EXPECT_NO_THROW(check_dtypes_available(spec, resolve_targets(spec, "")));
}

TEST(DtypeAvailability, AFloat8FormatIsNoAutocastDtype) {
  try {
    parse_spec(spec_text("\"2.14\"", "[float32, float8_e4m3fn]", "[float8_e4m3fn]"), "spec.yaml");
    FAIL() << "accepted float8_e4m3fn as an autocast dtype";
  } catch (const DiagnosticError& e) {
    EXPECT_THAT(e.diagnostics()[0].message, HasSubstr("cannot be an autocast dtype"));
  }
}

TEST(DtypeAvailability, E8m0NeedsEveryTargetedTorchToHaveIt) {
  EXPECT_TRUE(availability_errors(spec_text("\"2.14\"", "[float32, float16, float8_e8m0fnu]")).empty());
  EXPECT_TRUE(availability_errors(spec_text("\"2.7\"", "[float32, float16, float8_e8m0fnu]")).empty());
  for (const std::string torch : {"\"2.6\"", "{min: \"2.6\", max: \"2.14\"}"}) {
    const auto errors = availability_errors(spec_text(torch, "[float32, float16, float8_e8m0fnu]"));
    ASSERT_EQ(errors.size(), 1u) << torch;
    EXPECT_EQ(errors[0].file, "spec.yaml");
    EXPECT_EQ(errors[0].line, 5);
    EXPECT_EQ(errors[0].column, 28);
    EXPECT_THAT(errors[0].message, HasSubstr("dtypes names float8_e8m0fnu, which torch 2.6 does not have"));
    EXPECT_THAT(errors[0].message, HasSubstr("came in torch 2.7"));
    EXPECT_THAT(errors[0].hint, HasSubstr("target torch 2.7 or later"));
  }
}

TEST(DtypeAvailability, TheListOfDtypesTheDeviceCannotHoldIsCheckedToo) {
  const auto errors = availability_errors(spec_text("\"2.6\"", "[float32, float16]") +
                                          "unsupported_dtypes: [float8_e8m0fnu]\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].line, 8);
  EXPECT_THAT(errors[0].message, HasSubstr("unsupported_dtypes names float8_e8m0fnu"));
}

}  // namespace
}  // namespace accelgen
