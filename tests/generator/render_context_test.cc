// The render context's operator data (render/render_context.h): every family file's wrappers and registrations come
// from the operator catalog, so adding an operator is one catalog entry. The test adds a synthetic operator to a
// copy of the embedded catalog and checks that the generated backend changes only where data drives it.
#include "render/render_context.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "embed/embedded_files.h"
#include "render/backend_renderer.h"
#include "render/template_data.h"
#include "base/text_lines.h"
#include "spec/spec_loader.h"

namespace accelgen {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// atan2 is not in the catalog: a binary operator with the three variants, promoting integers to float as true
// division does. The entry states the rule once; the family derives each variant's wrapper.
constexpr const char* kSyntheticEntry = R"yaml(  - name: atan2
    family: binary
    elementwise:
      promotion: integer_to_float
    variants:
      - schema: "atan2(Tensor self, Tensor other) -> Tensor"
      - schema: "atan2_(Tensor(a!) self, Tensor other) -> Tensor(a!)"
      - schema: "atan2.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)"
    kernel:
      summary: "out = the angle of (other, self), elementwise"
      params: ["out out", "in self", "in other"]
      body: |
        at::atan2_out(out, self, other);
)yaml";

// The embedded catalog, with `extra` appended to the binary family's file.
OperatorCatalog catalog_with_binary_entry(const std::string& extra) {
  constexpr std::string_view kDir = "knowledge/operators/";
  OperatorCatalog all({});
  for (const auto& file : embedded::files_under(kDir)) {
    if (!file.path.ends_with(".yaml")) continue;
    const std::string family(file.path.substr(kDir.size(), file.path.size() - kDir.size() - 5));
    std::string text(file.content);
    if (family == "binary") text += extra;
    all.merge(OperatorCatalog::load(text, std::string(file.path), family));
  }
  return all;
}

DeviceSpec default_spec() { return parse_spec(render_initial_spec("mydevice", "\"2.14\""), "accelgen.yaml"); }

TargetVersions torch_2_14() {
  const auto v = *contract::TorchVersion::parse("2.14");
  return {v, v};
}

std::map<std::string, FileJob> render(const DeviceSpec& spec, const OperatorCatalog& catalog) {
  return render_file_jobs(make_render_context(spec, torch_2_14(), catalog));
}

// Whether `after` is `before` with lines inserted (none removed or changed); the inserted lines are returned.
bool only_insertions(const std::string& before, const std::string& after, std::vector<std::string>* inserted) {
  const auto old_lines = split_lines(before);
  const auto new_lines = split_lines(after);
  std::size_t i = 0;
  for (const auto& line : new_lines) {
    if (i < old_lines.size() && line == old_lines[i]) {
      ++i;
    } else {
      inserted->push_back(line);
    }
  }
  return i == old_lines.size();
}

TEST(RenderContext, ACatalogEntryAloneChangesNothing) {
  const DeviceSpec spec = default_spec();
  const auto embedded = render(spec, operator_catalog());
  const auto with_entry = render(spec, catalog_with_binary_entry(kSyntheticEntry));
  ASSERT_EQ(embedded.size(), with_entry.size());
  for (const auto& [path, job] : embedded) EXPECT_EQ(job.body, with_entry.at(path).body) << path;
}

TEST(RenderContext, ASyntheticOperatorChangesOnlyDataDrivenOutput) {
  const OperatorCatalog catalog = catalog_with_binary_entry(kSyntheticEntry);
  const DeviceSpec before_spec = default_spec();
  DeviceSpec after_spec = before_spec;
  after_spec.native_ops.push_back("atan2");
  const auto before = render(before_spec, catalog);
  const auto after = render(after_spec, catalog);

  std::vector<std::string> changed, added;
  for (const auto& [path, job] : after) {
    if (!before.contains(path)) {
      added.push_back(path);
    } else if (before.at(path).body != job.body) {
      changed.push_back(path);
    }
  }
  for (const auto& [path, job] : before) EXPECT_TRUE(after.contains(path)) << "removed: " << path;
  // The operator's own kernel file (user-owned, scaffolded once) is new; what changes are the lists that every
  // native operator is in: its family file, the kernel declarations and support, the kernel sources CMake builds,
  // and the native operators the generated tests know.
  EXPECT_THAT(added, ElementsAre("csrc/kernels/atan2.cc"));
  EXPECT_EQ(after.at("csrc/kernels/atan2.cc").owner, FileOwner::User);
  EXPECT_THAT(changed, ElementsAre("CMakeLists.txt", "csrc/kernels/kernel_support.h", "csrc/kernels/kernels.h",
                                   "csrc/ops/native/binary.cc", "tests/conftest.py"));

  // The header of binary.cc names the family's native operators, atan2 now among them.
  const auto summary = [&](const DeviceSpec& spec) {
    const RenderContext ctx = make_render_context(spec, torch_2_14(), catalog);
    std::string text;
    for (const auto& line : ctx.ops.family.at("binary").summary_lines) text += line + "\n";
    return text;
  };
  const std::string summary_before = summary(before_spec), summary_after = summary(after_spec);
  EXPECT_THAT(summary_before, ::testing::Not(HasSubstr("atan2")));
  EXPECT_THAT(summary_after, HasSubstr(" add.Tensor, atan2, div.Tensor,"));
  const auto without_summary = [](std::string body, const std::string& text) {
    const auto at = body.find(text);
    EXPECT_NE(at, std::string::npos) << "the summary is not in binary.cc";
    if (at != std::string::npos) body.erase(at, text.size());
    return body;
  };
  const std::string binary_before = without_summary(before.at("csrc/ops/native/binary.cc").body, summary_before);
  const std::string binary_after = without_summary(after.at("csrc/ops/native/binary.cc").body, summary_after);
  // Apart from that header, binary.cc only gains the three wrappers and their registrations; nothing of the
  // template changes.
  std::vector<std::string> inserted;
  ASSERT_TRUE(only_insertions(binary_before, binary_after, &inserted));
  const std::string text = [&] {
    std::string joined;
    for (const auto& line : inserted) joined += line + "\n";
    return joined;
  }();
  EXPECT_THAT(text, HasSubstr("at::Tensor atan2(const at::Tensor& self, const at::Tensor& other) {\n"
                              "  return binary(Promotion::IntegerToFloat, self, other, kernels::atan2);\n}\n"));
  EXPECT_THAT(text, HasSubstr("at::Tensor& atan2_inplace(at::Tensor& self, const at::Tensor& other) {\n"
                              "  return binary_(Promotion::IntegerToFloat, self, other, kernels::atan2);\n}\n"));
  EXPECT_THAT(text, HasSubstr("at::Tensor& atan2_out(const at::Tensor& self, const at::Tensor& other, at::Tensor& out) {\n"
                              "  return binary_out(Promotion::IntegerToFloat, self, other, out, kernels::atan2);\n}\n"));
  EXPECT_THAT(text, HasSubstr("  m.impl(\"atan2\", &atan2);\n"));
  EXPECT_THAT(text, HasSubstr("  m.impl(\"atan2_\", &atan2_inplace);\n"));
  EXPECT_THAT(text, HasSubstr("  m.impl(\"atan2.out\", &atan2_out);\n"));
  for (const auto& path : changed) {
    if (path == "csrc/ops/native/binary.cc") continue;  // checked above, without its header's summary
    std::vector<std::string> lines;
    EXPECT_TRUE(only_insertions(before.at(path).body, after.at(path).body, &lines)) << path << " lost lines";
  }
}

TEST(RenderContext, TheTypedContextIsWhatTheTemplatesSee) {
  DeviceSpec spec = default_spec();
  spec.display_name = "My \"Device\"";
  const RenderContext ctx = make_render_context(spec, torch_2_14());
  const OperatorFamily& binary = ctx.ops.family.at("binary");
  ASSERT_FALSE(binary.wrappers.empty());
  EXPECT_EQ(binary.wrappers[0].schema_name, "add.Tensor");
  EXPECT_EQ(binary.wrappers[0].function, "add_Tensor");
  ASSERT_EQ(binary.registration_blocks.size(), 1u);
  EXPECT_EQ(binary.registration_blocks[0].dispatch_key, "PrivateUse1");
  EXPECT_EQ(binary.registration_blocks[0].registrations.size(), binary.wrappers.size());
  ASSERT_FALSE(binary.summary_lines.empty());
  EXPECT_EQ(binary.summary_lines[0].rfind("// In this backend (operators.native in accelgen.yaml): add.Tensor, ", 0), 0u);
  for (const auto& line : binary.summary_lines) EXPECT_LE(line.size(), 120u) << line;
  // The quantization family registers dequantize for QuantizedPrivateUse1, after its PrivateUse1 block.
  const OperatorFamily& quantization = ctx.ops.family.at("quantization");
  ASSERT_EQ(quantization.registration_blocks.size(), 2u);
  EXPECT_EQ(quantization.registration_blocks[1].dispatch_key, "QuantizedPrivateUse1");

  const TemplateData data = to_template_data(ctx);
  const auto& wrappers = data.get("ops")->get("family")->get("binary")->get("wrappers")->list_value();
  ASSERT_EQ(wrappers.size(), binary.wrappers.size());
  EXPECT_EQ(wrappers[0].get("function")->string_value(), "add_Tensor");
  // The display name reaches the templates only escaped.
  EXPECT_EQ(data.get("display_name_cpp")->string_value(), "My \\\"Device\\\"");
  EXPECT_EQ(data.get("display_name"), nullptr);
  EXPECT_EQ(data.get("dtypes")->list_value().front().get("first")->is_true(), true);
}

// The catalog knows its families from its own files, and each file's family block says what its operator file holds
// besides the wrappers: one template renders every family (no template per family, none naming a family), and every
// family whose capability is on gets its file. The only other templates there are autocast.cc (AMP's casting policy
// for the operators the spec lists) and operator_support.h.
TEST(RenderContext, OneTemplateRendersEveryFamily) {
  constexpr std::string_view kPrefix = "templates/backend/csrc/ops/native/";
  std::vector<std::string> templates;
  for (const auto& file : embedded::files_under(kPrefix)) templates.emplace_back(file.path.substr(kPrefix.size()));
  std::sort(templates.begin(), templates.end());
  EXPECT_THAT(templates, ElementsAre("__family__.cc.mustache", "autocast.cc.mustache", "operator_support.h.mustache"));
  const auto jobs = render_file_jobs(make_render_context(default_spec(), torch_2_14()));
  for (const std::string& family : catalog_families()) {
    EXPECT_FALSE(operator_catalog().family(family).title.empty()) << family << " has no family block";
    ASSERT_TRUE(jobs.contains("csrc/ops/native/" + family + ".cc")) << family;
    const std::string title = operator_catalog().family(family).title;
    const std::string opening = "// " + title.substr(0, std::min<std::size_t>(40, title.find_first_of("\n{")));
    EXPECT_TRUE(jobs.at("csrc/ops/native/" + family + ".cc").body.starts_with(opening)) << family;
  }
  EXPECT_THAT(jobs.at("csrc/ops/native/binary.cc").body, HasSubstr("enum class Promotion {"));  // its helpers
  EXPECT_THAT(jobs.at("csrc/ops/native/random.cc").body,
              HasSubstr("`torch.Generator(device=\"mydevice\")`"));  // the device's name in the family's text

  DeviceSpec no_generator = default_spec();
  no_generator.caps.generator = false;
  const auto without = render_file_jobs(make_render_context(no_generator, torch_2_14()));
  EXPECT_FALSE(without.contains("csrc/ops/native/random.cc")) << "the random family needs the generator capability";
  EXPECT_TRUE(without.contains("csrc/ops/native/binary.cc"));
}

TEST(RenderContext, AFamilyWithoutNativeOperatorsHasNoFile) {
  DeviceSpec spec = default_spec();
  spec.native_ops.erase(std::remove_if(spec.native_ops.begin(), spec.native_ops.end(),
                                       [](const std::string& op) { return operator_catalog().at(op).family == "binary"; }),
                        spec.native_ops.end());
  const RenderContext ctx = make_render_context(spec, torch_2_14());
  const OperatorFamily& binary = ctx.ops.family.at("binary");
  EXPECT_FALSE(binary.in_use);
  EXPECT_TRUE(binary.wrappers.empty());
  EXPECT_TRUE(binary.registration_blocks.empty());
  EXPECT_FALSE(binary.generated);
  const auto jobs = render_file_jobs(ctx);
  EXPECT_EQ(jobs.count("csrc/ops/native/binary.cc"), 0U);  // no empty shell
  EXPECT_EQ(jobs.count("csrc/ops/native/unary.cc"), 1U);
  const std::string& cmake = jobs.at("CMakeLists.txt").body;
  EXPECT_THAT(cmake, ::testing::Not(HasSubstr("csrc/ops/native/binary.cc")));
  EXPECT_THAT(cmake, HasSubstr("csrc/ops/native/unary.cc"));
}

// A synthetic operator of the binary family's file with a meta block: its functional and in-place wrappers come from
// at::meta and the kernel; its out= variant keeps its own body.
constexpr const char* kMetaEntry = R"yaml(  - name: hypot
    family: binary
    meta: {device: other}
    variants:
      - schema: "hypot(Tensor self, Tensor other) -> Tensor"
      - schema: "hypot_(Tensor(a!) self, Tensor other) -> Tensor(a!)"
      - schema: "hypot.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)"
        body: |
          return at::hypot_out(out, self, other);
    kernel:
      summary: "out = sqrt(self^2 + other^2), elementwise"
      params: ["out out", "in self", "in other"]
      body: |
        at::hypot_out(out, self, other);
)yaml";

TEST(RenderContext, AMetaBlockDerivesTheFunctionalAndInPlaceWrappers) {
  DeviceSpec spec = default_spec();
  spec.native_ops.push_back("hypot");
  const RenderContext ctx = make_render_context(spec, torch_2_14(), catalog_with_binary_entry(kMetaEntry));
  std::map<std::string, std::vector<std::string>> wrappers;
  for (const auto& wrapper : ctx.ops.family.at("binary").wrappers) wrappers[wrapper.schema_name] = wrapper.lines;
  const auto without_blank = [](std::vector<std::string> lines) {
    std::erase(lines, std::string());
    return lines;
  };
  EXPECT_THAT(without_blank(wrappers.at("hypot")),
              ElementsAre("at::Tensor hypot(const at::Tensor& self, const at::Tensor& other) {",
                          "  check_devices(\"hypot\", other.device(), {self, other});",
                          "  at::Tensor out = empty_like_meta(at::meta::hypot(meta(self), meta(other)), other.device());",
                          "  kernels::hypot(out, self, other);", "  return out;", "}"));
  EXPECT_THAT(wrappers.at("hypot_"),
              ElementsAre("at::Tensor& hypot_inplace(at::Tensor& self, const at::Tensor& other) {",
                          "  check_devices(\"hypot_\", self.device(), {self, other});",
                          "  at::Tensor self_meta = meta(self);", "  (void)at::meta::hypot_(self_meta, meta(other));",
                          "  kernels::hypot(self, self, other);", "  return self;", "}"));
  EXPECT_THAT(wrappers.at("hypot.out"), ::testing::Contains("  return at::hypot_out(out, self, other);"));
}

// The host files' operators are data: an operator left out of operators.native gets its catalog bridge in the file
// the bridge names, with its includes and registration; the file exists only while it registers something.
TEST(RenderContext, AnOperatorOutOfTheNativeListGetsItsBridge) {
  const auto without = [](DeviceSpec spec, const std::vector<std::string>& names) {
    std::erase_if(spec.native_ops, [&](const std::string& op) {
      return std::find(names.begin(), names.end(), op) != names.end();
    });
    return spec;
  };
  const auto schema_names = [](const HostFileContext& host) {
    std::vector<std::string> names;
    for (const auto& r : host.registrations) names.push_back(r.schema_name);
    return names;
  };
  const RenderContext all_native = make_render_context(default_spec(), torch_2_14());
  EXPECT_FALSE(all_native.ops.host.at("cpu_bridge").generated);
  EXPECT_TRUE(all_native.ops.host.at("cpu_bridge").bridge_lines.empty());
  EXPECT_TRUE(all_native.ops.host.at("core_ops").generated);
  EXPECT_THAT(schema_names(all_native.ops.host.at("core_ops")), ::testing::Not(::testing::Contains("fill_.Scalar")));
  EXPECT_THAT(schema_names(all_native.ops.host.at("quantized")), ::testing::Contains("_empty_affine_quantized"));

  const DeviceSpec bridged = without(default_spec(), {"convolution_overrideable", "fill_.Scalar",
                                                      "_scaled_dot_product_fused_attention_overrideable"});
  const RenderContext ctx = make_render_context(bridged, torch_2_14());
  const HostFileContext& bridge = ctx.ops.host.at("cpu_bridge");
  EXPECT_TRUE(bridge.generated);
  // The attention's bridge brings the variant it registers with it (_fused_sdp_choice, its catalog wrapper).
  EXPECT_THAT(schema_names(bridge), ElementsAre("_scaled_dot_product_fused_attention_overrideable",
                                                "_fused_sdp_choice", "convolution_overrideable"));
  EXPECT_THAT(bridge.include_lines, ::testing::Contains("#include \"ops/cpu_convolution.h\""));
  EXPECT_THAT(bridge.include_lines, ::testing::Contains("#include <ATen/native/transformers/attention.h>"));
  EXPECT_THAT(bridge.bridge_lines, ::testing::Contains(HasSubstr("// ---- convolution: ")));
  EXPECT_THAT(bridge.reason_lines, ::testing::Contains(HasSubstr("//  * convolution: ")));
  EXPECT_THAT(schema_names(ctx.ops.host.at("core_ops")), ::testing::Contains("fill_.Scalar"));
  const auto jobs = render_file_jobs(ctx);
  ASSERT_EQ(jobs.count("csrc/ops/cpu_bridge.cc"), 1U);
  EXPECT_EQ(jobs.count("csrc/ops/cpu_bridge.h"), 1U);
  EXPECT_THAT(jobs.at("csrc/ops/cpu_bridge.cc").body,
              HasSubstr("  m.impl(\"convolution_overrideable\", &convolution_overrideable);"));
  EXPECT_THAT(jobs.at("csrc/ops/core_ops.cc").body, HasSubstr("  m.impl(\"fill_.Scalar\", &fill_inplace_Scalar);"));
  EXPECT_THAT(jobs.at("CMakeLists.txt").body, HasSubstr("csrc/ops/cpu_bridge.cc"));
  EXPECT_EQ(render_file_jobs(all_native).count("csrc/ops/cpu_bridge.cc"), 0U);

  // With operators.fallback: error, nothing is bridged (the CPU bridge runs PyTorch's CPU implementations).
  DeviceSpec strict = bridged;
  strict.fallback = FallbackPolicy::Error;
  EXPECT_FALSE(make_render_context(strict, torch_2_14()).ops.host.at("cpu_bridge").generated);
}

}  // namespace
}  // namespace accelgen
