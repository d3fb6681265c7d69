// ATen schemas (model/aten_schema.h): parsed as native_functions.yaml writes them, with the C++ signature of the
// unboxed kernel PyTorch's dispatcher calls for each.
#include "model/aten_schema.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace accelgen {
namespace {

using ::testing::HasSubstr;

std::vector<std::string> cpp_parameters(const AtenSchema& schema) {
  std::vector<std::string> result;
  for (const auto& a : schema.arguments) result.push_back(cpp_argument_type(a) + " " + a.name);
  return result;
}

TEST(AtenSchema, AnOutVariantWritesItsMutatedArgument) {
  const AtenSchema s = parse_aten_schema("add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
  EXPECT_EQ(s.name, "add.out");
  EXPECT_EQ(s.kind, VariantKind::Out);
  EXPECT_THAT(cpp_parameters(s), ::testing::ElementsAre("const at::Tensor& self", "const at::Tensor& other",
                                                        "const c10::Scalar& alpha", "at::Tensor& out"));
  EXPECT_FALSE(s.arguments[1].keyword_only);
  EXPECT_TRUE(s.arguments[2].keyword_only);
  EXPECT_TRUE(s.arguments[3].mutated);
  EXPECT_EQ(cpp_return_type(s), "at::Tensor&");
}

TEST(AtenSchema, VariantKindsFollowPyTorchNaming) {
  EXPECT_EQ(parse_aten_schema("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor").kind,
            VariantKind::Functional);
  EXPECT_EQ(parse_aten_schema("add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)").kind,
            VariantKind::InPlace);
  EXPECT_EQ(parse_aten_schema("exp_(Tensor(a!) self) -> Tensor(a!)").kind, VariantKind::InPlace);
  // A dunder name is not in-place.
  EXPECT_EQ(parse_aten_schema("__and__.Tensor(Tensor self, Tensor other) -> Tensor").kind, VariantKind::Functional);
}

TEST(AtenSchema, EveryMappedArgumentType) {
  const AtenSchema s = parse_aten_schema(
      "op(Tensor? weight, Tensor[] tensors, Tensor?[] indices, Scalar? min, int dim, int? n, SymInt[] size, "
      "int[2] stride=[1, 1], int[1]? dims=None, SymInt padding_idx, float eps, float? scale=None, bool[3] mask, "
      "ScalarType dtype, ScalarType? out_dtype=None, str approximate='none', str? mode=None, Generator? generator=None, "
      "bool keepdim=False, Layout? layout=None, Device? device=None, MemoryFormat? memory_format=None, "
      "float[] weights) -> (Tensor, Tensor)");
  EXPECT_THAT(cpp_parameters(s),
              ::testing::ElementsAre(
                  "const std::optional<at::Tensor>& weight", "at::TensorList tensors",
                  "const c10::List<std::optional<at::Tensor>>& indices", "const std::optional<c10::Scalar>& min",
                  "int64_t dim", "std::optional<int64_t> n", "at::IntArrayRef size", "at::IntArrayRef stride",
                  "at::OptionalIntArrayRef dims", "int64_t padding_idx", "double eps",
                  "std::optional<double> scale", "std::array<bool, 3> mask", "c10::ScalarType dtype",
                  "std::optional<c10::ScalarType> out_dtype", "c10::string_view approximate",
                  "std::optional<c10::string_view> mode", "std::optional<at::Generator> generator", "bool keepdim",
                  "std::optional<at::Layout> layout", "std::optional<at::Device> device",
                  "std::optional<at::MemoryFormat> memory_format", "at::ArrayRef<double> weights"));
  EXPECT_EQ(cpp_return_type(s), "std::tuple<at::Tensor, at::Tensor>");
}

TEST(AtenSchema, AStructuredOperatorTakesItsTensorListByReference) {
  // PyTorch's dispatcher passes the Tensor[] of a structured group's operator as ITensorListRef; a kernel taking
  // at::TensorList would not match cat's registered C++ signature.
  const AtenSchema s =
      parse_aten_schema("cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)", /*structured=*/true);
  EXPECT_THAT(cpp_parameters(s), ::testing::ElementsAre("const at::ITensorListRef& tensors", "int64_t dim",
                                                        "at::Tensor& out"));
  EXPECT_EQ(cpp_argument_type(parse_aten_schema("cat(Tensor[] tensors, int dim=0) -> Tensor", true).arguments[0]),
            "const at::ITensorListRef&");
  EXPECT_EQ(cpp_argument_type(parse_aten_schema("stack(Tensor[] tensors, int dim=0) -> Tensor").arguments[0]),
            "at::TensorList");
}

TEST(AtenSchema, ReturnShapes) {
  EXPECT_EQ(cpp_return_type(parse_aten_schema("f(Tensor(a!) self) -> ()")), "void");
  EXPECT_EQ(cpp_return_type(parse_aten_schema("f(Tensor self) -> Tensor[]")), "std::vector<at::Tensor>");
  EXPECT_EQ(cpp_return_type(parse_aten_schema(
                "max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> "
                "(Tensor(a!) values, Tensor(b!) indices)")),
            "std::tuple<at::Tensor&, at::Tensor&>");
  // The sequence lengths of the fused attention: (Tensor output, ..., SymInt max_q, SymInt max_k, ...).
  EXPECT_EQ(cpp_return_type(parse_aten_schema("f(Tensor self) -> (Tensor output, SymInt max_q, int n)")),
            "std::tuple<at::Tensor, c10::SymInt, int64_t>");
  EXPECT_EQ(parse_aten_schema("f() -> Tensor").arguments.size(), 0u);
}

TEST(AtenSchema, DefaultsWithBracketsCommasAndQuotes) {
  const AtenSchema s = parse_aten_schema("f(Tensor self, int[2] padding=[0, 0], str sep=\", )\", int k=1) -> Tensor");
  ASSERT_EQ(s.arguments.size(), 4u);
  EXPECT_EQ(s.arguments[2].name, "sep");
  EXPECT_EQ(s.arguments[3].name, "k");
}

TEST(AtenSchema, MalformedSchemasSayWhatWasExpected) {
  auto error = [](const std::string& text) {
    try {
      parse_aten_schema(text);
    } catch (const SchemaError& e) {
      return std::string(e.what());
    }
    ADD_FAILURE() << "parsed: " << text;
    return std::string();
  };
  EXPECT_THAT(error("add.Tensor"), HasSubstr("expected '('"));
  EXPECT_THAT(error("add(Tensor self, Tensor other) Tensor"), HasSubstr("expected '->'"));
  EXPECT_THAT(error("add(Tensor self Tensor other) -> Tensor"), HasSubstr("expected ','"));
  EXPECT_THAT(error("add(Tensor) -> Tensor"), HasSubstr("argument name"));
  EXPECT_THAT(error("add(Tensor self) -> Tensor junk"), HasSubstr("unexpected text"));
  EXPECT_THAT(error("f(Dimname dim) -> Tensor"), HasSubstr("does not map to C++"));
  EXPECT_THAT(error("(Tensor self) -> Tensor"), HasSubstr("operator's name"));
}

TEST(AtenSchema, WrapperNamesAreIdentifiersWithoutDoubleUnderscores) {
  EXPECT_EQ(wrapper_function_name("add.Tensor"), "add_Tensor");
  EXPECT_EQ(wrapper_function_name("add_.Tensor"), "add_inplace_Tensor");
  EXPECT_EQ(wrapper_function_name("add.out"), "add_out");
  EXPECT_EQ(wrapper_function_name("exp"), "exp");
  EXPECT_EQ(wrapper_function_name("exp_"), "exp_inplace");
  EXPECT_EQ(wrapper_function_name("_softmax"), "_softmax");
  EXPECT_EQ(wrapper_function_name("masked_fill_.Scalar"), "masked_fill_inplace_Scalar");
  EXPECT_EQ(wrapper_function_name("_foreach_add_.List"), "_foreach_add_inplace_List");
}

}  // namespace
}  // namespace accelgen
