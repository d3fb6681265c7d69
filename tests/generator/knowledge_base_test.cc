#include "contract/knowledge_base.h"

#include <gtest/gtest.h>

#include "test_support.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

#ifndef ACCELGEN_SOURCE_DIR
#error "ACCELGEN_SOURCE_DIR must point at the repository root"
#endif

namespace fs = std::filesystem;
namespace contract = accelgen::contract;
using contract::ChangeKind;
using contract::KnowledgeBase;
using contract::Landing;
using contract::KnowledgeBaseError;
using contract::TorchRange;
using contract::TorchSupport;
using contract::TorchVersion;

namespace {

const fs::path kSourceDir = ACCELGEN_SOURCE_DIR;

// The source tree's knowledge base, checked against the source tree's knowledge/torch-versions.yaml.
const KnowledgeBase& real_kb() {
  static const TorchSupport support = TorchSupport::load(
      accelgen::testing_support::read_text(kSourceDir / "knowledge" / "torch-versions.yaml"),
      "knowledge/torch-versions.yaml");
  static const KnowledgeBase kb = KnowledgeBase::load_file(kSourceDir / "knowledge" / "torch-changes.yaml", support);
  return kb;
}

// A minimal valid entry; tests splice errors into copies of it.
// `landing` is "NEWEST_WITHOUT:OLDEST_WITH". A feature gets a `none` probe unless `extra` gives one or
// `with_probe` is false (a second change of the same feature).
std::string entry(const std::string& id, const std::string& extra = "", const std::string& landing = "2.6:2.14",
                  const std::string& feature = "", bool with_probe = true) {
  const auto colon = landing.find(':');
  std::string s = "  - id: " + id +
                  "\n"
                  "    component: hooks\n"
                  "    newest_without: \"" +
                  landing.substr(0, colon) + "\"\n    oldest_with: \"" + landing.substr(colon + 1) +
                  "\"\n"
                  "    kind: runtime-error\n";
  if (!feature.empty()) s += "    feature: " + feature + "\n";
  if (!feature.empty() && with_probe && extra.find("probe:") == std::string::npos) s += "    probe: {none: n}\n";
  s +=
      "    summary: s\n"
      "    explanation: e\n"
      "    generated_change: g\n"
      "    user_action: \"\"\n"
      "    references: [\"https://github.com/pytorch/pytorch/pull/1\"]\n" +
      extra;
  return s;
}

std::string doc(const std::string& entries) { return "schema_version: 1\nchanges:\n" + entries; }

// Runs load() and returns the error; fails the test if it loads.
KnowledgeBaseError load_error(const std::string& yaml, const TorchSupport& support = contract::torch_support()) {
  try {
    KnowledgeBase::load(yaml, "kb.yaml", support);
  } catch (const KnowledgeBaseError& e) {
    return e;
  }
  ADD_FAILURE() << "expected a KnowledgeBaseError for:\n" << yaml;
  return KnowledgeBaseError("", 0, 0, "");
}

}  // namespace

// ------------------------------------------------------------------------------------------------ real KB

TEST(KnowledgeBaseReal, LoadsAndHasEveryFeatureTemplatesUse) {
  const auto& kb = real_kb();
  EXPECT_GE(kb.changes().size(), 40u);
  for (const char* f :
       {"cxx20_required", "hooks_is_available", "hooks_new_generator", "device_allocator", "host_allocator_registry",
        "guard_stream_native_handle", "guard_stream_is_capturing", "guard_device_capability", "graph_impl", "profiler_observer_single_arg", "sym_custom_contiguity",
        "accelerator_memory_api", "accelerator_module_authoritative", "stream_context_manager",
        "privateuse1_available_helper_moved", "torch_cxx_abi_flag_removed", "accelerator_random_api",
        "accelerator_graph_api"}) {
    EXPECT_NE(kb.feature(f), nullptr) << "missing feature " << f;
  }
}

TEST(KnowledgeBaseReal, CoversEveryRankedSummaryItem) {
  // The sixteen most consequential contract changes between 2.6.0 and 2.14.1, ranked, with their kind.
  const std::vector<std::tuple<int, std::string, ChangeKind>> ranked{
      {1, "cxx20-required", ChangeKind::CompileError},
      {2, "hooks-is-available-required", ChangeKind::RuntimeError},
      {3, "accelerator-module-authoritative", ChangeKind::BehaviourChange},
      {4, "device-allocator-base-class", ChangeKind::RuntimeError},
      {5, "host-allocator-registry", ChangeKind::NewFeature},
      {5, "accelerator-empty-host-cache", ChangeKind::RuntimeError},
      {6, "caching-host-allocator-interface-two-args", ChangeKind::CompileError},
      {7, "generator-via-hooks-get-new-generator", ChangeKind::Deprecation},
      {8, "guard-stream-noexcept-dropped", ChangeKind::BehaviourChange},
      {8, "guard-stream-native-handle", ChangeKind::NewFeature},
      {8, "guard-stream-is-capturing", ChangeKind::NewFeature},
      {8, "guard-device-capability", ChangeKind::NewFeature},
      {9, "graph-impl-registry", ChangeKind::NewFeature},
      {10, "torch-stable-only-guard", ChangeKind::CompileError},
      {11, "named-tensors-removed", ChangeKind::CompileError},
      {12, "sym-custom-contiguity", ChangeKind::CompileError},
      {13, "profiler-observer-single-arg", ChangeKind::CompileError},
      {14, "torch-cxx-abi-flag-removed", ChangeKind::BehaviourChange},
      {15, "privateuse1-available-helper-moved", ChangeKind::RuntimeError},
      {16, "binary-abi-break", ChangeKind::Rebuild},
  };
  std::set<int> covered;
  for (const auto& [item, id, kind] : ranked) {
    const auto* c = real_kb().find(id);
    ASSERT_NE(c, nullptr) << "ranked item " << item << ": " << id;
    EXPECT_EQ(c->kind, kind) << id;
    EXPECT_FALSE(c->explanation.empty());
    covered.insert(item);
  }
  EXPECT_EQ(covered.size(), 16u);
}

Landing landing(const std::string& id) {
  const auto* c = real_kb().find(id);
  EXPECT_NE(c, nullptr) << id;
  return c ? c->landing : Landing{};
}

// What is known of each change's release: torch 2.6.0, 2.11.0 and 2.14.1 were examined (knowledge/torch-versions.yaml
// `examined`), other dates come from upstream; everything else stays an interval. The rule itself (no date after the
// newest known release, evidence for a date between unexamined releases) is the loader's: KnowledgeBaseDating below.
TEST(KnowledgeBaseReal, DatingRecordsWhatIsKnown) {
  const Landing in_2_11{{2, 6}, {2, 11}}, after_2_11{{2, 11}, {2, 14}}, unknown{{2, 6}, {2, 14}};
  // Seen in torch 2.11.0's headers and Python sources, or found there by a generated backend's probes.
  for (const char* id : {"torch-stable-only-guard", "hooks-is-available-required", "guard-stream-noexcept-dropped",
                         "guard-stream-native-handle", "guard-device-capability",
                         "guard-register-device-guard-function",
                         "device-allocator-base-class", "caching-allocator-namespace",
                         "caching-host-allocator-interface-two-args", "profiler-observer-single-arg",
                         "accelerator-device-index-context", "autocast-backends-macro-typo-fixed",
                         "inductor-pybinding-str-format", "inductor-wrapper-create-partitions",
                         "inductor-kernel-call-device-dispatch", "inductor-register-backend-extra-codegens",
                         "dynamo-device-interface-triton-queries", "fork-handler-for-device-init",
                         "host-allocator-registry", "backend-meta-registry-exported"}) {
    EXPECT_EQ(landing(id), in_2_11) << id;
  }
  // Absent from torch 2.11.0, present in 2.14.1.
  for (const char* id : {"cxx20-required", "guard-stream-is-capturing", "graph-impl-registry", "accelerator-random-api",
                         "is-integral-type-single-arg-removed", "scalar-type-bcomplex32", "accelerator-graph-api",
                         "privateuse1-kineto-profiler-registry", "accelerator-empty-host-cache"}) {
    EXPECT_EQ(landing(id), after_2_11) << id;
  }
  // Partly in 2.11.0: the change as a whole is only known to lie between 2.6 and 2.14.
  for (const char* id : {"accelerator-memory-api", "binary-abi-break"}) {
    EXPECT_EQ(landing(id), unknown) << id;
  }
  // Dated by upstream: getNewGenerator through the hooks from 2.7 (pytorch#144841), named tensors gone in 2.13.
  EXPECT_EQ(landing("generator-via-hooks-get-new-generator"), (Landing{{2, 6}, {2, 7}}));
  EXPECT_EQ(real_kb().feature("hooks_new_generator")->landing, (Landing{{2, 6}, {2, 7}}));
  EXPECT_EQ(landing("named-tensors-removed"), (Landing{{2, 12}, {2, 13}}));
  EXPECT_EQ(landing("weights-only-load-default"), (Landing{{2, 5}, {2, 6}}));
}

TEST(Landing, PresenceAndDisplay) {
  const Landing exact{{2, 6}, {2, 7}}, span{{2, 6}, {2, 11}};
  EXPECT_TRUE(exact.exact());
  EXPECT_FALSE(span.exact());
  EXPECT_EQ(exact.display(), "2.7");
  EXPECT_EQ(span.display(), "2.7 to 2.11");
  EXPECT_EQ(span.in({2, 6}), Landing::Presence::Absent);
  EXPECT_EQ(span.in({2, 8}), Landing::Presence::Unknown);
  EXPECT_EQ(span.in({2, 11}), Landing::Presence::Present);
  EXPECT_EQ(span.in({2, 14}), Landing::Presence::Present);
}

// Every feature a template branches on at run or build time is detected, not dated: a C++ probe where a C++
// template tests it, a Python or C++ probe where Python tests it; `none` only with a reason.
TEST(KnowledgeBaseReal, EveryFeatureHasAProbe) {
  for (const auto& [id, f] : real_kb().features()) {
    EXPECT_FALSE(f.probe.source.empty()) << id;
  }
  for (const char* id : {"hooks_is_available", "torch_fork_handler", "hooks_new_generator", "guard_stream_native_handle",
                         "guard_stream_is_capturing", "guard_device_capability", "device_allocator",
                         "host_allocator_registry", "graph_impl", "profiler_observer_single_arg",
                         "privateuse1_kineto_profiler", "backend_meta_registry_exported"}) {
    EXPECT_EQ(real_kb().feature(id)->probe.kind, contract::Probe::Kind::Cxx) << id;
  }
  for (const char* id : {"accelerator_memory_api", "accelerator_graph_api", "accelerator_module_authoritative",
                         "accelerator_random_api", "stream_context_manager", "privateuse1_available_helper_moved",
                         "inductor_pybinding_str_format"}) {
    EXPECT_EQ(real_kb().feature(id)->probe.kind, contract::Probe::Kind::Python) << id;
  }
}

// The anchors of a Markdown page: its "#" headings, lower-cased, spaces as hyphens, other punctuation dropped.
std::set<std::string> markdown_anchors(const std::string& text) {
  std::set<std::string> anchors;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (!line.starts_with("#")) continue;
    std::string anchor;
    for (char ch : line.substr(line.find_first_not_of('#'))) {
      if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_') {
        anchor += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      } else if (ch == ' ' && !anchor.empty()) {
        anchor += '-';
      }
    }
    anchors.insert(anchor);
  }
  return anchors;
}

// Upgrade reports print every reference: each must be something a user can open, an upstream URL or a section
// of a page of this project's docs that exists.
TEST(KnowledgeBaseReal, EveryReferenceIsWithinTheUsersReach) {
  const fs::path docs = kSourceDir / "docs";
  for (const auto& c : real_kb().changes()) {
    ASSERT_FALSE(c.references.empty()) << c.id;
    for (const auto& r : c.references) {
      if (r.starts_with("https://github.com/pytorch/pytorch/")) continue;
      ASSERT_TRUE(r.starts_with("docs/")) << c.id << ": " << r;
      const auto hash = r.find('#');
      const fs::path page = kSourceDir / r.substr(0, hash);
      ASSERT_TRUE(fs::is_regular_file(page)) << c.id << ": " << r << " names no page under " << docs;
      const auto anchors = markdown_anchors(accelgen::testing_support::read_text(page));
      EXPECT_TRUE(anchors.count(r.substr(hash + 1))) << c.id << ": " << r << " names no section of " << page;
    }
  }
}

TEST(KnowledgeBaseReal, UserCodePatternsCoverTheRequiredChecks) {
  const auto& kb = real_kb();
  for (const char* id :
       {"generator-via-hooks-get-new-generator", "sym-custom-contiguity", "named-tensors-removed",
        "profiler-observer-single-arg", "caching-host-allocator-interface-two-args", "device-allocator-base-class",
        "hooks-is-available-required", "cxx20-required", "torch-stable-only-guard",
        "privateuse1-available-helper-moved"}) {
    const auto* c = kb.find(id);
    ASSERT_NE(c, nullptr) << id;
    EXPECT_FALSE(c->patterns.empty()) << id;
  }
  const auto* hooks = kb.find("hooks-is-available-required");
  ASSERT_EQ(hooks->patterns[0].kind, contract::Pattern::Kind::Missing);
  EXPECT_FALSE(hooks->patterns[0].requires_regex.empty());
}

TEST(KnowledgeBaseReal, ChangesBetweenIsHalfOpenAndMostSevereFirst) {
  const auto& kb = real_kb();
  auto all = kb.changes_between({2, 6}, {2, 14});
  ASSERT_FALSE(all.empty());
  std::set<std::string> ids;
  for (const auto* c : all) {
    ids.insert(c->id);
    EXPECT_NE(c->landing.in({2, 6}), Landing::Presence::Present) << c->id;
    EXPECT_NE(c->landing.in({2, 14}), Landing::Presence::Absent) << c->id;
  }
  EXPECT_TRUE(ids.count("generator-via-hooks-get-new-generator"));  // 2.7
  EXPECT_TRUE(ids.count("named-tensors-removed"));                  // 2.13
  EXPECT_TRUE(ids.count("cxx20-required"));                         // 2.14
  EXPECT_FALSE(ids.count("weights-only-load-default"));             // 2.6: already in effect at `from`
  EXPECT_FALSE(ids.count("allocator-copy-data-pure"));              // 2.3: below the supported range
  for (std::size_t i = 1; i < all.size(); ++i) {
    EXPECT_LE(contract::severity_rank(all[i - 1]->kind), contract::severity_rank(all[i]->kind))
        << all[i - 1]->id << " before " << all[i]->id;
  }
  EXPECT_EQ(all.front()->kind, ChangeKind::CompileError);
  EXPECT_EQ(all.back()->kind, ChangeKind::NewFeature);

  auto late = kb.changes_between({2, 13}, {2, 14});
  for (const auto* c : late) EXPECT_EQ(c->landing.oldest_with, (TorchVersion{2, 14})) << c->id;
  // 2.6 -> 2.11: what 2.11 is known to have is known to be in the step; what is only dated to 2.7-2.14 may be;
  // what 2.11 is known to lack is left out.
  auto to_2_11 = kb.changes_between({2, 6}, {2, 11});
  auto listed = [&](const char* id) {
    return std::any_of(to_2_11.begin(), to_2_11.end(), [&](const auto* c) { return c->id == id; });
  };
  EXPECT_TRUE(listed("device-allocator-base-class"));
  EXPECT_TRUE(contract::is_known_between(*kb.find("device-allocator-base-class"), {2, 6}, {2, 11}));
  EXPECT_TRUE(listed("accelerator-memory-api"));
  EXPECT_FALSE(contract::is_known_between(*kb.find("accelerator-memory-api"), {2, 6}, {2, 11}));
  EXPECT_FALSE(listed("graph-impl-registry"));
  EXPECT_FALSE(listed("cxx20-required"));
  EXPECT_TRUE(kb.changes_between({2, 14}, {2, 14}).empty());

  // Capability filter: without graphs the graph changes drop out, hooks changes stay.
  auto no_graphs = kb.changes_between({2, 6}, {2, 14}, {"streams", "generator"});
  auto has = [&](const char* id) {
    return std::any_of(no_graphs.begin(), no_graphs.end(), [&](const auto* c) { return c->id == id; });
  };
  EXPECT_FALSE(has("graph-impl-registry"));
  EXPECT_FALSE(has("profiler-observer-single-arg"));
  EXPECT_TRUE(has("hooks-is-available-required"));
  EXPECT_TRUE(has("guard-stream-native-handle"));
}

TEST(KnowledgeBaseReal, FeaturesForSingleVersions) {
  const auto& kb = real_kb();
  auto f214 = kb.features_for({{2, 14}, {2, 14}});
  auto f26 = kb.features_for({{2, 6}, {2, 6}});
  ASSERT_EQ(f214.size(), kb.features().size());
  ASSERT_EQ(f26.size(), kb.features().size());
  for (const auto& [id, flags] : f214) {
    EXPECT_TRUE(flags.has) << id;
    EXPECT_FALSE(flags.lacks) << id;
    EXPECT_FALSE(flags.mixed) << id;
  }
  for (const auto& [id, flags] : f26) {  // every feature lands after 2.6
    EXPECT_FALSE(flags.has) << id;
    EXPECT_TRUE(flags.lacks) << id;
    EXPECT_FALSE(flags.mixed) << id;
  }
  EXPECT_EQ(f214.at("cxx20_required").compat_note.rfind(
                "COMPAT(torch 2.12 to 2.14): Torch headers require C++20; -std=c++17 no longer compiles. Not probed: ",
                0),
            0u);
  EXPECT_EQ(f214.at("cxx20_required").landing, (Landing{{2, 11}, {2, 14}}));

  // torch 2.11 alone: what it is known to have, what it is known to lack, and what only a probe can tell.
  auto f211 = kb.features_for({{2, 11}, {2, 11}});
  EXPECT_TRUE(f211.at("device_allocator").has && !f211.at("device_allocator").lacks);
  EXPECT_TRUE(f211.at("profiler_observer_single_arg").has && !f211.at("profiler_observer_single_arg").mixed);
  EXPECT_TRUE(f211.at("graph_impl").lacks && !f211.at("graph_impl").has);
  EXPECT_TRUE(f211.at("accelerator_memory_api").mixed);  // known only to lie between 2.6 and 2.14
}

TEST(KnowledgeBaseReal, CompatNotesFitInStringLiterals) {
  // Templates paste features.<id>.compat into C++ comments and Python strings (pytest skip reasons).
  for (const auto& [id, flags] : real_kb().features_for({{2, 6}, {2, 14}})) {
    EXPECT_EQ(flags.compat_note.find_first_of("\"\\\n"), std::string::npos) << id << ": " << flags.compat_note;
  }
}

TEST(KnowledgeBaseReal, FeaturesForRanges) {
  const auto& kb = real_kb();
  auto full = kb.features_for({{2, 6}, {2, 14}});
  for (const auto& [id, flags] : full) {
    EXPECT_TRUE(flags.has && flags.lacks && flags.mixed) << id;
  }
  EXPECT_EQ(full.at("hooks_new_generator").landing, (Landing{{2, 6}, {2, 7}}));
  EXPECT_EQ(full.at("hooks_new_generator").compat_note.rfind("COMPAT(torch 2.7): ", 0), 0u);

  auto late = kb.features_for({{2, 12}, {2, 14}});
  EXPECT_TRUE(late.at("sym_custom_contiguity").has);  // since 2.12
  EXPECT_FALSE(late.at("sym_custom_contiguity").lacks);
  EXPECT_FALSE(late.at("hooks_new_generator").mixed);  // since 2.7
  EXPECT_TRUE(late.at("named_tensors_removed").mixed);  // since 2.13
  EXPECT_FALSE(late.at("hooks_is_available").mixed);    // by 2.11
  EXPECT_TRUE(late.at("accelerator_memory_api").mixed);  // 2.7 to 2.14

  auto early = kb.features_for({{2, 6}, {2, 7}});
  EXPECT_TRUE(early.at("hooks_new_generator").mixed);
  EXPECT_FALSE(early.at("cxx20_required").has);
  EXPECT_TRUE(early.at("cxx20_required").lacks);
}

// ------------------------------------------------------------------------------------------------ strictness

TEST(KnowledgeBaseLoad, MinimalDocumentAndFeatureGrouping) {
  auto kb = KnowledgeBase::load(doc(entry("a-one", "", "2.6:2.14", "f_x") +
                                    entry("a-two", "", "2.6:2.14", "f_x", /*with_probe=*/false) +
                                    entry("b-old", "", "2.7:2.8")),
                                "kb.yaml");
  ASSERT_EQ(kb.changes().size(), 3u);
  ASSERT_NE(kb.feature("f_x"), nullptr);
  EXPECT_EQ(kb.feature("f_x")->change_ids, (std::vector<std::string>{"a-one", "a-two"}));
  EXPECT_EQ(kb.find("a-one")->line, 3);
  EXPECT_EQ(kb.find("b-old")->user_action, "");
  EXPECT_EQ(kb.features().size(), 1u);
}

TEST(KnowledgeBaseLoad, UnknownKeyIsAnErrorAtItsPosition) {
  auto e = load_error(doc(entry("a-one") + "    severity: high\n"));
  EXPECT_EQ(e.line(), 13);
  EXPECT_EQ(e.column(), 5);
  EXPECT_NE(e.message().find("unknown key 'severity'"), std::string::npos) << e.what();
  EXPECT_EQ(std::string(e.what()).rfind("kb.yaml:13:5: error: ", 0), 0u) << e.what();
}

TEST(KnowledgeBaseLoad, MissingRequiredFieldPointsAtTheEntry) {
  std::string bad = entry("a-one");
  const std::string references = "    references: [\"https://github.com/pytorch/pytorch/pull/1\"]\n";
  bad.erase(bad.find(references), references.size());
  auto e = load_error(doc(entry("ok-first") + bad));
  EXPECT_EQ(e.line(), 13);  // the second entry starts on line 13
  EXPECT_EQ(e.column(), 5);
  EXPECT_NE(e.message().find("change 'a-one': missing required field 'references'"), std::string::npos) << e.what();
}

TEST(KnowledgeBaseLoad, BadValuesAreRejectedWithPositions) {
  {
    std::string bad = entry("a-one");
    bad.replace(bad.find("runtime-error"), 13, "crash");
    auto e = load_error(doc(bad));
    EXPECT_EQ(e.line(), 7);
    EXPECT_EQ(e.column(), 11);
    EXPECT_NE(e.message().find("kind 'crash' is unknown"), std::string::npos) << e.what();
  }
  {
    auto e = load_error(doc(entry("Not_Kebab")));
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(e.message().find("kebab-case"), std::string::npos) << e.what();
  }
  {
    auto e = load_error(doc(entry("a-one", "", "two")));
    EXPECT_EQ(e.line(), 5);
    EXPECT_NE(e.message().find("not a torch release"), std::string::npos) << e.what();
  }
  {
    auto e = load_error(doc(entry("a-one", "    applies_when: teleport\n")));
    EXPECT_EQ(e.line(), 13);
    EXPECT_NE(e.message().find("not a capability"), std::string::npos) << e.what();
  }
  {
    std::string bad = entry("a-one");
    bad.replace(bad.find("https://github.com/pytorch/pytorch/pull/1"), 41, "torch-api-delta.md §0 #12");
    auto e = load_error(doc(bad));
    EXPECT_EQ(e.line(), 12);
    EXPECT_NE(e.message().find("'torch-api-delta.md §0 #12' is neither a pytorch/pytorch URL"), std::string::npos)
        << e.what();
  }
  {
    auto e = load_error(doc(entry("a-one") + entry("a-one")));
    EXPECT_EQ(e.line(), 13);
    EXPECT_NE(e.message().find("duplicate change id 'a-one'"), std::string::npos) << e.what();
  }
}

TEST(KnowledgeBaseLoad, FeatureIsOneLanding) {
  auto e = load_error(doc(entry("a-one", "", "2.6:2.14", "f_x") + entry("a-two", "", "2.8:2.9", "f_x", false)));
  EXPECT_EQ(e.line(), 18);  // the second entry's oldest_with
  EXPECT_NE(e.message().find("feature 'f_x' landed in 2.7 to 2.14"), std::string::npos) << e.what();
}

TEST(KnowledgeBaseLoad, ProbesAreChecked) {
  {  // a feature without a probe
    auto e = load_error(doc(entry("a-one", "    probe: {}\n", "2.6:2.14", "f_x")));
    EXPECT_NE(e.message().find("exactly one of cxx, python or none"), std::string::npos) << e.what();
  }
  {  // two probes for one feature
    auto e = load_error(doc(entry("a-one", "", "2.6:2.14", "f_x") + entry("a-two", "", "2.6:2.14", "f_x")));
    EXPECT_NE(e.message().find("feature 'f_x' already has a probe (change 'a-one')"), std::string::npos)
        << e.what();
  }
  {  // a probe kind nobody knows
    auto e = load_error(doc(entry("a-one", "    probe: {rust: x}\n", "2.6:2.14", "f_x")));
    EXPECT_EQ(e.line(), 14);
  }
  {  // a probe without a feature
    auto e = load_error(doc(entry("a-one", "    probe: {cxx: x}\n")));
    EXPECT_NE(e.message().find("probe needs a feature"), std::string::npos) << e.what();
  }
  {  // a landing that goes backwards
    auto e = load_error(doc(entry("a-one", "", "2.9:2.8")));
    EXPECT_NE(e.message().find("must be a later release than newest_without 2.9"), std::string::npos) << e.what();
  }
  {  // a feature none of whose changes gives the probe
    std::string two = entry("a-one", "", "2.6:2.14", "f_x");
    two.replace(two.find("    probe: {none: n}\n"), 21, "");
    auto e = load_error(doc(two));
    EXPECT_NE(e.message().find("feature 'f_x' has no probe"), std::string::npos) << e.what();
  }
  auto kb = KnowledgeBase::load(doc(entry("a-one", "    probe:\n      cxx: |\n        #include <x.h>\n", "2.6:2.14",
                                          "f_x")),
                                "kb.yaml");
  EXPECT_EQ(kb.feature("f_x")->probe.kind, contract::Probe::Kind::Cxx);
  EXPECT_EQ(kb.feature("f_x")->probe.source, "#include <x.h>\n");
}

// ------------------------------------------------------------------------------------------------ dating rule

// A knowledge/torch-versions.yaml whose newest known release is `max` and whose examined releases are `examined`.
TorchSupport versions(const std::string& max, const std::string& examined = R"(["2.6.0", "2.11.0", "2.14.1"])") {
  return TorchSupport::load("schema_version: 1\nsupported: {min: \"2.6\", max: \"" + max + "\"}\nexamined: " +
                                examined + "\ncontract_headers:\n  - {path: a.h, component: hooks, what: a}\n",
                            "versions.yaml");
}

// entry() with its one reference replaced.
std::string entry_citing(const std::string& id, const std::string& landing, const std::string& reference) {
  std::string e = entry(id, "", landing);
  const std::string pull = "https://github.com/pytorch/pytorch/pull/1";
  e.replace(e.find(pull), pull.size(), reference);
  return e;
}

const std::string kHeaderAtTag = "https://github.com/pytorch/pytorch/blob/v2.14.1/c10/core/Allocator.h";

TEST(KnowledgeBaseDating, OldestWithAfterTheNewestKnownReleaseIsAnError) {
  const auto e = load_error(doc(entry("a-one", "", "2.13:2.15")), versions("2.14"));
  EXPECT_EQ(e.line(), 6);  // oldest_with
  EXPECT_EQ(e.column(), 18);
  EXPECT_EQ(std::string(e.what()).rfind("kb.yaml:6:18: error: ", 0), 0u) << e.what();
  EXPECT_NE(e.message().find("change 'a-one'.oldest_with 2.15 is after the newest known torch release 2.14 "
                             "(supported.max in versions.yaml)"),
            std::string::npos)
      << e.what();
  EXPECT_NE(e.message().find("oldest_with 2.14 at the latest"), std::string::npos) << e.what();
  // The bound is the versions file's newest release, not a constant: with 2.15 known, the same entry loads.
  EXPECT_NO_THROW(KnowledgeBase::load(doc(entry("a-one", "", "2.13:2.15")), "kb.yaml", versions("2.15")));
  EXPECT_NO_THROW(KnowledgeBase::load(doc(entry("a-one", "", "2.13:2.14")), "kb.yaml", versions("2.14")));
}

TEST(KnowledgeBaseDating, AChangeNoKnownReleaseHasCannotBeDated) {
  const auto e = load_error(doc(entry("a-one", "", "2.14:2.15")), versions("2.14"));
  EXPECT_EQ(e.line(), 5);  // newest_without
  EXPECT_EQ(e.column(), 21);
  EXPECT_NE(e.message().find("change 'a-one'.newest_without 2.14 is not before the newest known torch release 2.14"),
            std::string::npos)
      << e.what();
  EXPECT_NE(e.message().find("cannot be dated yet"), std::string::npos) << e.what();
}

TEST(KnowledgeBaseDating, NewestWithoutMustComeBeforeOldestWith) {
  for (const char* landing : {"2.9:2.9", "2.9:2.8"}) {
    const auto e = load_error(doc(entry("a-one", "", landing)));
    EXPECT_EQ(e.line(), 6) << landing;  // oldest_with
    EXPECT_EQ(e.column(), 18) << landing;
    EXPECT_NE(e.message().find("must be a later release than newest_without 2.9: newest_without is the newest "
                               "release known to lack the change"),
              std::string::npos)
        << e.what();
  }
}

TEST(KnowledgeBaseDating, ADateBetweenUnexaminedReleasesNamesItsEvidence) {
  const auto e = load_error(doc(entry_citing("a-one", "2.7:2.9", kHeaderAtTag)), versions("2.14"));
  EXPECT_EQ(e.line(), 12);  // references
  EXPECT_EQ(e.column(), 17);
  EXPECT_NE(e.message().find("change 'a-one' is dated to torch 2.8 to 2.9 (newest_without 2.7, oldest_with 2.9), "
                             "which is not between two examined releases (2.6.0, 2.11.0, 2.14.1, versions.yaml)"),
            std::string::npos)
      << e.what();
  EXPECT_NE(e.message().find("docs/torch-contract-changes.md#dating"), std::string::npos) << e.what();
  // One examined end is not enough.
  EXPECT_NE(load_error(doc(entry_citing("a-one", "2.6:2.9", kHeaderAtTag)), versions("2.14"))
                .message()
                .find("is dated to torch 2.7 to 2.9"),
            std::string::npos);
  // Evidence named: the upstream pull request, or the dating section.
  for (const char* evidence :
       {"https://github.com/pytorch/pytorch/pull/144841", "docs/torch-contract-changes.md#dating"}) {
    EXPECT_NO_THROW(KnowledgeBase::load(doc(entry_citing("a-one", "2.7:2.9", evidence)), "kb.yaml", versions("2.14")))
        << evidence;
  }
  // Seen: between two examined releases, or before the oldest one (what upstream named before the supported range).
  for (const char* landing : {"2.6:2.11", "2.11:2.14", "2.6:2.14", "2.4:2.5", "2.5:2.6"}) {
    EXPECT_NO_THROW(KnowledgeBase::load(doc(entry_citing("a-one", landing, kHeaderAtTag)), "kb.yaml", versions("2.14")))
        << landing;
  }
  // The examined releases are the versions file's: with 2.7.0 and 2.9.0 examined, 2.7 to 2.9 was seen.
  EXPECT_NO_THROW(KnowledgeBase::load(doc(entry_citing("a-one", "2.7:2.9", kHeaderAtTag)), "kb.yaml",
                                      versions("2.14", R"(["2.6.0", "2.7.0", "2.9.0"])")));
}

TEST(KnowledgeBaseLoad, PatternsAreValidated) {
  const std::string good_pattern =
      "    patterns:\n"
      "      - regex: 'FOO\\s*\\('\n"
      "        files: [\"*.cc\"]\n"
      "        message: m\n"
      "        fix: f\n"
      "      - requires_regex: 'Hooks'\n"
      "        missing_regex: 'isAvailable'\n"
      "        files: [\"*.h\"]\n"
      "        message: m\n"
      "        fix: f\n";
  auto kb = KnowledgeBase::load(doc(entry("a-one", good_pattern)), "kb.yaml");
  ASSERT_EQ(kb.find("a-one")->patterns.size(), 2u);
  EXPECT_EQ(kb.find("a-one")->patterns[0].kind, contract::Pattern::Kind::Match);
  EXPECT_EQ(kb.find("a-one")->patterns[0].regex, "FOO\\s*\\(");
  EXPECT_EQ(kb.find("a-one")->patterns[1].kind, contract::Pattern::Kind::Missing);

  auto bad_regex = load_error(doc(entry("a-one",
                                        "    patterns:\n"
                                        "      - regex: 'FOO('\n"
                                        "        files: [\"*.cc\"]\n"
                                        "        message: m\n"
                                        "        fix: f\n")));
  EXPECT_EQ(bad_regex.line(), 14);
  EXPECT_EQ(bad_regex.column(), 16);
  EXPECT_NE(bad_regex.message().find("not a valid ECMAScript regex"), std::string::npos) << bad_regex.what();

  auto missing_without_requires = load_error(doc(entry("a-one",
                                                       "    patterns:\n"
                                                       "      - missing_regex: 'x'\n"
                                                       "        files: [\"*.cc\"]\n"
                                                       "        message: m\n"
                                                       "        fix: f\n")));
  EXPECT_EQ(missing_without_requires.line(), 14);
  EXPECT_NE(missing_without_requires.message().find("needs 'requires_regex'"), std::string::npos);

  auto both = load_error(doc(entry("a-one",
                                   "    patterns:\n"
                                   "      - regex: 'x'\n"
                                   "        missing_regex: 'y'\n"
                                   "        requires_regex: 'z'\n"
                                   "        files: [\"*.cc\"]\n"
                                   "        message: m\n"
                                   "        fix: f\n")));
  EXPECT_NE(both.message().find("exactly one of"), std::string::npos) << both.what();

  auto no_files = load_error(doc(entry("a-one",
                                       "    patterns:\n"
                                       "      - regex: 'x'\n"
                                       "        files: []\n"
                                       "        message: m\n"
                                       "        fix: f\n")));
  EXPECT_EQ(no_files.line(), 15);
  EXPECT_NE(no_files.message().find("files must be a non-empty list"), std::string::npos) << no_files.what();
}

TEST(KnowledgeBaseLoad, TopLevelAndSyntaxErrors) {
  auto syntax = load_error("schema_version: 1\nchanges:\n  - id: [unclosed\n");
  EXPECT_GT(syntax.line(), 0);
  EXPECT_NE(syntax.message().find("invalid YAML"), std::string::npos) << syntax.what();

  auto top = load_error("schema_version: 1\nchanges: []\nextra: 1\n");
  EXPECT_EQ(top.line(), 3);
  EXPECT_EQ(top.column(), 1);
  EXPECT_NE(top.message().find("unknown key 'extra'"), std::string::npos);

  auto version = load_error("schema_version: 2\nchanges: []\n");
  EXPECT_EQ(version.line(), 1);
  EXPECT_NE(version.message().find("schema_version must be 1"), std::string::npos);

  auto empty = load_error("");
  EXPECT_NE(empty.message().find("empty"), std::string::npos);
}

// ------------------------------------------------------------------------------------------------ contract items

TEST(KnowledgeBaseLoad, ContractItemsAreLoadedAndValidated) {
  auto kb = KnowledgeBase::load(
      doc(entry("a", "    contract_items:\n      - \"virtual:at::PrivateUse1HooksInterface::isAvailable\"\n"
                     "      - \"macro:REGISTER_HOST_ALLOCATOR\"\n") +
          entry("b", "    contract_items: [\"macro:REGISTER_HOST_ALLOCATOR\"]\n")),
      "kb.yaml");
  ASSERT_EQ(kb.find("a")->contract_items.size(), 2u);
  EXPECT_EQ(kb.find("a")->contract_items[0], "virtual:at::PrivateUse1HooksInterface::isAvailable");
  auto explaining = kb.explaining("macro:REGISTER_HOST_ALLOCATOR");
  ASSERT_EQ(explaining.size(), 2u);
  EXPECT_EQ(explaining[0]->id, "a");
  EXPECT_EQ(explaining[1]->id, "b");
  EXPECT_TRUE(kb.explaining("macro:NOPE").empty());
  EXPECT_TRUE(kb.find("a")->contract_items.size() == 2 && kb.find("b")->patterns.empty());

  auto e = load_error(doc(entry("a", "    contract_items: [\"isAvailable\"]\n")));
  EXPECT_NE(e.message().find("is not a contract item id"), std::string::npos) << e.what();
  EXPECT_EQ(e.line(), 13);  // the item inside the flow list
  e = load_error(doc(entry("a", "    contract_items: []\n")));
  EXPECT_NE(e.message().find("non-empty list"), std::string::npos) << e.what();
  e = load_error(doc(entry("a", "    contract_items: [\"macro:X\", \"macro:X\"]\n")));
  EXPECT_NE(e.message().find("duplicate contract item"), std::string::npos) << e.what();
}

TEST(KnowledgeBaseReal, ContractItemsNameTheRankedSummaryHeaderItems) {
  // Every header-visible item of the delta document's ranked summary is explained by some change.
  for (const char* item : {"cxx-gate:ATen/ATen.h", "virtual:at::PrivateUse1HooksInterface::isAvailable",
                           "class:c10::DeviceAllocator", "macro:REGISTER_HOST_ALLOCATOR",
                           "class:at::CachingHostAllocatorInterface", "virtual:at::PrivateUse1HooksInterface::getNewGenerator",
                           "virtual:c10::impl::DeviceGuardImplInterface::getStream", "macro:REGISTER_GRAPH_IMPL",
                           "guard:TORCH_STABLE_ONLY", "header:ATen/core/Dimname.h",
                           "virtual:c10::TensorImpl::is_contiguous_custom", "macro:REGISTER_PRIVATEUSE1_OBSERVER",
                           "enum:c10::BackendComponent"}) {
    EXPECT_FALSE(real_kb().explaining(item).empty()) << item;
  }
}
