// The operator catalog (knowledge/operators/<family>.yaml) is read strictly: every mistake is a load error at
// file:line:column, never a key silently ignored.
#include "model/operator_catalog.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "base/strict_yaml.h"
#include "model/aten_schema.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;

// One valid operator; `extra` goes at the end of the operator's mapping, `kernel_extra` at the end of its kernel.
std::string catalog(const std::string& extra = "", const std::string& kernel_extra = "") {
  return "operators:\n"
         "  - name: add.Tensor\n"
         "    family: binary\n"
         "    variants:\n"
         "      - schema: \"add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\"\n"
         "        call: \"binary(self, other, alpha)\"\n"
         "    kernel:\n"
         "      summary: \"out = self + alpha * other\"\n"
         "      params: [\"out out\", \"in self\", \"in other\", \"scalar alpha\"]\n"
         "      body: |\n"
         "        at::add_out(out, self, other, alpha);\n" +
         kernel_extra + extra;
}

DataFileError load_error(const std::string& text, const std::string& family = "") {
  try {
    OperatorCatalog::load(text, "catalog.yaml", family);
  } catch (const DataFileError& e) {
    return e;
  }
  ADD_FAILURE() << "loaded without an error:\n" << text;
  return DataFileError("", 0, 0, "");
}

TEST(OperatorCatalog, TheEmbeddedCatalogLoads) {
  const OperatorCatalog& ops = operator_catalog();
  ASSERT_TRUE(ops.contains("add.Tensor"));
  EXPECT_EQ(ops.at("add.Tensor").family, "binary");
  EXPECT_GT(ops.names().size(), 50u);
  EXPECT_EQ(ops.at("normal_").capability, "generator");
}

TEST(OperatorCatalog, AValidEntryReadsEveryField) {
  const OperatorCatalog ops = OperatorCatalog::load(
      catalog("    capability: generator\n    dispatch_key: QuantizedPrivateUse1\n", "      host: \"return;\"\n"),
      "catalog.yaml");
  const CatalogOperator& op = ops.at("add.Tensor");
  EXPECT_EQ(op.capability, "generator");
  EXPECT_EQ(op.dispatch_key, "QuantizedPrivateUse1");
  ASSERT_EQ(op.kernel.params.size(), 4u);
  EXPECT_EQ(op.kernel.params[3].kind, KernelParamKind::Scalar);
  EXPECT_EQ(op.kernel.params[3].name, "alpha");
  EXPECT_EQ(op.kernel.host, "return;");
  EXPECT_EQ(op.kernel.body, "at::add_out(out, self, other, alpha);\n");
  EXPECT_EQ(OperatorCatalog::load(catalog(), "catalog.yaml").at("add.Tensor").dispatch_key, "PrivateUse1");
}

TEST(OperatorCatalog, AnUnknownKeyIsAnErrorAtItsPosition) {
  const DataFileError e = load_error(catalog("    wrapper_kind: binary\n"));
  EXPECT_EQ(e.line(), 12);
  EXPECT_EQ(e.column(), 5);
  EXPECT_THAT(e.what(), HasSubstr("catalog.yaml:12:5: error: an operator: unknown key 'wrapper_kind'"));
  const DataFileError k = load_error(catalog("", "      wrapper: binary\n"));
  EXPECT_EQ(k.line(), 12);
  EXPECT_EQ(k.column(), 7);
  EXPECT_THAT(k.message(), HasSubstr("kernel: unknown key 'wrapper'"));
  EXPECT_THAT(load_error("operators: []\nversion: 2\n").message(), HasSubstr("unknown key 'version'"));
}

TEST(OperatorCatalog, AMissingFieldIsAnError) {
  std::string text = catalog();
  text.erase(text.find("    family: binary\n"), std::string("    family: binary\n").size());
  const DataFileError e = load_error(text);
  EXPECT_EQ(e.line(), 2);
  EXPECT_THAT(e.message(), HasSubstr("missing required field 'family'"));
  std::string no_body = catalog();
  no_body.erase(no_body.find("      body: |"));
  EXPECT_THAT(load_error(no_body).message(), HasSubstr("missing required field 'body'"));
  EXPECT_THAT(load_error("other: 1\n").message(), HasSubstr("unknown key 'other'"));
}

TEST(OperatorCatalog, UnknownFamiliesCapabilitiesAndDispatchKeysAreErrors) {
  std::string text = catalog();
  text.replace(text.find("family: binary"), std::string("family: binary").size(), "family: binaries");
  const DataFileError family = load_error(text);
  EXPECT_EQ(family.line(), 3);
  EXPECT_EQ(family.column(), 13);
  EXPECT_THAT(family.message(), HasSubstr("operator add.Tensor: unknown family 'binaries' (known: "));
  EXPECT_THAT(family.message(), HasSubstr("unary"));
  const DataFileError capability = load_error(catalog("    capability: warp_drive\n"));
  EXPECT_EQ(capability.line(), 12);
  EXPECT_EQ(capability.column(), 17);
  EXPECT_THAT(capability.message(), HasSubstr("unknown capability 'warp_drive' (known: streams,"));
  EXPECT_THAT(load_error(catalog("    dispatch_key: CUDA\n")).message(), HasSubstr("unknown dispatch key 'CUDA'"));
}

TEST(OperatorCatalog, MalformedParametersAndDuplicatesAreErrors) {
  std::string text = catalog();
  text.replace(text.find("\"in self\""), std::string("\"in self\"").size(), "\"self\"");
  const DataFileError param = load_error(text);
  EXPECT_EQ(param.line(), 9);
  EXPECT_THAT(param.message(), HasSubstr("kernel parameter 'self' must be \"KIND NAME\""));
  std::string twice = catalog();
  twice += twice.substr(std::string("operators:\n").size());
  const DataFileError duplicate = load_error(twice);
  EXPECT_EQ(duplicate.line(), 12);
  EXPECT_THAT(duplicate.message(), HasSubstr("duplicate operator add.Tensor"));
}

TEST(OperatorCatalog, AnUnknownParameterKindIsAnErrorAtItsPosition) {
  std::string text = catalog();
  text.replace(text.find("\"scalar alpha\""), std::string("\"scalar alpha\"").size(), "\"number alpha\"");
  const DataFileError e = load_error(text);
  EXPECT_EQ(e.line(), 9);
  EXPECT_EQ(e.column(), 50);
  EXPECT_THAT(e.message(), HasSubstr("kernel parameter 'number alpha': unknown kind 'number' (known: out, opt_out,"));
  EXPECT_THAT(e.message(), HasSubstr("opt_double)"));
}

TEST(OperatorCatalog, EveryKindNameParsesBackToItsKind) {
  for (const std::string& name : kernel_param_kind_names()) {
    const std::optional<KernelParamKind> kind = parse_kernel_param_kind(name);
    ASSERT_TRUE(kind.has_value()) << name;
    EXPECT_EQ(kernel_param_kind_name(*kind), name);
  }
  EXPECT_EQ(kernel_param_kind_names().size(), 20u);
  EXPECT_FALSE(parse_kernel_param_kind("tensor").has_value());
}

TEST(OperatorCatalog, AKernelWithoutATensorToRunOnIsAnError) {
  std::string text = catalog();
  text.replace(text.find("[\"out out\", \"in self\", \"in other\", \"scalar alpha\"]"),
               std::string("[\"out out\", \"in self\", \"in other\", \"scalar alpha\"]").size(),
               "[\"opt_out out\", \"scalar alpha\"]");
  const DataFileError e = load_error(text);
  EXPECT_EQ(e.line(), 9);
  EXPECT_THAT(e.message(), HasSubstr("operator add.Tensor: the kernel needs an out, inout, in or list tensor parameter"));
}

TEST(OperatorCatalog, AnOperatorInTwoFilesIsAnErrorAtTheSecond) {
  OperatorCatalog all = OperatorCatalog::load(catalog(), "knowledge/operators/binary.yaml", "binary");
  const std::string moved = "\n\n" + catalog();  // the same entry, two lines further down in another file
  try {
    all.merge(OperatorCatalog::load(moved, "elsewhere.yaml"));
    ADD_FAILURE() << "merged an operator twice";
  } catch (const DataFileError& e) {
    EXPECT_EQ(e.origin(), "elsewhere.yaml");
    EXPECT_EQ(e.line(), 4);
    EXPECT_EQ(e.column(), 5);
    EXPECT_THAT(e.message(), HasSubstr("duplicate operator add.Tensor, already in knowledge/operators/binary.yaml:2"));
  }
}

TEST(OperatorCatalog, TheFamiliesAreTheCatalogFiles) {
  const std::vector<std::string> families = catalog_families();
  const std::set<std::string> unique(families.begin(), families.end());
  EXPECT_EQ(unique.size(), families.size());
  EXPECT_TRUE(unique.contains("binary"));
  EXPECT_TRUE(unique.contains("loss"));
  EXPECT_FALSE(unique.contains("README"));
  const OperatorCatalog& ops = operator_catalog();
  std::set<std::string> used;
  for (const std::string& name : ops.names()) used.insert(ops.at(name).family);
  EXPECT_EQ(used, unique) << "a catalog file without operators, or an operator of no file's family";
}

// A binary family's file: its block names the wrappers that derive an elementwise operator's variants.
std::string elementwise_catalog(const std::string& rule, const std::string& variant_extra = "") {
  return "family:\n"
         "  title: \"Binary operators.\"\n"
         "  includes: [torch/library.h]\n"
         "  elementwise: {wrapper: binary, promotion_enum: Promotion, operands: 2}\n"
         "operators:\n"
         "  - name: sub.Tensor\n"
         "    family: binary\n" +
         rule +
         "    variants:\n"
         "      - schema: \"sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\"\n" +
         variant_extra +
         "      - schema: \"sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)\"\n"
         "    kernel:\n"
         "      summary: \"out = self - alpha * other\"\n"
         "      params: [\"out out\", \"in self\", \"in other\", \"scalar alpha\"]\n"
         "      body: |\n"
         "        at::sub_out(out, self, other, alpha);\n";
}

TEST(OperatorCatalog, AFamilyBlockInTwoFilesIsAnErrorAtTheSecond) {
  const std::string rule = "    elementwise:\n      promotion: common\n";
  OperatorCatalog all = OperatorCatalog::load(elementwise_catalog(rule), "knowledge/operators/binary.yaml", "binary");
  // A second file with the binary family's block and another operator of the family: the block is the error.
  std::string second = "\n" + elementwise_catalog(rule);
  for (auto at = second.find(" sub."); at != std::string::npos; at = second.find(" sub.", at)) second.insert(at + 1, "r");
  for (auto at = second.find("\"sub."); at != std::string::npos; at = second.find("\"sub.", at)) second.insert(at + 1, "r");
  try {
    all.merge(OperatorCatalog::load(second, "elsewhere.yaml", "binary"));
    ADD_FAILURE() << "merged a family block twice";
  } catch (const DataFileError& e) {
    EXPECT_EQ(e.origin(), "elsewhere.yaml");
    EXPECT_EQ(e.line(), 3);
    EXPECT_THAT(e.message(), HasSubstr("a second family block of family binary, already in "
                                       "knowledge/operators/binary.yaml:2"));
  }
}

// A pointwise family's file with one operator whose meta block derives `variants` (given as schema lines).
std::string meta_catalog(const std::string& meta, const std::string& variants) {
  return "operators:\n"
         "  - name: lerp.Scalar\n"
         "    family: pointwise\n" +
         meta + "    variants:\n" + variants +
         "    kernel:\n"
         "      summary: \"out = self + weight * (end - self)\"\n"
         "      params: [\"out out\", \"in self\", \"in end\", \"scalar weight\"]\n"
         "      body: |\n"
         "        at::lerp_out(out, self, end, weight);\n";
}

TEST(OperatorCatalog, AMetaBlockDerivesFunctionalAndInPlaceVariantsOnly) {
  const std::string functional = "      - schema: \"lerp.Scalar(Tensor self, Tensor end, Scalar weight) -> Tensor\"\n";
  const std::string in_place =
      "      - schema: \"lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)\"\n";
  const std::string out =
      "      - schema: \"lerp.Scalar_out(Tensor self, Tensor end, Scalar weight, *, Tensor(a!) out) -> Tensor(a!)\"\n";
  const OperatorCatalog ops =
      OperatorCatalog::load(meta_catalog("    meta: {device: end}\n", functional + in_place), "pointwise.yaml");
  ASSERT_TRUE(ops.at("lerp.Scalar").meta.has_value());
  EXPECT_EQ(ops.at("lerp.Scalar").meta->device, "end");
  EXPECT_TRUE(ops.at("lerp.Scalar").variants[1].body.empty());

  const auto error = [](const std::string& text) {
    try {
      OperatorCatalog::load(text, "pointwise.yaml");
    } catch (const DataFileError& e) {
      return std::to_string(e.line()) + ": " + e.message();
    }
    return std::string("no error");
  };
  EXPECT_THAT(error(meta_catalog("    meta: {}\n", functional + out)),
              HasSubstr("7: operator lerp.Scalar: variant lerp.Scalar_out is an out= variant: the operator's meta "
                        "block derives functional and in-place wrappers only"));
  EXPECT_THAT(error(meta_catalog("    meta: {device: weight}\n", functional)),
              HasSubstr("6: operator lerp.Scalar: variant lerp.Scalar has no tensor argument named weight (meta.device)"));
  EXPECT_THAT(error(meta_catalog("    meta: {}\n    elementwise: {promotion: common}\n", functional)),
              HasSubstr("operator lerp.Scalar: an operator's variants are derived by its elementwise block or its "
                        "meta block, not both"));
  EXPECT_THAT(error(meta_catalog("    meta: {place: self}\n", functional)), HasSubstr("place"));
  EXPECT_THAT(error(meta_catalog("", functional)),
              HasSubstr("variant lerp.Scalar needs exactly one of call (an expression the wrapper returns) and body"));
}

TEST(OperatorCatalog, AnElementwiseOperatorStatesItsRuleOnce) {
  const std::string rule = "    elementwise:\n      promotion: common\n      check: \"at::native::sub_check(self, other);\"\n";
  const OperatorCatalog ops = OperatorCatalog::load(elementwise_catalog(rule), "binary.yaml", "binary");
  const CatalogOperator& op = ops.at("sub.Tensor");
  ASSERT_TRUE(op.elementwise.has_value());
  EXPECT_EQ(op.elementwise->promotion, Promotion::Common);
  EXPECT_EQ(op.elementwise->check, "at::native::sub_check(self, other);");
  EXPECT_EQ(op.variants.size(), 2u);
  EXPECT_EQ(ops.family("binary").elementwise_wrapper, "binary");
  EXPECT_EQ(ops.family("binary").elementwise_promotion_enum, "Promotion");
  EXPECT_EQ(promotion_name(Promotion::IntegerToFloat), "integer_to_float");
  EXPECT_FALSE(operator_catalog().at("add.Tensor").elementwise->check.empty());
}

TEST(OperatorCatalog, ADerivedVariantWithItsOwnCodeOrAnUnknownRuleIsAnError) {
  const std::string rule = "    elementwise:\n      promotion: common\n";
  const DataFileError call = load_error(elementwise_catalog(rule, "        call: \"binary(Promotion::Common, self)\"\n"));
  EXPECT_EQ(call.line(), 12);
  EXPECT_THAT(call.message(), HasSubstr("variant sub.Tensor is derived from the operator's elementwise rule: leave out "
                                        "its call"));
  const DataFileError promotion = load_error(elementwise_catalog("    elementwise:\n      promotion: widest\n"));
  EXPECT_EQ(promotion.line(), 9);
  EXPECT_THAT(promotion.message(), HasSubstr("unknown promotion 'widest' (known: common, integer_to_float, to_bool, same, complex_to_real)"));
  std::string no_wrapper = elementwise_catalog(rule);
  no_wrapper.erase(no_wrapper.find("  elementwise: {"), no_wrapper.find("operators:") - no_wrapper.find("  elementwise: {"));
  const DataFileError family = load_error(no_wrapper);
  EXPECT_EQ(family.line(), 8);
  EXPECT_THAT(family.message(), HasSubstr("needs its family block to name the wrappers"));
  std::string unary = elementwise_catalog(rule);
  unary.replace(unary.find("sub.Tensor(Tensor self, Tensor other,"), std::string("sub.Tensor(Tensor self, Tensor other,").size(),
                "sub.Tensor(Tensor self,");
  const DataFileError arity = load_error(unary);
  EXPECT_EQ(arity.line(), 11);
  EXPECT_THAT(arity.message(), HasSubstr("has 1 positional arguments; the binary family's elementwise operators take 2"));
}

TEST(OperatorCatalog, VariantsAreReadWithTheirSchemas) {
  std::string text = catalog("    support: \"// shared\"\n");
  text.insert(text.find("    kernel:"),
              "      - schema: \"add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)\"\n"
              "        comment: \"in place\"\n"
              "        body: |\n"
              "          return binary_(self, other, alpha);\n");
  const CatalogOperator op = OperatorCatalog::load(text, "catalog.yaml").at("add.Tensor");
  ASSERT_EQ(op.variants.size(), 2u);
  EXPECT_EQ(op.variants[0].schema, "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  EXPECT_EQ(op.variants[0].call, "binary(self, other, alpha)");
  EXPECT_EQ(op.variants[0].body, "");
  EXPECT_EQ(op.variants[1].body, "return binary_(self, other, alpha);\n");
  EXPECT_EQ(op.variants[1].comment, "in place");
  EXPECT_EQ(op.support, "// shared");
}

TEST(OperatorCatalog, MalformedVariantsAreErrorsAtTheirLine) {
  std::string no_variants = catalog();
  const std::string variants_block = no_variants.substr(no_variants.find("    variants:"),
                                                         no_variants.find("    kernel:") - no_variants.find("    variants:"));
  no_variants.erase(no_variants.find(variants_block), variants_block.size());
  EXPECT_THAT(load_error(no_variants).message(), HasSubstr("missing required field 'variants'"));

  std::string bad_schema = catalog();
  bad_schema.replace(bad_schema.find("-> Tensor\""), std::string("-> Tensor\"").size(), "Tensor\"");
  const DataFileError schema = load_error(bad_schema);
  EXPECT_EQ(schema.line(), 5);
  EXPECT_THAT(schema.message(), HasSubstr("expected '->'"));

  std::string unmapped = catalog();
  unmapped.replace(unmapped.find("Tensor other"), std::string("Tensor other").size(), "Dimname other");
  EXPECT_THAT(load_error(unmapped).message(), HasSubstr("'Dimname', which accelgen does not map to C++"));

  std::string both = catalog();
  both.insert(both.find("    kernel:"), "        body: \"return x;\"\n");
  const DataFileError call_and_body = load_error(both);
  EXPECT_EQ(call_and_body.line(), 5);
  EXPECT_THAT(call_and_body.message(), HasSubstr("needs exactly one of call"));

  std::string neither = catalog();
  neither.erase(neither.find("        call:"), std::string("        call: \"binary(self, other, alpha)\"\n").size());
  EXPECT_THAT(load_error(neither).message(), HasSubstr("needs exactly one of call"));

  std::string other_first = catalog();
  other_first.replace(other_first.find("\"add.Tensor("), std::string("\"add.Tensor(").size(), "\"add.Scalar(");
  EXPECT_THAT(load_error(other_first).message(),
              HasSubstr("the first variant must be the operator itself (add.Tensor), not add.Scalar"));

  std::string repeated = catalog();
  repeated.insert(repeated.find("    kernel:"),
                  "      - schema: \"add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\"\n"
                  "        call: \"x\"\n");
  const DataFileError twice = load_error(repeated);
  EXPECT_EQ(twice.line(), 7);
  EXPECT_THAT(twice.message(), HasSubstr("duplicate schema add.Tensor"));

  EXPECT_THAT(load_error(catalog(), "unary").message(),
              HasSubstr("family 'binary' in the catalog file of family 'unary' (move the entry to "
                        "knowledge/operators/binary.yaml)"));
}

TEST(OperatorCatalog, EveryEmbeddedVariantHasAWrapperWithAUniqueName) {
  std::set<std::string> functions;
  for (const auto& name : operator_catalog().names()) {
    for (const auto& variant : operator_catalog().at(name).variants) {
      const std::string function = wrapper_function_name(parse_aten_schema(variant.schema).name);
      EXPECT_TRUE(functions.insert(function).second) << function << " twice";
      EXPECT_EQ(function.find("__"), std::string::npos) << function;
    }
  }
}

// A catalog operator with a bridge: the wrapper a host file registers while operators.native does not list it.
std::string bridged_catalog(const std::string& bridge, const std::string& dispatch_key = "") {
  return "operators:\n"
         "  - name: dequantize.self\n"
         "    family: quantization\n" +
         dispatch_key +
         "    variants:\n"
         "      - schema: \"dequantize.self(Tensor self) -> Tensor\"\n"
         "        body: \"return kernels::dequantize_self(self);\"\n"
         "      - schema: \"dequantize.tensors(Tensor[] tensors) -> Tensor[]\"\n"
         "        call: \"dequantize_each(tensors)\"\n"
         "      - schema: \"q_per_channel_axis(Tensor self) -> int\"\n"
         "        call: \"kernels::axis_of(self)\"\n" +
         bridge +
         "    kernel:\n"
         "      summary: \"out = the float values of self\"\n"
         "      params: [\"out out\", \"in self\"]\n"
         "      body: |\n"
         "        out.copy_(self);\n";
}

TEST(OperatorCatalog, ABridgeBlockStatesTheHostFilesWrapper) {
  const std::string key = "    dispatch_key: QuantizedPrivateUse1\n";
  const OperatorCatalog ops = OperatorCatalog::load(
      bridged_catalog("    bridge:\n      file: quantized\n      includes: [cstdint]\n      comment: \"On the CPU.\"\n"
                      "      call: \"self.cpu().dequantize().to(self.device())\"\n      registers: [dequantize.tensors]\n",
                      key),
      "quantization.yaml");
  const CatalogOperator& op = ops.at("dequantize.self");
  ASSERT_TRUE(op.bridge.has_value());
  EXPECT_EQ(op.bridge->file, HostFile::Quantized);
  EXPECT_EQ(op.bridge->includes, std::vector<std::string>{"cstdint"});
  EXPECT_EQ(op.bridge->wrapper.schema, "dequantize.self(Tensor self) -> Tensor");
  EXPECT_EQ(op.bridge->wrapper.call, "self.cpu().dequantize().to(self.device())");
  EXPECT_EQ(op.bridge->wrapper.comment, "On the CPU.");
  EXPECT_EQ(op.bridge->registers, std::vector<std::string>{"dequantize.tensors"});

  const auto error = [](const std::string& text) {
    try {
      OperatorCatalog::load(text, "quantization.yaml");
    } catch (const DataFileError& e) {
      return std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": " + e.message();
    }
    return std::string("no error");
  };
  const std::string call = "      call: \"self\"\n";
  EXPECT_THAT(error(bridged_catalog("    bridge:\n      file: attic\n" + call, key)),
              HasSubstr("13:13: operator dequantize.self: bridge: unknown host file 'attic' (known: core_ops, "
                        "cpu_bridge, quantized, autocast, serialization)"));
  EXPECT_THAT(error(bridged_catalog("    bridge:\n      file: cpu_bridge\n" + call, key)),
              HasSubstr("13:13: operator dequantize.self: bridge: cpu_bridge registers for PrivateUse1, the "
                        "operator's dispatch key is QuantizedPrivateUse1"));
  EXPECT_THAT(error(bridged_catalog("    bridge:\n      file: quantized\n", key)),
              HasSubstr("13:7: operator dequantize.self: bridge: needs exactly one of call"));
  EXPECT_THAT(error(bridged_catalog("    bridge:\n      file: quantized\n" + call + "      body: \"return self;\"\n", key)),
              HasSubstr("needs exactly one of call"));
  EXPECT_THAT(error(bridged_catalog("    bridge:\n      file: quantized\n" + call + "      registers: [dequantize.self]\n",
                                    key)),
              HasSubstr("15:19: operator dequantize.self: bridge: 'dequantize.self' is not one of the operator's "
                        "other variants"));
  EXPECT_THAT(error(bridged_catalog("    bridge:\n      file: quantized\n" + call +
                                        "      registers: [q_per_channel_axis]\n",
                                    key)),
              HasSubstr("variant q_per_channel_axis calls the device kernel, which a bridged operator does not have"));
  EXPECT_THAT(error(bridged_catalog("    bridge:\n      file: quantized\n      includes: [\"<cstdint>\"]\n" + call, key)),
              HasSubstr("must be a header's path as #include names it"));
  EXPECT_THAT(error(bridged_catalog("    bridge:\n      file: quantized\n      kernel: x\n" + call, key)),
              HasSubstr("kernel"));
}

}  // namespace
}  // namespace accelgen
