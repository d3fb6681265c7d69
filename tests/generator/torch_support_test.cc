#include "contract/torch_support.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "contract/knowledge_base.h"

namespace {

using accelgen::contract::KnowledgeBaseError;
using accelgen::contract::TorchSupport;
using accelgen::contract::TorchVersion;

TEST(TorchSupport, TheEmbeddedListSupports26To214AndNamesTheContractHeaders) {
  const auto& s = accelgen::contract::torch_support();
  EXPECT_EQ(s.min, (TorchVersion{2, 6}));
  EXPECT_EQ(s.max, (TorchVersion{2, 14}));
  EXPECT_EQ(s.examined, (std::vector<std::string>{"2.6.0", "2.11.0", "2.14.1"}));
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
  const std::string examined = "examined: [\"2.6.0\", \"2.14.1\"]\n";
  const std::string headers = "contract_headers:\n  - {path: a.h, component: hooks, what: a}\n";
  auto error = [](const std::string& yaml) -> std::string {
    try {
      TorchSupport::load(yaml, "v.yaml");
    } catch (const KnowledgeBaseError& e) {
      return e.what();
    }
    return "loaded";
  };
  const std::string range = "schema_version: 1\nsupported: {min: \"2.6\", max: \"2.14\"}\n";
  EXPECT_EQ(error(range + examined + headers), "loaded");
  EXPECT_NE(
      error("schema_version: 1\nsupported: {min: \"2.14\", max: \"2.6\"}\n" + examined + headers).find("v.yaml:2:"),
      std::string::npos);
  EXPECT_NE(error("schema_version: 1\nsupported: {min: two, max: \"2.6\"}\n" + examined + headers)
                .find("'two' is not a torch"),
            std::string::npos);
  EXPECT_NE(error("schema_version: 1\nsupported: {min: \"2.6\", max: \"2.14\", next: \"2.15\"}\n" + examined + headers)
                .find("unknown key 'next'"),
            std::string::npos);
  EXPECT_NE(error(range + examined + "contract_headers: []\n").find("contract_headers must be a non-empty list"),
            std::string::npos);
  // Each header names the knowledge base's component of a change found in it (a drafted entry's).
  EXPECT_NE(error(range + examined + "contract_headers:\n  - {path: a.h, component: nowhere, what: a}\n")
                .find("v.yaml:5:28: error: contract_headers[0].component 'nowhere' is not a component"),
            std::string::npos)
      << error(range + examined + "contract_headers:\n  - {path: a.h, component: nowhere, what: a}\n");
}

// `examined`: the releases the knowledge base's dates rest on, full release numbers, oldest first, none newer than
// the newest known release (supported.max).
TEST(TorchSupport, ExaminedReleasesAreCheckedAtTheirPosition) {
  const std::string range = "schema_version: 1\nsupported: {min: \"2.6\", max: \"2.14\"}\n";
  const std::string headers = "contract_headers:\n  - {path: a.h, component: hooks, what: a}\n";
  auto error = [&](const std::string& examined) -> std::string {
    try {
      TorchSupport::load(range + "examined: " + examined + "\n" + headers, "v.yaml");
    } catch (const KnowledgeBaseError& e) {
      return e.what();
    }
    return "loaded";
  };
  EXPECT_EQ(error(R"(["2.6.0", "2.11.0", "2.14.1"])"), "loaded");
  EXPECT_NE(error("[]").find("v.yaml:3:11: error: examined must be a non-empty list"), std::string::npos);
  EXPECT_NE(error(R"(["2.6.0", "2.11"])").find("v.yaml:3:21: error: examined[1] '2.11' is not a torch release such as "
                                             "\"2.14.1\" (MAJOR.MINOR.PATCH)"),
            std::string::npos)
      << error(R"(["2.6.0", "2.11"])");
  EXPECT_NE(error(R"(["2.11.0", "2.6.0"])").find("examined[1] '2.6.0' must be a later release line than the one "
                                                 "before it (2.11)"),
            std::string::npos);
  EXPECT_NE(error(R"(["2.6.0", "2.15.0"])").find("examined[1] '2.15.0' is newer than supported.max 2.14"),
            std::string::npos);
  const auto support = TorchSupport::load(range + "examined: [\"2.6.0\", \"2.11.0\"]\n" + headers, "v.yaml");
  EXPECT_EQ(support.examined, (std::vector<std::string>{"2.6.0", "2.11.0"}));
  EXPECT_EQ(support.examined_lines(), (std::vector<TorchVersion>{{2, 6}, {2, 11}}));
  EXPECT_EQ(support.origin, "v.yaml");
}

}  // namespace
