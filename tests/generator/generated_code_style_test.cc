// Style of the generated backend: no line of a generated file (the bundled simulator under third_party/ included)
// is longer than 120 characters, for every torch target and capability set the renderer has to cover.
#include "render/backend_renderer.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "model/capabilities.h"
#include "spec/spec_loader.h"

namespace accelgen {
namespace {

constexpr std::size_t kMaxColumns = 120;

DeviceSpec default_spec() {
  return parse_spec(render_initial_spec("mydevice", "\"2.14\""), "accelgen.yaml");
}

DeviceSpec with_every_capability(bool on) {
  DeviceSpec spec = default_spec();
  for (const auto& c : capability_table()) spec.caps.*(c.field) = on;
  return spec;
}

TargetVersions versions(const char* min, const char* max) {
  return {*contract::TorchVersion::parse(min), *contract::TorchVersion::parse(max)};
}

// Columns as an editor counts them: one per UTF-8 code point, not per byte (the README has arrows).
std::size_t columns(const std::string& line) {
  std::size_t n = 0;
  for (const unsigned char c : line) n += (c & 0xC0) != 0x80;
  return n;
}

// "path:line: N columns: the line" for every line over the limit.
std::vector<std::string> long_lines(const FileSet& files) {
  std::vector<std::string> found;
  for (const auto& f : files) {
    std::istringstream in(f.content);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      if (columns(line) > kMaxColumns) {
        found.push_back(f.path + ":" + std::to_string(number) + ": " + std::to_string(columns(line)) + " columns: " + line);
      }
    }
  }
  return found;
}

void expect_no_long_lines(const DeviceSpec& spec, const TargetVersions& target) {
  const FileSet files = render_backend(spec, target);
  ASSERT_FALSE(files.empty());
  for (const auto& where : long_lines(files)) ADD_FAILURE() << "over " << kMaxColumns << " columns: " << where;
}

TEST(GeneratedCodeStyle, ColumnsCountCodePointsNotBytes) {
  EXPECT_EQ(columns("a \xE2\x86\x94 b"), 5u);  // "a ↔ b"
  EXPECT_EQ(long_lines({{"x.py", std::string(121, 'x') + "\n" + std::string(120, 'y')}}),
            std::vector<std::string>{"x.py:1: 121 columns: " + std::string(121, 'x')});
  EXPECT_EQ(long_lines({{"third_party/accelsim/src/a.cc", std::string(121, 'x')}}).size(), 1u);  // no exception
}

TEST(GeneratedCodeStyle, NoLineOver120ColumnsFor2_14) {
  expect_no_long_lines(default_spec(), versions("2.14", "2.14"));
}

TEST(GeneratedCodeStyle, NoLineOver120ColumnsFor2_6) {
  expect_no_long_lines(default_spec(), versions("2.6", "2.6"));
}

TEST(GeneratedCodeStyle, NoLineOver120ColumnsForTheRange2_6To2_14) {
  expect_no_long_lines(default_spec(), versions("2.6", "2.14"));
}

TEST(GeneratedCodeStyle, NoLineOver120ColumnsWithEveryCapabilityOn) {
  for (const auto& target : {versions("2.14", "2.14"), versions("2.6", "2.6"), versions("2.6", "2.14")}) {
    expect_no_long_lines(with_every_capability(true), target);
  }
}

TEST(GeneratedCodeStyle, NoLineOver120ColumnsWithEveryCapabilityOff) {
  for (const auto& target : {versions("2.14", "2.14"), versions("2.6", "2.6"), versions("2.6", "2.14")}) {
    expect_no_long_lines(with_every_capability(false), target);
  }
}

}  // namespace
}  // namespace accelgen
