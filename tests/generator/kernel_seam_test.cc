// The kernel seam: each native operator's device computation is a user-owned kernel file (csrc/kernels/), with
// a signature from the operator catalog; the PyTorch-facing operator stays generated. A kernel is scaffolded
// when its operator joins operators.native, never rewritten, and kept (and reported) when the operator leaves.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include <regex>

#include "model/kernel_signature.h"
#include "model/operator_catalog.h"
#include "render/backend_renderer.h"
#include "spec/spec_loader.h"
#include "test_support.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing_support::read_text;
using testing_support::run_accelgen;
using testing_support::TempDir;
using testing_support::write_text;

TargetVersions versions(const char* min, const char* max) {
  return {*contract::TorchVersion::parse(min), *contract::TorchVersion::parse(max)};
}

// The initial spec with operators.native replaced by `native`.
std::string spec_with_native(const std::string& native) {
  std::string text = render_initial_spec("mydevice", "\"2.14\"");
  const std::regex list(R"(native: \[[^\]]*\])");
  EXPECT_TRUE(std::regex_search(text, list));
  return std::regex_replace(text, list, "native: [" + native + "]");
}

std::map<std::string, const GeneratedFile*> by_path(const FileSet& files) {
  std::map<std::string, const GeneratedFile*> map;
  for (const auto& f : files) map[f.path] = &f;
  return map;
}

TEST(KernelSeam, FunctionNamesAreIdentifiersWithoutReservedDoubleUnderscores) {
  EXPECT_EQ(kernel_function_name("add.Tensor"), "add_Tensor");
  EXPECT_EQ(kernel_function_name("masked_fill_.Scalar"), "masked_fill_Scalar");
  EXPECT_EQ(kernel_function_name("_amp_update_scale_"), "_amp_update_scale_");
  const std::regex identifier("[A-Za-z_][A-Za-z0-9_]*");
  for (const auto& name : operator_catalog().names()) {
    const std::string fn = kernel_function_name(name);
    EXPECT_TRUE(std::regex_match(fn, identifier)) << fn;
    EXPECT_EQ(fn.find("__"), std::string::npos) << fn;
  }
}

TEST(KernelSeam, EveryCatalogOperatorHasASignatureWithAnOutput) {
  for (const auto& name : operator_catalog().names()) {
    const CatalogOperator& op = operator_catalog().at(name);
    EXPECT_FALSE(op.kernel.summary.empty()) << name;
    EXPECT_FALSE(op.kernel.body.empty()) << name;
    const KernelCode code = kernel_code(op);  // throws for an unknown parameter kind or no output
    EXPECT_EQ(code.parameters.size(), op.kernel.params.size()) << name;
    EXPECT_EQ(code.definition_parameters.size(), op.kernel.params.size()) << name;
    // Every parameter is captured but a scalar the default body does not use, left unnamed in the definition.
    const auto unnamed = std::count_if(code.definition_parameters.begin(), code.definition_parameters.end(),
                                       [](const std::string& p) { return p.find("/*") != std::string::npos; });
    EXPECT_EQ(code.captures.size() + static_cast<std::size_t>(unnamed), op.kernel.params.size()) << name;
  }
}

TEST(KernelSeam, OneUserOwnedKernelPerNativeOperatorDeclaredInAGeneratedHeader) {
  const FileSet files = render_backend(parse_spec(spec_with_native("add.Tensor, relu, sum.dim_IntList"),
                                                  "accelgen.yaml"),
                                       versions("2.14", "2.14"));
  const auto files_by_path = by_path(files);
  std::vector<std::string> kernels;
  for (const auto& f : files) {
    if (f.path.starts_with("csrc/kernels/") && f.path.ends_with(".cc")) kernels.push_back(f.path);
  }
  EXPECT_EQ(kernels, (std::vector<std::string>{"csrc/kernels/add_Tensor.cc", "csrc/kernels/relu.cc",
                                               "csrc/kernels/sum_dim_IntList.cc"}));
  const GeneratedFile* add = files_by_path.at("csrc/kernels/add_Tensor.cc");
  EXPECT_EQ(add->owner, FileOwner::User);
  EXPECT_THAT(add->content, HasSubstr("accelgen never overwrites it"));
  EXPECT_THAT(add->content, HasSubstr("void add_Tensor(const at::Tensor& out, const at::Tensor& self, "
                                      "const at::Tensor& other, const c10::Scalar& alpha) {"));
  EXPECT_THAT(add->content, HasSubstr("at::add_out(out, self, other, alpha);"));
  const GeneratedFile* header = files_by_path.at("csrc/kernels/kernels.h");
  EXPECT_EQ(header->owner, FileOwner::Generated);
  EXPECT_THAT(header->content, HasSubstr("void add_Tensor(const at::Tensor& out"));
  EXPECT_THAT(header->content, HasSubstr("void sum_dim_IntList(const at::Tensor& out, const at::Tensor& self, "
                                         "at::OptionalIntArrayRef dim, bool keepdim,"));
  EXPECT_THAT(header->content, Not(HasSubstr("void mm(")));
  // The generated operators call the kernels, and CMake builds exactly the spec's kernels.
  EXPECT_THAT(files_by_path.at("csrc/ops/native/binary.cc")->content,
              HasSubstr("binary(Promotion::Common, self, other, kernels::add_Tensor, alpha)"));
  const std::string& cmake = files_by_path.at("CMakeLists.txt")->content;
  EXPECT_THAT(cmake, HasSubstr("  csrc/kernels/relu.cc\n"));
  EXPECT_THAT(cmake, Not(HasSubstr("csrc/kernels/mm.cc")));
  EXPECT_THAT(cmake, Not(HasSubstr("GLOB BACKEND_KERNEL")));
}

// Optional scalars (clamp's bounds) and tensor lists (cat's inputs) cross into the kernel by value.
TEST(KernelSeam, OptionalScalarsAndTensorListsAreCapturedByValue) {
  // The FileSet outlives the map, which points into it.
  const FileSet rendered = render_backend(parse_spec(spec_with_native("clamp, cat"), "accelgen.yaml"),
                                          versions("2.14", "2.14"));
  const auto files = by_path(rendered);
  const std::string& clamp = files.at("csrc/kernels/clamp.cc")->content;
  EXPECT_THAT(clamp, HasSubstr("void clamp(const at::Tensor& out, const at::Tensor& self, "
                               "const std::optional<c10::Scalar>& min,"));
  EXPECT_THAT(clamp, HasSubstr("[out_arg = KernelArg(out), self_arg = KernelArg(self), min, max]"));
  EXPECT_THAT(files.at("csrc/kernels/cat.cc")->content, HasSubstr("tensors_args = kernel_args(tensors)"));
  EXPECT_THAT(files.at("csrc/ops/native/concatenation.cc")->content, HasSubstr("m.impl(\"cat.out\""));
  EXPECT_THAT(files.at("csrc/ops/native/pointwise.cc")->content, HasSubstr("m.impl(\"clamp.out\""));
}

TEST(KernelSeam, OperatorsThatNeedACapabilityHaveNoKernelWithoutIt) {
  std::string text = spec_with_native("uniform_, neg");
  const std::string on = "generator: true";
  ASSERT_NE(text.find(on), std::string::npos);
  text.replace(text.find(on), on.size(), "generator: false");
  const FileSet rendered = render_backend(parse_spec(text, "accelgen.yaml"), versions("2.14", "2.14"));
  const auto files = by_path(rendered);
  EXPECT_TRUE(files.contains("csrc/kernels/neg.cc"));
  EXPECT_FALSE(files.contains("csrc/kernels/uniform_.cc"));
  EXPECT_THAT(files.at("csrc/kernels/kernels.h")->content, Not(HasSubstr("uniform_")));
  // The tests (conftest's DEVICE_OPS, which the zero-fallback test uses) expect on the device only the operators
  // that have a kernel there: uniform_ is listed as native without its capability, neg is not.
  const std::string& conftest = files.at("tests/conftest.py")->content;
  EXPECT_THAT(conftest, HasSubstr("NATIVE_OPS_WITHOUT_CAPABILITY = [\n    \"uniform_\",\n]\n"));
  EXPECT_THAT(conftest, HasSubstr("DEVICE_OPS = [op for op in NATIVE_OPS if op not in NATIVE_OPS_WITHOUT_CAPABILITY]"));
  EXPECT_THAT(files.at("tests/test_zero_fallback.py")->content, HasSubstr("import CPU_FALLBACK, DEVICE, DEVICE_OPS,"));
}

// Through the command line, as a vendor meets it: edit a kernel, add an operator, remove one.
TEST(KernelSeam, AddingScaffoldsOnlyTheNewKernelAndRemovingKeepsAndReportsTheOld) {
  TempDir tmp;
  const auto dir = tmp.path() / "mydevice";
  write_text(dir / "accelgen.yaml", spec_with_native("add.Tensor, relu"));
  ASSERT_EQ(run_accelgen("generate " + dir.string()).status, 0);
  const auto add = dir / "csrc/kernels/add_Tensor.cc";
  const auto relu = dir / "csrc/kernels/relu.cc";
  ASSERT_TRUE(std::filesystem::exists(add));
  ASSERT_TRUE(std::filesystem::exists(relu));
  const std::string vendor_add = "// my add kernel\n" + read_text(add);
  write_text(add, vendor_add);

  // mm joins: only its kernel is new; the edited add kernel is untouched and nothing is merged into it.
  write_text(dir / "accelgen.yaml", spec_with_native("add.Tensor, relu, mm"));
  auto result = run_accelgen("generate " + dir.string());
  ASSERT_EQ(result.status, 0) << result.output;
  EXPECT_THAT(result.output, HasSubstr("csrc/kernels/mm.cc"));
  EXPECT_THAT(result.output, Not(HasSubstr("csrc/kernels/add_Tensor.cc")));
  EXPECT_TRUE(std::filesystem::exists(dir / "csrc/kernels/mm.cc"));
  EXPECT_EQ(read_text(add), vendor_add);

  // add leaves: its kernel stays, is reported, and is no longer built.
  write_text(dir / "accelgen.yaml", spec_with_native("relu, mm"));
  result = run_accelgen("generate " + dir.string());
  ASSERT_EQ(result.status, 0) << result.output;
  EXPECT_THAT(result.output, HasSubstr("csrc/kernels/add_Tensor.cc"));
  EXPECT_THAT(result.output, HasSubstr("no longer used"));
  EXPECT_EQ(read_text(add), vendor_add);
  EXPECT_THAT(read_text(dir / "CMakeLists.txt"), Not(HasSubstr("add_Tensor.cc")));
  EXPECT_THAT(read_text(dir / "csrc/kernels/kernels.h"), Not(HasSubstr("add_Tensor")));

  // add comes back: the vendor's kernel is used again as it is.
  write_text(dir / "accelgen.yaml", spec_with_native("add.Tensor, relu, mm"));
  result = run_accelgen("generate " + dir.string());
  ASSERT_EQ(result.status, 0) << result.output;
  EXPECT_EQ(read_text(add), vendor_add);
  EXPECT_THAT(read_text(dir / "CMakeLists.txt"), HasSubstr("csrc/kernels/add_Tensor.cc"));
}

}  // namespace
}  // namespace accelgen
