// Recording a torch target in the spec's text (spec/torch_field.h): only the torch field's values change, every
// comment and every other byte of the user's spec stay as they were, whatever form the field is written in.
#include "spec/torch_field.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "base/diagnostic.h"
#include "render/backend_renderer.h"
#include "spec/spec_loader.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;

contract::TorchRange target(const std::string& text) { return contract::parse_torch_range(text).range; }

/// `text` with its one occurrence of `from` replaced by `to`: what the edit must produce, byte for byte.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  EXPECT_EQ(text.find(from, at + 1), std::string::npos) << from << " is not unique";
  return text.replace(at, from.size(), to);
}

/// A spec whose torch field is written as `field` (the text after "torch:"), with comments around it.
std::string spec_with_torch(const std::string& field) {
  return "# my device\naccelgen: 1\ndevice:\n  name: mydevice  # the device type\n\n# the target\ntorch:" + field +
         "\n# dtypes\ndtypes: [float32, float16]\n";
}

TEST(TorchField, TheInitSpecChangesInTheFieldOnly) {
  const std::string spec = render_initial_spec("mydevice", "\"2.6\"");
  EXPECT_EQ(with_torch_target(spec, "accelgen.yaml", target("2.14")),
            replaced(spec, "\ntorch: \"2.6\"\n", "\ntorch: \"2.14\"\n"));
  EXPECT_EQ(with_torch_target(spec, "accelgen.yaml", target("2.6:2.14")),
            replaced(spec, "\ntorch: \"2.6\"\n", "\ntorch: {min: \"2.6\", max: \"2.14\"}\n"));
}

TEST(TorchField, AFieldThatNamesTheTargetIsLeftAsWritten) {
  for (const std::string field : {" \"2.14\"", " 2.14", " '2.14'  # pinned", " {min: \"2.14\", max: \"2.14\"}"}) {
    const std::string spec = spec_with_torch(field);
    EXPECT_EQ(with_torch_target(spec, "s.yaml", target("2.14")), spec) << field;
  }
  const std::string range = spec_with_torch("\n  min: \"2.6\"\n  max: \"2.14\"");
  EXPECT_EQ(with_torch_target(range, "s.yaml", target("2.6:2.14")), range);
}

TEST(TorchField, OneVersionIsReplacedWhereItStands) {
  // The comment after the value, the user's quote character and the blanks stay.
  EXPECT_EQ(with_torch_target(spec_with_torch(" \"2.6\"   # keep in step with CI"), "s.yaml", target("2.14")),
            spec_with_torch(" \"2.14\"   # keep in step with CI"));
  EXPECT_EQ(with_torch_target(spec_with_torch(" '2.6'"), "s.yaml", target("2.14")), spec_with_torch(" '2.14'"));
  // A bare version, or auto, becomes a quoted one (a bare 2.10 would read as the number 2.1 elsewhere).
  EXPECT_EQ(with_torch_target(spec_with_torch(" 2.6"), "s.yaml", target("2.14")), spec_with_torch(" \"2.14\""));
  EXPECT_EQ(with_torch_target(spec_with_torch(" auto  # what is installed"), "s.yaml", target("2.14")),
            spec_with_torch(" \"2.14\"  # what is installed"));
  EXPECT_EQ(with_torch_target(spec_with_torch(" '2.6'"), "s.yaml", target("2.8:2.14")),
            spec_with_torch(" {min: '2.8', max: '2.14'}"));
}

TEST(TorchField, ARangeKeepsItsShapeAndComments) {
  const std::string block = spec_with_torch("\n  # oldest we test\n  min: \"2.6\"  # CI\n  max: '2.12'  # newest\n");
  EXPECT_EQ(with_torch_target(block, "s.yaml", target("2.6:2.14")), replaced(block, "'2.12'", "'2.14'"));
  EXPECT_EQ(with_torch_target(block, "s.yaml", target("2.14")),
            replaced(replaced(block, "\"2.6\"", "\"2.14\""), "'2.12'", "'2.14'"));
  // Bounds in either order, in a flow mapping.
  EXPECT_EQ(with_torch_target(spec_with_torch(" {max: \"2.12\", min: \"2.6\"}"), "s.yaml", target("2.8:2.14")),
            spec_with_torch(" {max: \"2.14\", min: \"2.8\"}"));
}

TEST(TorchField, FlowStyleWindowsLineEndsAndUtf8) {
  const std::string flow = "{accelgen: 1, device: {name: mydevice}, torch: \"2.6\", dtypes: [float16]}\n";
  EXPECT_EQ(with_torch_target(flow, "s.yaml", target("2.14")), replaced(flow, "\"2.6\"", "\"2.14\""));
  const std::string crlf = "# comment\r\naccelgen: 1\r\ndevice:\r\n  name: mydevice\r\ntorch: \"2.6\" # x\r\n"
                           "dtypes: [float16]\r\n";
  EXPECT_EQ(with_torch_target(crlf, "s.yaml", target("2.14")), replaced(crlf, "\"2.6\"", "\"2.14\""));
  // A byte order mark (which yaml-cpp's offsets leave out) and text that is not ASCII move nothing.
  const std::string utf8 = "\xEF\xBB\xBF# Ger\xC3\xA4t \xE2\x80\x94 \xF0\x9F\x9A\x80\n" +
                           spec_with_torch(" \"2.6\"  # \xC3\xA9t\xC3\xA9");
  EXPECT_EQ(with_torch_target(utf8, "s.yaml", target("2.14")), replaced(utf8, "\"2.6\"", "\"2.14\""));
}

TEST(TorchField, TheResultNamesTheTarget) {
  for (const std::string to : {"2.6", "2.14", "2.6:2.14", "2.10:2.12"}) {
    for (const std::string field : {" \"2.6\"", " auto", " {min: \"2.7\", max: \"2.9\"}"}) {
      const DeviceSpec spec = parse_spec(with_torch_target(spec_with_torch(field), "s.yaml", target(to)), "s.yaml");
      EXPECT_EQ(spec.torch.min + ":" + spec.torch.max, target(to).min.to_string() + ":" + target(to).max.to_string())
          << field << " -> " << to;
    }
  }
}

TEST(TorchField, AValueItCannotRewriteIsRefusedWithItsPosition) {
  try {
    with_torch_target(spec_with_torch(" \"2.\\x36\""), "s.yaml", target("2.14"));
    FAIL() << "an escape sequence was rewritten";
  } catch (const DiagnosticError& e) {
    EXPECT_THAT(std::string(e.what()), HasSubstr("s.yaml:7:8: error: cannot record the new torch target here"));
    EXPECT_THAT(std::string(e.what()), HasSubstr("torch: \"2.14\""));
  }
  // A spec that is not valid is refused as `validate` would refuse it.
  EXPECT_THROW(with_torch_target("accelgen: 1\ntorch: \"2.6\"\n", "s.yaml", target("2.14")), DiagnosticError);
}

}  // namespace
}  // namespace accelgen
