// The guidance model (guide/guidance.h), the report builders (guide/report.h) and the upgrade / guide commands.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "guide/guidance.h"
#include "guide/report.h"
#include "guide/user_code.h"
#include "model/capabilities.h"
#include "output/manifest.h"
#include "render/backend_renderer.h"
#include "plan/version_knowledge.h"
#include "spec/spec_loader.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using accelgen::DeviceSpec;
using accelgen::TargetVersions;
using accelgen::contract::ChangeKind;
using accelgen::contract::TorchVersion;
using accelgen::testing_support::read_text;
using accelgen::testing_support::TempDir;
using accelgen::testing_support::write_text;
namespace guide = accelgen::guide;

const fs::path kSourceDir = ACCELGEN_SOURCE_DIR;
const fs::path kFixture = kSourceDir / "tests" / "generator" / "fixtures" / "user_code";

TargetVersions v(const std::string& min, const std::string& max) {
  return {*TorchVersion::parse(min), *TorchVersion::parse(max)};
}

DeviceSpec spec_with(const std::string& name = "mydevice", const std::string& replace_from = "",
                     const std::string& replace_to = "") {
  std::string text = accelgen::render_initial_spec(name, "\"2.14\"");
  if (!replace_from.empty()) {
    const auto at = text.find(replace_from);
    EXPECT_NE(at, std::string::npos) << replace_from;
    if (at != std::string::npos) text.replace(at, replace_from.size(), replace_to);
  }
  return accelgen::parse_spec(text, "accelgen.yaml");
}

guide::Guidance guidance(const DeviceSpec& spec, const std::string& from, const std::string& to,
                         std::vector<fs::path> scan = {}) {
  guide::GuidanceRequest r;
  r.spec = spec;
  r.from = v(from, from);
  r.to = v(to, to);
  r.scan = !scan.empty();
  r.scan_roots = std::move(scan);
  r.display_base = kFixture;
  return guide::build_guidance(r, accelgen::version_knowledge());
}

const guide::ChangeGuidance* find(const guide::Guidance& g, const std::string& id) {
  for (const auto& c : g.changes) {
    if (c.change->id == id) return &c;
  }
  return nullptr;
}

struct CliRun {
  int status = -1;
  std::string out, err;
};

CliRun accelgen(const std::string& args) {
  TempDir tmp;
  CliRun r;
  const std::string command = "NO_COLOR=1 " + ::accelgen::testing_support::accelgen_command() + " " + args + " >" +
                              (tmp.path() / "out").string() + " 2>" + (tmp.path() / "err").string();
  const int status = std::system(command.c_str());
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_text(tmp.path() / "out");
  r.err = read_text(tmp.path() / "err");
  return r;
}

// ------------------------------------------------------------------------------------------------ model

TEST(GuideModel, ListsEveryApplicableChangeMostSevereFirst) {
  const auto spec = spec_with();
  const auto g = guidance(spec, "2.6", "2.14");
  const auto expected =
      accelgen::version_knowledge().changes_between({2, 6}, {2, 14}, accelgen::enabled_capabilities(spec.caps));
  ASSERT_EQ(g.changes.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(g.changes[i].change, expected[i]);
  for (std::size_t i = 1; i < g.changes.size(); ++i) {
    EXPECT_LE(static_cast<int>(g.changes[i - 1].change->kind), static_cast<int>(g.changes[i].change->kind));
  }
  EXPECT_EQ(g.device, "mydevice");
  EXPECT_EQ(g.changes.front().change->kind, ChangeKind::CompileError);
  // Nothing from outside the range: absent from 2.6, present in 2.14, and every change between the two installed
  // releases is known to be in the step.
  for (const auto& c : g.changes) {
    EXPECT_EQ(c.change->landing.in({2, 6}), accelgen::contract::Landing::Presence::Absent) << c.change->id;
    EXPECT_EQ(c.change->landing.in({2, 14}), accelgen::contract::Landing::Presence::Present) << c.change->id;
    EXPECT_TRUE(c.known_in_step) << c.change->id;
  }
  EXPECT_TRUE(find(g, "cxx20-required"));
  EXPECT_FALSE(find(g, "lazy-init-privateuse1-deprecated")) << "since 2.6: not new in (2.6, 2.14]";
  // A same-version "upgrade" has nothing to say.
  EXPECT_TRUE(guidance(spec, "2.14", "2.14").changes.empty());
}

TEST(GuideModel, ChangesOfFeaturesTheSpecTurnsOffAreLeftOut) {
  const auto on = guidance(spec_with(), "2.6", "2.14");
  const auto off = guidance(spec_with("mydevice", "graphs: true", "graphs: false"), "2.6", "2.14");
  ASSERT_TRUE(find(on, "graph-impl-registry"));
  EXPECT_FALSE(find(off, "graph-impl-registry"));
  EXPECT_FALSE(find(off, "accelerator-graph-api"));
  std::set<std::string> left;
  for (const auto& l : off.left_out) {
    left.insert(l.id);
    EXPECT_EQ(l.capability, "graphs");
  }
  EXPECT_TRUE(left.count("graph-impl-registry"));
  EXPECT_EQ(off.changes.size() + off.left_out.size(), on.changes.size() + on.left_out.size());
}

TEST(GuideModel, GeneratedFileDiffsAreAttributedToTheFeatureThatCausesThem) {
  const auto g = guidance(spec_with(), "2.6", "2.14");
  // cxx20-required: the generated CMakeLists.txt moves from C++17 to C++20, and only that.
  const auto* cxx = find(g, "cxx20-required");
  ASSERT_TRUE(cxx);
  ASSERT_FALSE(cxx->files.empty());
  bool cmake = false;
  for (const auto& f : cxx->files) {
    if (f.path != "CMakeLists.txt") continue;
    cmake = true;
    EXPECT_NE(f.unified.find("-set(CMAKE_CXX_STANDARD 17)"), std::string::npos) << f.unified;
    EXPECT_NE(f.unified.find("+set(CMAKE_CXX_STANDARD 20)"), std::string::npos) << f.unified;
    EXPECT_TRUE(f.unified.starts_with("--- a/CMakeLists.txt\n+++ b/CMakeLists.txt\n"));
    EXPECT_EQ(f.unified.find("torch 2.6"), std::string::npos) << "banner differences are not the feature's";
  }
  EXPECT_TRUE(cmake);
  // hooks-is-available-required: the generated hooks declare isAvailable/isBuilt.
  const auto* hooks = find(g, "hooks-is-available-required");
  ASSERT_TRUE(hooks);
  std::string all;
  for (const auto& f : hooks->files) all += f.unified;
  EXPECT_NE(all.find("isAvailable"), std::string::npos) << all;
  // A change without a feature has no generated-code change but is still listed with its user action.
  const auto* stable = find(g, "torch-stable-only-guard");
  ASSERT_TRUE(stable);
  EXPECT_TRUE(stable->files.empty());
  EXPECT_FALSE(stable->change->user_action.empty());
  // Changes sharing a feature share one diff: the first shows it, the others refer to it.
  const auto* authoritative = find(g, "accelerator-module-authoritative");
  const auto* binding = find(g, "accelerator-device-count-binding-removed");
  ASSERT_TRUE(authoritative && binding);
  EXPECT_EQ(authoritative->change->feature, binding->change->feature);
  const auto* shown = authoritative->same_diff_as.empty() ? authoritative : binding;
  const auto* referring = shown == authoritative ? binding : authoritative;
  EXPECT_EQ(referring->same_diff_as, shown->change->id);
  ASSERT_FALSE(shown->files.empty());
  ASSERT_EQ(referring->files.size(), shown->files.size());
  for (std::size_t i = 0; i < referring->files.size(); ++i) {
    EXPECT_EQ(referring->files[i].path, shown->files[i].path);
    EXPECT_TRUE(referring->files[i].unified.empty());
  }
}

TEST(GuideModel, FeatureDiffsAddUpToTheWholeDiff) {
  // Applying every feature's diff explains every body change; what is left (other_files) never repeats a file
  // already attributed, and never lists a file whose only change is the banner.
  const auto spec = spec_with();
  const auto g = guidance(spec, "2.6", "2.14");
  std::set<std::string> attributed;
  for (const auto& c : g.changes) {
    for (const auto& f : c.files) attributed.insert(f.path);
  }
  const auto from = accelgen::render_backend(spec, v("2.6", "2.6"));
  for (const auto& f : g.other_files) {
    EXPECT_FALSE(attributed.count(f.path)) << f.path;
    EXPECT_GT(f.diff.additions + f.diff.deletions, 2) << f.path << " differs only in its banner:\n" << f.unified;
  }
  for (const auto& f : from) {
    if (f.path.starts_with("third_party/")) {
      for (const auto& o : g.other_files) EXPECT_NE(o.path, f.path) << "runtime files differ only in the banner";
    }
  }
}

TEST(GuideModel, ScansTheUsersCodeWithFileLineReasonAndFix) {
  const auto g = guidance(spec_with(), "2.6", "2.14", {kFixture});
  EXPECT_TRUE(g.scanned);
  std::set<std::string> got;
  for (const auto& h : g.hits) {
    got.insert(h.path + ":" + std::to_string(h.line) + " " + h.change_id);
    EXPECT_FALSE(h.message.empty());
    EXPECT_FALSE(h.fix.empty());
    EXPECT_FALSE(h.text.empty());
  }
  // Each required pattern of the issue, against the hand-written fixture backend.
  for (const char* e : {"csrc/hooks.cpp:14 generator-via-hooks-get-new-generator",   // REGISTER_GENERATOR_PRIVATEUSE1
                        "csrc/tensor_impl.h:5 sym-custom-contiguity",                  // is_contiguous_custom override
                        "csrc/tensor_impl.h:6 sym-custom-contiguity",                  // ..._non_overlapping_and_dense_
                        "csrc/named.cpp:1 named-tensors-removed",                      // Dimname
                        "csrc/named.cpp:8 named-tensors-removed",                      // names= overload
                        "csrc/profiler.cpp:4 profiler-observer-single-arg",            // 2-arg observer macro
                        "csrc/host_allocator.h:5 caching-host-allocator-interface-two-args",
                        "csrc/allocator.cpp:3 device-allocator-base-class",            // plain c10::Allocator
                        "csrc/hooks.cpp:7 hooks-is-available-required",                // missing isAvailable/isBuilt
                        "CMakeLists.txt:3 cxx20-required",                             // -std=c++17
                        "CMakeLists.txt:7 torch-stable-only-guard",                    // TORCH_STABLE_ONLY
                        "tests/test_device.py:2 privateuse1-available-helper-moved"}) {
    EXPECT_TRUE(got.count(e)) << "missing " << e;
  }
  EXPECT_FALSE(got.count("csrc/good_hooks.cpp:1 hooks-is-available-required"));
  for (const auto& h : got) EXPECT_EQ(h.find("build/"), std::string::npos) << "build directories are skipped: " << h;
  EXPECT_GT(g.scanned_files, 5);
  EXPECT_TRUE(g.needs_user_action());
}

TEST(GuideModel, NamesTheDriverFunctionsANewTorchCallsThatTheAdapterLacksOrStillStubs) {
  // torch 2.14 is the first torch to call the driver's graph functions (torch.accelerator.Graph). An adapter
  // without them, or with the custom scaffold's stubs, is reported with the functions to write.
  TempDir tmp;
  write_text(tmp.path() / "lacking" / "csrc" / "driver" / "driver.cc",
             "#include \"driver/driver.h\"\nnamespace torch_mydevice::driver {\nclass Mine final : public Driver {};\n}\n");
  write_text(tmp.path() / "stubs" / "csrc" / "driver" / "driver.cc",
             "#include \"driver/driver.h\"\nnamespace torch_mydevice::driver {\n"
             "  Status graph_launch(GraphExec, Stream) override {\n"
             "    return not_implemented(\"graph_launch\", \"Graph.replay()\");\n  }\n}\n");
  for (const char* tree : {"lacking", "stubs"}) {
    guide::GuidanceRequest r;
    r.spec = spec_with();
    r.from = v("2.6", "2.6");
    r.to = v("2.14", "2.14");
    r.scan = true;
    r.scan_roots = {tmp.path() / tree};
    r.display_base = tmp.path() / tree;
    const auto g = guide::build_guidance(r, accelgen::version_knowledge());
    const guide::UserCodeHit* hit = nullptr;
    for (const auto& h : g.hits) {
      if (h.change_id == "graph-impl-registry") hit = &h;
    }
    ASSERT_NE(hit, nullptr) << tree;
    EXPECT_EQ(hit->path, "csrc/driver/driver.cc") << tree;
    EXPECT_EQ(hit->line, std::string(tree) == "lacking" ? 2 : 4) << tree;
    for (const char* fn : {"stream_begin_capture", "graph_instantiate", "graph_launch", "graph_destroy"}) {
      EXPECT_NE(hit->message.find(fn), std::string::npos) << tree << ": " << fn;
    }
  }
  // Without graphs in the spec, nothing is asked of the adapter.
  guide::GuidanceRequest r;
  r.spec = spec_with("mydevice", "graphs: true", "graphs: false");
  r.from = v("2.6", "2.6");
  r.to = v("2.14", "2.14");
  r.scan = true;
  r.scan_roots = {tmp.path() / "lacking"};
  r.display_base = tmp.path() / "lacking";
  for (const auto& h : guide::build_guidance(r, accelgen::version_knowledge()).hits) {
    EXPECT_NE(h.change_id, "graph-impl-registry");
  }
}

TEST(GuideModel, UserCodeIsWhatTheManifestDoesNotListAsGenerated) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "b";
  accelgen::Manifest m;
  m.torch_min = m.torch_max = "2.6";
  m.spec_blob_id = accelgen::blob_id("spec");
  m.files["csrc/hooks.cc"] = {accelgen::FileOwner::Generated, accelgen::blob_id("x")};
  m.files["csrc/kernels.cc"] = {accelgen::FileOwner::User, accelgen::blob_id("y")};
  write_text(dir / ".accelgen/manifest.json", m.to_json());
  write_text(dir / ".accelgen/spec.yaml", "spec");
  write_text(dir / "accelgen.yaml", "spec");
  write_text(dir / "csrc/hooks.cc", "generated");
  write_text(dir / "csrc/kernels.cc", "scaffolded, now the user's");
  write_text(dir / "csrc/mine.cc", "hand-written");
  write_text(dir / "venv/pyvenv.cfg", "home = /usr/bin");
  write_text(dir / "venv/lib/site.py", "x");
  write_text(dir / "myenv/pyvenv.cfg", "home = /usr/bin");
  write_text(dir / "myenv/lib/x.py", "x");
  write_text(dir / ".venv/lib/x.py", "x");
  write_text(dir / "build/CMakeFiles/x.cc", "x");
  write_text(dir / "build-debug/x.cc", "x");
  write_text(dir / "third_party/accelsim/src/x.cc", "x");
  write_text(dir / "torch_b.egg-info/SOURCES.txt", "x");
  std::vector<std::string> got;
  for (const auto& p : guide::user_code_files(dir)) got.push_back(p.lexically_relative(dir).generic_string());
  EXPECT_EQ(got, (std::vector<std::string>{"csrc/kernels.cc", "csrc/mine.cc"}));
}

// ------------------------------------------------------------------------------------------------ reports

TEST(GuideReport, TextHasColourOnlyWhenAsked) {
  const auto g = guidance(spec_with(), "2.6", "2.14", {kFixture});
  const std::string plain = guide::render_text(g, false);
  const std::string colour = guide::render_text(g, true);
  EXPECT_EQ(plain.find("\x1b["), std::string::npos);
  EXPECT_NE(colour.find("\x1b[1;31m"), std::string::npos);
  EXPECT_NE(colour.find("\x1b[32m+set(CMAKE_CXX_STANDARD 20)"), std::string::npos);
  EXPECT_TRUE(plain.starts_with("Upgrade guidance for mydevice: torch 2.6 -> 2.14\n"));
  EXPECT_NE(plain.find("== Compile errors =="), std::string::npos);
  EXPECT_NE(plain.find("== Your code =="), std::string::npos);
  EXPECT_NE(plain.find("csrc/profiler.cpp:4: compile error [profiler-observer-single-arg]"), std::string::npos);
  // Severity sections in the documented order.
  const auto compile = plain.find("== Compile errors =="), runtime = plain.find("== Runtime errors or crashes =="),
             behaviour = plain.find("== Behaviour changes =="), features = plain.find("== New optional features ==");
  EXPECT_LT(compile, runtime);
  EXPECT_LT(runtime, behaviour);
  EXPECT_LT(behaviour, features);
  EXPECT_EQ(guide::parse_report_format("md"), guide::ReportFormat::Markdown);
  EXPECT_EQ(guide::parse_report_format("pdf"), std::nullopt);
}

TEST(GuideReport, JsonIsValidAndComplete) {
  const auto g = guidance(spec_with(), "2.6", "2.14", {kFixture});
  const auto j = nlohmann::json::parse(guide::render_json(g));
  EXPECT_EQ(j["schema"], "accelgen-upgrade-guidance/1");
  EXPECT_EQ(j["device"], "mydevice");
  EXPECT_EQ(j["from"]["max"], "2.6");
  EXPECT_EQ(j["to"]["max"], "2.14");
  ASSERT_EQ(j["changes"].size(), g.changes.size());
  bool has_diff = false;
  for (const auto& c : j["changes"]) {
    for (const char* key : {"id", "kind", "severity", "summary", "upstream", "generated_change", "user_action", "files"}) {
      EXPECT_TRUE(c.contains(key)) << key;
    }
    for (const auto& f : c["files"]) has_diff |= f.contains("diff") && !f["diff"].get<std::string>().empty();
  }
  EXPECT_TRUE(has_diff);
  EXPECT_EQ(j["user_code"]["hits"].size(), g.hits.size());
  EXPECT_TRUE(j["needs_user_action"].get<bool>());
  EXPECT_EQ(j["counts"]["compile-error"], g.count(ChangeKind::CompileError));
}

// The regeneration part of the JSON report names every action the tree writer takes, each by its own name, and
// carries the note of a file of an earlier layout (where it moved from, or which file the backend uses now).
TEST(GuideReport, JsonNamesEveryRegenerationAction) {
  using Action = accelgen::TreeChange::Action;
  guide::Guidance g;
  g.device = "mydevice";
  g.from = {{2, 6}, {2, 6}};
  g.to = {{2, 14}, {2, 14}};
  guide::Regeneration regeneration;
  const std::vector<std::pair<Action, std::string>> actions{
      {Action::Create, "create"},           {Action::Update, "update"},
      {Action::Merge, "merge"},             {Action::Conflict, "conflict"},
      {Action::Unresolved, "unresolved-conflict"},
      {Action::Remove, "remove"},           {Action::KeepEdited, "keep-edited"},
      {Action::KeepDeleted, "keep-deleted"}, {Action::KeepUnused, "keep-unused"},
      {Action::Move, "move"},               {Action::KeepStale, "keep-stale"}};
  for (std::size_t i = 0; i < actions.size(); ++i) {
    regeneration.report.changes.push_back({actions[i].first, "f" + std::to_string(i)});
  }
  regeneration.report.changes[9].note = "moved from csrc/old.cc";  // the Move
  g.regeneration = regeneration;
  const auto j = nlohmann::json::parse(guide::render_json(g));
  const auto& files = j["regeneration"]["files"];
  ASSERT_EQ(files.size(), actions.size());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    EXPECT_EQ(files[i]["path"], "f" + std::to_string(i));
    EXPECT_EQ(files[i]["action"], actions[i].second) << "action #" << i;
    EXPECT_EQ(files[i].contains("note"), i == 9) << "action #" << i;
  }
  EXPECT_EQ(files[9]["note"], "moved from csrc/old.cc");
}

TEST(GuideReport, MarkdownAndHtmlEscapeAndEmbedDiffs) {
  const auto g = guidance(spec_with(), "2.6", "2.14", {kFixture});
  const std::string md = guide::render_markdown(g);
  EXPECT_TRUE(md.starts_with("# Upgrade guidance for `mydevice`: torch 2.6 → 2.14\n"));
  EXPECT_NE(md.find("```diff\n--- a/CMakeLists.txt"), std::string::npos);
  EXPECT_NE(md.find("| `csrc/profiler.cpp:4` | compile error |"), std::string::npos);
  const std::string html = guide::render_html(g);
  EXPECT_EQ(html.find("<<<"), std::string::npos);
  EXPECT_NE(html.find("&lt;"), std::string::npos) << "C++ template brackets are escaped";
  EXPECT_NE(html.find("id=\"change-cxx20-required\""), std::string::npos);
  EXPECT_NE(html.find("data-report-rendered"), std::string::npos);
}

// ------------------------------------------------------------------------------------------------ commands

TEST(GuideCommand, PlansWithoutABackendTree) {
  TempDir tmp;
  write_text(tmp.path() / "s.yaml", accelgen::render_initial_spec("npu7", "\"2.14\""));
  const CliRun r = accelgen("guide --from 2.6 --to 2.14 " + (tmp.path() / "s.yaml").string() + " --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["device"], "npu7") << "the spec's device name is used throughout";
  EXPECT_TRUE(j["user_code"].is_null());
  EXPECT_NE(r.out.find("npu7"), std::string::npos);
  // --scan works without a tree, too.
  const CliRun s = accelgen("guide --from 2.6 --to 2.14 " + (tmp.path() / "s.yaml").string() + " --scan " +
                         ::accelgen::testing_support::shell_quoted((kFixture / "csrc" / "profiler.cpp").string()));
  ASSERT_EQ(s.status, 0) << s.err;
  EXPECT_NE(s.out.find("profiler.cpp:4: compile error [profiler-observer-single-arg]"), std::string::npos) << s.out;
  // Output to a file.
  const CliRun h = accelgen("guide --from 2.6 --to 2.14 " + (tmp.path() / "s.yaml").string() + " --format html -o " +
                         (tmp.path() / "r/report.html").string());
  ASSERT_EQ(h.status, 0) << h.err;
  EXPECT_TRUE(read_text(tmp.path() / "r/report.html").starts_with("<!DOCTYPE html>"));
  EXPECT_TRUE(h.out.empty());
}

TEST(GuideCommand, BadInputsExitWithUsageOrUserErrors) {
  const CliRun no_to = accelgen("guide --from 2.6");
  EXPECT_EQ(no_to.status, 2) << no_to.err;
  const CliRun bad_format = accelgen("guide --from 2.6 --to 2.14 --format pdf");
  EXPECT_EQ(bad_format.status, 2) << bad_format.err;
  const CliRun bad_version = accelgen("guide --from 1.13 --to 2.14");
  EXPECT_EQ(bad_version.status, 1);
  EXPECT_NE(bad_version.err.find("--from"), std::string::npos) << bad_version.err;
  EXPECT_NE(bad_version.err.find("hint:"), std::string::npos) << bad_version.err;
  const CliRun reversed = accelgen("guide --from 2.6 --to 2.14:2.6");
  EXPECT_EQ(reversed.status, 1) << reversed.err;
  const CliRun missing = accelgen("guide --from 2.6 --to 2.14 /nonexistent/spec.yaml");
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("hint:"), std::string::npos) << missing.err;
}

TEST(UpgradeCommand, GuidesThenRegeneratesForTheNewTarget) {
  TempDir tmp;
  ASSERT_EQ(accelgen("init mydevice --torch 2.6 --dir " + tmp.path().string()).status, 0);
  const fs::path dir = tmp.path() / "mydevice";
  write_text(dir / "csrc/my_observer.cpp",
             "#include <torch/csrc/profiler/standalone/privateuse1_observer.h>\n"
             "REGISTER_PRIVATEUSE1_OBSERVER(pushPRIVATEUSE1CallbacksStub, my_observer);\n");
  write_text(dir / "venv/pyvenv.cfg", "home = /usr/bin\n");
  write_text(dir / "venv/lib/bad.cpp", "REGISTER_PRIVATEUSE1_OBSERVER(a, b);\n");

  // --guide-only changes nothing.
  const auto before = accelgen::testing_support::snapshot(dir);
  const CliRun guide_only = accelgen("upgrade --to 2.14 --guide-only " + dir.string());
  ASSERT_EQ(guide_only.status, 0) << guide_only.err;
  EXPECT_EQ(accelgen::testing_support::snapshot(dir), before);
  EXPECT_NE(guide_only.out.find("torch 2.6 -> 2.14"), std::string::npos);
  EXPECT_NE(guide_only.out.find("csrc/my_observer.cpp:2: compile error [profiler-observer-single-arg]"),
            std::string::npos)
      << guide_only.out;
  EXPECT_EQ(guide_only.out.find("venv/"), std::string::npos) << "virtual environments are not scanned";
  EXPECT_EQ(guide_only.out.find("== Regeneration =="), std::string::npos);

  // The real upgrade regenerates for 2.14 and records it.
  const CliRun up = accelgen("upgrade --to 2.14 --format json " + dir.string());
  ASSERT_EQ(up.status, 0) << up.err;
  const auto j = nlohmann::json::parse(up.out);
  EXPECT_FALSE(j["regeneration"]["files"].empty());
  EXPECT_TRUE(j["regeneration"]["conflicts"].empty());
  const auto manifest = accelgen::read_manifest(dir);
  ASSERT_TRUE(manifest);
  EXPECT_EQ(manifest->torch_max, "2.14");
  EXPECT_NE(read_text(dir / "CMakeLists.txt").find("set(CMAKE_CXX_STANDARD 20)"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir / "csrc/my_observer.cpp")) << "user files are kept";

  // Now at 2.14: nothing more to say.
  const CliRun again = accelgen("upgrade --to 2.14 --guide-only --format json " + dir.string());
  ASSERT_EQ(again.status, 0);
  EXPECT_TRUE(nlohmann::json::parse(again.out)["changes"].empty());
}

TEST(UpgradeCommand, ConflictsExitOneAndAreReported) {
  TempDir tmp;
  ASSERT_EQ(accelgen("init mydevice --torch 2.6 --dir " + tmp.path().string()).status, 0);
  const fs::path dir = tmp.path() / "mydevice";
  // Edit the very line the upgrade changes.
  std::string cmake = read_text(dir / "CMakeLists.txt");
  const auto at = cmake.find("set(CMAKE_CXX_STANDARD 17)");
  ASSERT_NE(at, std::string::npos);
  cmake.replace(at, std::string("set(CMAKE_CXX_STANDARD 17)").size(), "set(CMAKE_CXX_STANDARD 17) # pinned by me");
  write_text(dir / "CMakeLists.txt", cmake);
  const CliRun up = accelgen("upgrade --to 2.14 " + dir.string());
  EXPECT_EQ(up.status, 1) << up.out << up.err;
  EXPECT_NE(up.out.find("== Regeneration =="), std::string::npos);
  EXPECT_NE(up.out.find("have conflicts"), std::string::npos) << up.out;
  EXPECT_NE(up.err.find("CMakeLists.txt"), std::string::npos) << up.err;
  EXPECT_NE(read_text(dir / "CMakeLists.txt").find("<<<<<<<"), std::string::npos);
}

TEST(UpgradeCommand, NeedsAGeneratedBackend) {
  TempDir tmp;
  const CliRun none = accelgen("upgrade --to 2.14 " + tmp.path().string());
  EXPECT_EQ(none.status, 1);
  EXPECT_NE(none.err.find("hint:"), std::string::npos) << none.err;
  write_text(tmp.path() / "accelgen.yaml", accelgen::render_initial_spec("mydevice", "\"2.6\""));
  const CliRun no_manifest = accelgen("upgrade --to 2.14 " + tmp.path().string());
  EXPECT_EQ(no_manifest.status, 1);
  EXPECT_NE(no_manifest.err.find("accelgen guide"), std::string::npos) << no_manifest.err;
  const CliRun usage = accelgen("upgrade " + tmp.path().string());
  EXPECT_EQ(usage.status, 2) << "--to is required";
}

}  // namespace

// A target between the installed releases: what 2.11 is known to have is listed as such, what is only dated to a
// span reaching past 2.11 is listed with that said plainly, and what 2.11 is known to lack is not listed.
TEST(GuideModel, ATargetBetweenKnownReleasesSaysWhatIsOnlyDatedToASpan) {
  const auto spec = spec_with();
  const auto g = guidance(spec, "2.6", "2.11");
  const auto* allocator = find(g, "device-allocator-base-class");
  ASSERT_TRUE(allocator);
  EXPECT_TRUE(allocator->known_in_step);
  EXPECT_EQ(allocator->timing, "in torch 2.7 to 2.11, not dated more precisely");
  const auto* memory = find(g, "accelerator-memory-api");
  ASSERT_TRUE(memory);
  EXPECT_FALSE(memory->known_in_step);
  EXPECT_EQ(memory->timing, "in torch 2.7 to 2.14, not dated more precisely: torch 2.11 may or may not have it");
  EXPECT_FALSE(find(g, "graph-impl-registry")) << "known absent from 2.11";
  EXPECT_FALSE(find(g, "cxx20-required")) << "known absent from 2.11";
  const auto* generator = find(g, "generator-via-hooks-get-new-generator");
  ASSERT_TRUE(generator);
  EXPECT_EQ(generator->timing, "since torch 2.7");

  const std::string text = guide::render_text(g, /*color=*/false);
  EXPECT_NE(text.find("are dated only to a span of releases around torch 2.11, which may or may not have them"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("accelerator-memory-api"), std::string::npos);
}
