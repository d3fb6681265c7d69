// The driver seam: the generated backend reaches the device only through csrc/driver/driver.h, the adapter
// behind it is the user's (device.runtime picks its scaffold), and nothing generator-owned names the simulator.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include "base/diagnostic.h"
#include "render/backend_renderer.h"
#include "spec/spec_loader.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string spec_text(const std::string& runtime, const std::string& torch = "\"2.14\"") {
  std::string text = render_initial_spec("mydevice", torch);
  const std::string from = "runtime: accelsim";
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "the initial spec has no device.runtime line";
  return text.replace(at, from.size(), "runtime: " + runtime);
}

TargetVersions versions(const char* min, const char* max) {
  return {*contract::TorchVersion::parse(min), *contract::TorchVersion::parse(max)};
}

FileSet render(const std::string& text, const TargetVersions& targets) {
  return render_backend(parse_spec(text, "accelgen.yaml"), targets);
}

const GeneratedFile* find(const FileSet& files, const std::string& path) {
  for (const auto& f : files) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

TEST(DriverSeam, NothingGeneratorOwnedNamesTheSimulator) {
  for (const auto& targets : {versions("2.14", "2.14"), versions("2.6", "2.6"), versions("2.6", "2.14")}) {
    std::size_t checked = 0;
    for (const auto& f : render(spec_text("accelsim"), targets)) {
      if (f.owner != FileOwner::Generated || f.path.starts_with("third_party/accelsim/")) continue;
      // The porting guide says which runtime the tree starts from (the accelsim adapter as the reference,
      // ACCELSIM_HOST_ACCESS=0 as a discrete device): a document, rendered per runtime, that no code follows.
      if (f.path == "csrc/driver/README.md") continue;
      ++checked;
      EXPECT_THAT(lower(f.content), Not(HasSubstr("accelsim"))) << f.path << " is generator-owned";
    }
    EXPECT_GT(checked, 50u);
  }
}

TEST(DriverSeam, TheAdapterAndItsBuildAreTheUsersAndTheInterfaceIsGenerated) {
  const FileSet files = render(spec_text("accelsim"), versions("2.14", "2.14"));
  const GeneratedFile* header = find(files, "csrc/driver/driver.h");
  const GeneratedFile* adapter = find(files, "csrc/driver/driver.cc");
  const GeneratedFile* build = find(files, "csrc/driver/driver.cmake");
  ASSERT_NE(header, nullptr);
  ASSERT_NE(adapter, nullptr);
  ASSERT_NE(build, nullptr);
  EXPECT_EQ(header->owner, FileOwner::Generated);
  EXPECT_EQ(adapter->owner, FileOwner::User);
  EXPECT_EQ(build->owner, FileOwner::User);
  EXPECT_THAT(adapter->content, HasSubstr("#include <accelsim/accelsim.h>"));
  EXPECT_THAT(adapter->content, HasSubstr("Status malloc(void** device_ptr, std::size_t size) override {"));
  EXPECT_THAT(build->content, HasSubstr("third_party/accelsim"));
  EXPECT_NE(find(files, "third_party/accelsim/include/accelsim/accelsim.h"), nullptr);
  EXPECT_THAT(find(files, "CMakeLists.txt")->content, HasSubstr("csrc/driver/driver.cmake"));
}

TEST(DriverSeam, ACustomRuntimeScaffoldsAnAdapterThatNamesEachMissingFunction) {
  const FileSet files = render(spec_text("custom"), versions("2.14", "2.14"));
  const GeneratedFile* adapter = find(files, "csrc/driver/driver.cc");
  ASSERT_NE(adapter, nullptr);
  EXPECT_EQ(adapter->owner, FileOwner::User);
  EXPECT_THAT(lower(adapter->content), Not(HasSubstr("accelsim")));
  EXPECT_THAT(adapter->content,
              HasSubstr("not_implemented(\"malloc\", \"the caching device allocator (every mydevice tensor)\")"));
  for (const auto& f : files) {
    EXPECT_THAT(f.path, Not(HasSubstr("third_party/accelsim"))) << "a custom runtime bundles no simulator";
  }
  EXPECT_THAT(find(files, "csrc/driver/driver.cmake")->content, Not(HasSubstr("accelsim")));
}

TEST(DriverSeam, TheInterfaceDeclaresOnlyWhatTheCapabilitiesNeed) {
  std::string text = spec_text("accelsim");
  const FileSet with_graphs = render(text, versions("2.14", "2.14"));
  EXPECT_THAT(find(with_graphs, "csrc/driver/driver.h")->content, HasSubstr("Status graph_launch("));
  EXPECT_THAT(find(with_graphs, "csrc/driver/driver.h")->content, HasSubstr("Status host_alloc("));

  for (const char* cap : {"graphs: true", "pinned_memory: true"}) {
    const auto at = text.find(cap);
    ASSERT_NE(at, std::string::npos) << cap;
    std::string off = cap;
    off.replace(off.find("true"), 4, "false");
    text.replace(at, std::string(cap).size(), off);
  }
  const FileSet lean = render(text, versions("2.14", "2.14"));
  const std::string header = find(lean, "csrc/driver/driver.h")->content;
  EXPECT_THAT(header, Not(HasSubstr("graph_launch")));
  EXPECT_THAT(header, Not(HasSubstr("host_alloc")));
  EXPECT_THAT(find(lean, "csrc/driver/driver.cc")->content, Not(HasSubstr("graph_launch")));
}

TEST(DriverSeam, WithoutEventsNoGeneratedCodeUsesThem) {
  // Stage 1 of a port: events (and what needs them) off. driver.h then declares no event function, so any use
  // left in generated code is a compile error only a backend build would show; this finds it at once.
  std::string text = spec_text("accelsim");
  for (const char* cap : {"events", "pinned_memory", "graphs", "profiler"}) {
    const std::string on = std::string(cap) + ": true";
    const auto at = text.find(on);
    ASSERT_NE(at, std::string::npos) << on;
    text.replace(at, on.size(), std::string(cap) + ": false");
  }
  for (const auto& targets : {versions("2.14", "2.14"), versions("2.6", "2.14")}) {
    std::size_t checked = 0;
    for (const auto& f : render(text, targets)) {
      if (f.path.starts_with("third_party/") || f.path.ends_with(".md") || f.path.ends_with(".py")) continue;
      ++checked;
      for (const char* use : {"driver::Event", "event_create", "event_record", "event_query", "event_synchronize",
                              "stream_wait_event", "event_elapsed_time", "event_destroy"}) {
        EXPECT_THAT(f.content, Not(HasSubstr(use))) << f.path << " uses " << use << " with events off";
      }
    }
    EXPECT_GT(checked, 40u);
  }
}

TEST(DriverSeam, GraphFunctionsFollowTheCapabilityOnEveryTorchSoAnUpgradeNeedsNoAdapterEdit) {
  // torch 2.6 never calls the graph functions, but the interface declares them whenever capabilities.graphs is
  // on: an adapter written for 2.6 already has them when 2.14 starts calling them (knowledge base:
  // graph-impl-registry, which names them when an adapter lacks them or still has the scaffold's stubs).
  for (const char* runtime : {"accelsim", "custom"}) {
    const FileSet old_torch = render(spec_text(runtime, "\"2.6\""), versions("2.6", "2.6"));
    EXPECT_THAT(find(old_torch, "csrc/driver/driver.h")->content,
                HasSubstr("virtual Status graph_launch(GraphExec exec, Stream stream) = 0;"));
    EXPECT_THAT(find(old_torch, "csrc/driver/driver.cc")->content, HasSubstr("Status graph_launch("));
    const FileSet new_torch = render(spec_text(runtime), versions("2.14", "2.14"));
    const auto without_banner = [](const FileSet& files) {
      const std::string& header = find(files, "csrc/driver/driver.h")->content;
      return header.substr(header.find("#pragma once"));
    };
    EXPECT_EQ(without_banner(old_torch), without_banner(new_torch))
        << runtime << ": the driver interface does not depend on the torch version";
  }
}

TEST(DriverSeam, AnUnknownRuntimeIsRejectedWithTheChoices) {
  try {
    parse_spec(spec_text("opencl"), "accelgen.yaml");
    FAIL() << "runtime: opencl was accepted";
  } catch (const DiagnosticError& e) {
    ASSERT_EQ(e.diagnostics().size(), 1u);
    EXPECT_THAT(e.diagnostics()[0].message, HasSubstr("unknown device runtime 'opencl'"));
    EXPECT_THAT(e.diagnostics()[0].hint, HasSubstr("accelsim"));
    EXPECT_THAT(e.diagnostics()[0].hint, HasSubstr("custom"));
    EXPECT_GT(e.diagnostics()[0].line, 0);
  }
}

}  // namespace
}  // namespace accelgen
