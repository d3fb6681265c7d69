// The operator catalog (knowledge/operator-catalog.yaml) is read strictly: every mistake is a load error at
// file:line:column, never a key silently ignored.
#include "model/operator_catalog.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "base/strict_yaml.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;

// One valid operator; `extra` goes at the end of the operator's mapping, `kernel_extra` at the end of its kernel.
std::string catalog(const std::string& extra = "", const std::string& kernel_extra = "") {
  return "operators:\n"
         "  - name: add.Tensor\n"
         "    family: binary\n"
         "    kernel:\n"
         "      summary: \"out = self + alpha * other\"\n"
         "      params: [\"out out\", \"in self\", \"in other\", \"scalar alpha\"]\n"
         "      body: |\n"
         "        at::add_out(out, self, other, alpha);\n" +
         kernel_extra + extra;
}

DataFileError load_error(const std::string& text) {
  try {
    OperatorCatalog::load(text, "catalog.yaml");
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
  EXPECT_EQ(op.kernel.params[3].kind, "scalar");
  EXPECT_EQ(op.kernel.params[3].name, "alpha");
  EXPECT_EQ(op.kernel.host, "return;");
  EXPECT_EQ(op.kernel.body, "at::add_out(out, self, other, alpha);\n");
  EXPECT_EQ(OperatorCatalog::load(catalog(), "catalog.yaml").at("add.Tensor").dispatch_key, "PrivateUse1");
}

TEST(OperatorCatalog, AnUnknownKeyIsAnErrorAtItsPosition) {
  const DataFileError e = load_error(catalog("    variants: [add_.Tensor]\n"));
  EXPECT_EQ(e.line(), 9);
  EXPECT_EQ(e.column(), 5);
  EXPECT_THAT(e.what(), HasSubstr("catalog.yaml:9:5: error: an operator: unknown key 'variants'"));
  const DataFileError k = load_error(catalog("", "      wrapper: binary\n"));
  EXPECT_EQ(k.line(), 9);
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
  EXPECT_EQ(capability.line(), 9);
  EXPECT_EQ(capability.column(), 17);
  EXPECT_THAT(capability.message(), HasSubstr("unknown capability 'warp_drive' (known: streams,"));
  EXPECT_THAT(load_error(catalog("    dispatch_key: CUDA\n")).message(), HasSubstr("unknown dispatch key 'CUDA'"));
}

TEST(OperatorCatalog, MalformedParametersAndDuplicatesAreErrors) {
  std::string text = catalog();
  text.replace(text.find("\"in self\""), std::string("\"in self\"").size(), "\"self\"");
  const DataFileError param = load_error(text);
  EXPECT_EQ(param.line(), 6);
  EXPECT_THAT(param.message(), HasSubstr("kernel parameter 'self' must be \"KIND NAME\""));
  std::string twice = catalog();
  twice += twice.substr(std::string("operators:\n").size());
  const DataFileError duplicate = load_error(twice);
  EXPECT_EQ(duplicate.line(), 9);
  EXPECT_THAT(duplicate.message(), HasSubstr("duplicate operator add.Tensor"));
}

}  // namespace
}  // namespace accelgen
