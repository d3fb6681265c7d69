// A torch newer than the knowledge base, as contract-diff sees it: the committed snapshot of the newest known
// release against a "2.15" made from it with one change of each kind the issue names (a new pure virtual in the
// PrivateUse1 hooks, a changed signature of a virtual the guard overrides, a removed header the backend includes, a
// changed macro arity, a removed operator schema the catalog registers). Each is unknown to the knowledge base, is
// reported with its header and line and the generated and user files it touches, and gives a draft entry the loader
// accepts once the release is known. tests/e2e/torch_beyond_knowledge.sh does the same with real header trees and
// compiles the drafted probes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <set>
#include <string>

#include "base/diagnostic.h"
#include "contract/knowledge_base.h"
#include "contract/torch_support.h"
#include "contract_diff/backend_uses.h"
#include "contract_diff/contract_diff.h"
#include "contract_diff/draft_entries.h"
#include "contract_diff/snapshot_file.h"
#include "plan/version_knowledge.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
namespace cd = accelgen::contract_diff;
using accelgen::testing_support::TempDir;
using accelgen::testing_support::write_text;
using ::testing::HasSubstr;

const fs::path kSourceDir = ACCELGEN_SOURCE_DIR;

// The newest known contract (2.14.x) and a "2.15.0" made from it by `change`.
std::pair<cd::Snapshot, cd::Snapshot> next_release(const std::function<void(cd::Snapshot&)>& change) {
  cd::Snapshot known = cd::newest_known_snapshot();
  cd::Snapshot next = known;
  next.torch_version = "2.15.0";
  change(next);
  return {known, next};
}

// A generated backend for the newest known release with one file of the user's that uses what the changes touch.
class NextRelease : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    tmp_ = new TempDir;
    const auto init = accelgen::testing_support::run_accelgen("init mydevice --torch 2.14 --dir " + tmp_->path().string());
    ASSERT_EQ(init.status, 0) << init.output;
    write_text(tree() / "csrc/user/next_release.cc",
               "#include <torch/csrc/profiler/standalone/privateuse1_observer.h>\n"
               "// C10_REGISTER_GUARD_IMPL in a comment is not a use.\n"
               "C10_REGISTER_GUARD_IMPL(PrivateUse1, MyGuard);\n"
               "c10::Stream s = static_cast<const c10::impl::DeviceGuardImplInterface&>(guard).getStream(device);\n");
  }
  static void TearDownTestSuite() { delete tmp_; }
  static fs::path tree() { return tmp_->path() / "mydevice"; }

  // The diff with the backend's uses, and its one change `id` (which must be the only one touching the backend).
  static cd::ContractDiff diff_with_uses(const cd::Snapshot& known, const cd::Snapshot& next) {
    auto d = cd::diff(known, next, accelgen::version_knowledge());
    cd::attach_backend_uses(d, next, tree());
    return d;
  }

  static std::set<std::string> uses(const cd::ContractDiff& d, const std::string& id) {
    std::set<std::string> found;
    for (const auto& c : d.changes) {
      if (c.id != id) continue;
      for (const auto& use : c.uses) {
        found.insert(use.path + ":" + std::to_string(use.line) + (use.generated ? " generated" : " yours"));
      }
    }
    return found;
  }

  static const cd::ItemChange& only(const cd::ContractDiff& d, const std::string& id) {
    for (const auto& c : d.changes) {
      if (c.id == id) return c;
    }
    throw std::runtime_error("no change " + id + " in:\n" + cd::render_list(d));
  }

  // The drafted entries, loaded as the knowledge base loads them once supported.max is the newer release.
  static accelgen::contract::KnowledgeBase drafts_of(const cd::ContractDiff& d, std::string* text_out = nullptr) {
    const std::string text = cd::draft_entries(d);
    if (text_out) *text_out = text;
    accelgen::contract::TorchSupport reviewed = accelgen::contract::torch_support();
    reviewed.max = {2, 15};
    reviewed.examined.push_back("2.15.0");
    return accelgen::contract::KnowledgeBase::load(text, "drafts.yaml", reviewed);
  }

  static TempDir* tmp_;
};
TempDir* NextRelease::tmp_ = nullptr;

TEST_F(NextRelease, AnUnchangedContractReportsNothing) {
  const auto [known, next] = next_release([](cd::Snapshot&) {});
  const auto d = diff_with_uses(known, next);
  EXPECT_TRUE(d.changes.empty()) << cd::render_list(d);
  EXPECT_EQ(d.unknown_touching_backend(), 0);
  EXPECT_TRUE(drafts_of(d).changes().empty());
}

TEST_F(NextRelease, ANewPureVirtualInThePrivateUse1HooksReachesTheHooksClass) {
  const std::string id = "virtual:at::PrivateUse1HooksInterface::isNextReleaseReady";
  const auto [known, next] = next_release([&](cd::Snapshot& s) {
    s.items[id] = {id, "bool isNextReleaseReady() const = 0", "ATen/detail/PrivateUse1HooksInterface.h", 27};
  });
  const auto d = diff_with_uses(known, next);
  ASSERT_EQ(d.changes.size(), 1u) << cd::render_list(d);
  const auto& change = only(d, id);
  EXPECT_TRUE(change.explained_by.empty()) << "a change of 2.14 explains a difference after it";
  EXPECT_EQ(cd::declared_at(change), "ATen/detail/PrivateUse1HooksInterface.h:27");
  EXPECT_THAT(uses(d, id), ::testing::Contains(HasSubstr("csrc/hooks.h:")));
  EXPECT_THAT(change.action, HasSubstr("pure virtual"));
  EXPECT_EQ(d.unknown_touching_backend(), 1);
  std::string text;
  const auto kb = drafts_of(d, &text);
  ASSERT_EQ(kb.changes().size(), 1u) << text;
  const auto& draft = kb.changes().front();
  EXPECT_EQ(draft.component, "hooks");
  EXPECT_EQ(draft.kind, accelgen::contract::ChangeKind::CompileError);
  EXPECT_EQ(draft.landing.newest_without, (accelgen::contract::TorchVersion{2, 14}));
  EXPECT_EQ(draft.landing.oldest_with, (accelgen::contract::TorchVersion{2, 15}));
  EXPECT_THAT(draft.contract_items, ::testing::ElementsAre(id));
  ASSERT_TRUE(draft.probe.has_value());
  EXPECT_EQ(draft.probe->kind, accelgen::contract::Probe::Kind::Cxx);
  EXPECT_THAT(draft.probe->source, HasSubstr("#include <ATen/detail/PrivateUse1HooksInterface.h>"));
  EXPECT_THAT(draft.probe->source,
              HasSubstr("static bool (PrivateUse1HooksInterface::*const accelgen_probe)() const = "
                        "&PrivateUse1HooksInterface::isNextReleaseReady;"));
  EXPECT_THAT(draft.probe->source, HasSubstr("namespace at {"));
}

TEST_F(NextRelease, AChangedSignatureOfAVirtualTheGuardOverridesReachesTheGuardAndTheUsersCall) {
  const std::string id = "virtual:c10::impl::DeviceGuardImplInterface::getStream";
  const auto [known, next] = next_release([&](cd::Snapshot& s) {
    s.items[id].detail = "c10::Stream getStream(c10::Device, bool) const = 0";
  });
  const auto d = diff_with_uses(known, next);
  ASSERT_EQ(d.changes.size(), 1u) << cd::render_list(d);
  EXPECT_THAT(cd::declared_at(only(d, id)), HasSubstr("c10/core/impl/DeviceGuardImplInterface.h:"));
  EXPECT_THAT(uses(d, id), ::testing::Contains(HasSubstr("csrc/guard.h:")));
  EXPECT_THAT(uses(d, id), ::testing::Contains("csrc/user/next_release.cc:4 yours"));
  const auto kb = drafts_of(d);
  ASSERT_EQ(kb.changes().size(), 1u);
  EXPECT_EQ(kb.changes().front().component, "guard");
  EXPECT_THAT(kb.changes().front().probe->source,
              HasSubstr("static c10::Stream (DeviceGuardImplInterface::*const accelgen_probe)(c10::Device, bool) "
                        "const = &DeviceGuardImplInterface::getStream;"));
}

TEST_F(NextRelease, ARemovedHeaderReachesEveryFileThatIncludesIt) {
  const std::string header = "torch/csrc/profiler/standalone/privateuse1_observer.h";
  const auto [known, next] = next_release([&](cd::Snapshot& s) {
    std::erase_if(s.items, [&](const auto& item) { return item.second.file == header; });
    std::erase(s.headers, header);
  });
  const auto d = diff_with_uses(known, next);
  EXPECT_THAT(uses(d, "header:" + header), ::testing::Contains(HasSubstr("csrc/profiler/profiler.cc:")));
  EXPECT_THAT(uses(d, "header:" + header), ::testing::Contains("csrc/user/next_release.cc:1 yours"));
  const auto kb = drafts_of(d);
  const auto* draft = kb.find("torch-2-15-header-torch-csrc-profiler-standalone-privateuse1-observer-h");
  ASSERT_NE(draft, nullptr);
  EXPECT_EQ(draft->component, "profiler");
  EXPECT_EQ(draft->probe->source, "#if __has_include(<" + header + ">)\n#error \"<" + header +
                                      "> is still there\"\n#endif\n");
  // What the header declared goes with it, each drafted too: a probe that compiles only when it is gone.
  const auto* macro = kb.find("torch-2-15-macro-register-privateuse1-observer");
  ASSERT_NE(macro, nullptr);
  EXPECT_THAT(macro->probe->source, HasSubstr("#ifdef REGISTER_PRIVATEUSE1_OBSERVER\n#error"));
}

TEST_F(NextRelease, AChangedMacroArityReachesItsUsesButNotItsMentionsInComments) {
  const std::string id = "macro:C10_REGISTER_GUARD_IMPL";
  const auto [known, next] = next_release([&](cd::Snapshot& s) {
    auto& detail = s.items.at(id).detail;
    detail.replace(0, detail.find(" => "), "C10_REGISTER_GUARD_IMPL(DevType, DeviceGuardImpl, Priority)");
  });
  const auto d = diff_with_uses(known, next);
  ASSERT_EQ(d.changes.size(), 1u) << cd::render_list(d);
  EXPECT_THAT(uses(d, id), ::testing::Contains(HasSubstr("csrc/guard.cc:")));
  EXPECT_THAT(uses(d, id), ::testing::Contains("csrc/user/next_release.cc:3 yours"));
  EXPECT_THAT(uses(d, id), ::testing::Not(::testing::Contains("csrc/user/next_release.cc:2 yours")));
  const auto kb = drafts_of(d);
  ASSERT_EQ(kb.changes().size(), 1u);
  EXPECT_THAT(kb.changes().front().probe->source,
              HasSubstr("ACCELGEN_PROBE_EXPANDED(C10_REGISTER_GUARD_IMPL(accelgen_probe_argument_0, "
                        "accelgen_probe_argument_1, accelgen_probe_argument_2))"));
}

TEST_F(NextRelease, ARemovedOperatorSchemaReachesItsRegistration) {
  const std::string id = "schema:add.Tensor";
  const auto [known, next] = next_release([&](cd::Snapshot& s) { ASSERT_EQ(s.items.erase(id), 1u); });
  const auto d = diff_with_uses(known, next);
  ASSERT_EQ(d.changes.size(), 1u) << cd::render_list(d);
  EXPECT_EQ(cd::declared_at(only(d, id)).rfind("ATen/ops/add_ops.h:", 0), 0u);
  EXPECT_THAT(uses(d, id), ::testing::Contains(HasSubstr("csrc/ops/native/binary.cc:")));
  EXPECT_THAT(only(d, id).action, HasSubstr("no longer has this operator"));
  const auto kb = drafts_of(d);
  ASSERT_EQ(kb.changes().size(), 1u);
  EXPECT_EQ(kb.changes().front().component, "dispatch");
  EXPECT_THAT(kb.changes().front().probe->source, HasSubstr("using namespace at::_ops;"));
  EXPECT_THAT(kb.changes().front().probe->source, HasSubstr("inline constexpr int add_Tensor = 0;"));
}

// The four report formats carry the header and line; the text and JSON reports the uses too.
TEST_F(NextRelease, EveryReportFormatNamesTheHeaderAndLine) {
  const std::string id = "virtual:at::PrivateUse1HooksInterface::isNextReleaseReady";
  const auto [known, next] = next_release([&](cd::Snapshot& s) {
    s.items[id] = {id, "bool isNextReleaseReady() const = 0", "ATen/detail/PrivateUse1HooksInterface.h", 27};
  });
  const auto d = diff_with_uses(known, next);
  const std::string at = "ATen/detail/PrivateUse1HooksInterface.h:27";
  EXPECT_THAT(cd::render_text(d, false), HasSubstr("at " + at));
  EXPECT_THAT(cd::render_markdown(d), HasSubstr("`" + at + "`"));
  EXPECT_THAT(cd::render_json(d), HasSubstr("\"line\": 27"));
  EXPECT_THAT(cd::render_json(d), HasSubstr("\"unknown_changes_touching_it\": 1"));
  const std::string html = cd::render_html(d);
  EXPECT_THAT(html, HasSubstr("<code>" + at + "</code>"));
  EXPECT_THAT(html, HasSubstr("csrc/hooks.h:"));
  EXPECT_THAT(html, ::testing::Not(HasSubstr("<script")));
}

// A knowledge-base change known to be present in the older release explains nothing between it and a newer one;
// between two known releases it still does.
TEST(ContractDiffExplanation, OnlyAChangeThatMayLieBetweenTheReleasesExplainsADifference) {
  const std::string id = "class:c10::DeviceAllocator";
  cd::Snapshot older, newer;
  older.items[id] = {id, "struct c10::DeviceAllocator", "c10/core/CachingDeviceAllocator.h", 10};
  newer = older;
  newer.items[id].detail = "struct c10::DeviceAllocator : public c10::Allocator, public c10::Next";
  older.torch_version = "2.14.1";
  newer.torch_version = "2.15.0";
  EXPECT_TRUE(cd::diff(older, newer, accelgen::version_knowledge()).changes.at(0).explained_by.empty());
  older.torch_version = "2.6.0";
  newer.torch_version = "2.14.1";
  EXPECT_FALSE(cd::diff(older, newer, accelgen::version_knowledge()).changes.at(0).explained_by.empty());
}

TEST(ContractDiffDrafts, NeedTwoReleasesInOrder) {
  cd::ContractDiff d;
  d.old_version = "2.15.0";
  d.new_version = "2.14.1";
  EXPECT_THROW(cd::draft_entries(d), accelgen::DiagnosticError);
  d.old_version = "";
  EXPECT_THROW(cd::draft_entries(d), accelgen::DiagnosticError);
}

}  // namespace
