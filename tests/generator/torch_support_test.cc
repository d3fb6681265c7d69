#include "contract/torch_support.h"

#include <gtest/gtest.h>

#include <string>

#include "contract/knowledge_base.h"

namespace {

using accelgen::contract::KnowledgeBaseError;
using accelgen::contract::TorchSupport;
using accelgen::contract::TorchVersion;

TEST(TorchSupport, TheEmbeddedListSupports26To214AndNamesTheContractHeaders) {
  const auto& s = accelgen::contract::torch_support();
  EXPECT_EQ(s.min, (TorchVersion{2, 6}));
  EXPECT_EQ(s.max, (TorchVersion{2, 14}));
  EXPECT_EQ(accelgen::contract::supported_versions().size(), 9u);
  bool hooks = false, gate = false;
  for (const auto& h : s.contract_headers) {
    EXPECT_FALSE(h.what.empty()) << h.path;
    hooks |= h.path == "ATen/detail/PrivateUse1HooksInterface.h" && !h.tokens_only;
    gate |= h.path == "ATen/ATen.h" && h.tokens_only;
  }
  EXPECT_TRUE(hooks);
  EXPECT_TRUE(gate);
}

TEST(TorchSupport, BadListsAreErrorsAtTheirPosition) {
  const std::string headers = "contract_headers:\n  - {path: a.h, what: a}\n";
  auto error = [](const std::string& yaml) -> std::string {
    try {
      TorchSupport::load(yaml, "v.yaml");
    } catch (const KnowledgeBaseError& e) {
      return e.what();
    }
    return "loaded";
  };
  EXPECT_EQ(error("schema_version: 1\nsupported: {min: \"2.6\", max: \"2.14\"}\n" + headers), "loaded");
  EXPECT_NE(error("schema_version: 1\nsupported: {min: \"2.14\", max: \"2.6\"}\n" + headers).find("v.yaml:2:"),
            std::string::npos);
  EXPECT_NE(error("schema_version: 1\nsupported: {min: two, max: \"2.6\"}\n" + headers).find("'two' is not a torch"),
            std::string::npos);
  EXPECT_NE(error("schema_version: 1\nsupported: {min: \"2.6\", max: \"2.14\", next: \"2.15\"}\n" + headers)
                .find("unknown key 'next'"),
            std::string::npos);
  EXPECT_NE(error("schema_version: 1\nsupported: {min: \"2.6\", max: \"2.14\"}\ncontract_headers: []\n")
                .find("contract_headers must be a non-empty list"),
            std::string::npos);
}

}  // namespace
