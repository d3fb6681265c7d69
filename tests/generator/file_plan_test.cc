// The file plan (render/file_plan.h): which templates become files is decided from the typed context, each rule
// names templates that exist, and no template leaves itself out by rendering empty.
#include "render/file_plan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "embed/embedded_files.h"
#include "render/backend_renderer.h"
#include "spec/spec_loader.h"

namespace accelgen {
namespace {

constexpr std::string_view kRoot = "templates/backend/";

// Every backend template's path under templates/backend/ without `.mustache`, with its text.
std::vector<std::pair<std::string, std::string>> backend_templates() {
  std::vector<std::pair<std::string, std::string>> templates;
  for (const auto& file : embedded::files_under(kRoot)) {
    if (!file.path.ends_with(".mustache")) continue;
    std::string path(file.path.substr(kRoot.size()));
    path.resize(path.size() - std::string_view(".mustache").size());
    templates.emplace_back(path, std::string(file.content));
  }
  return templates;
}

DeviceSpec default_spec() { return parse_spec(render_initial_spec("mydevice", "\"2.14\""), "accelgen.yaml"); }

TargetVersions torch(const char* version) {
  const auto v = *contract::TorchVersion::parse(version);
  return {v, v};
}

TEST(FilePlan, EveryRuleDecidesForATemplateNoEarlierRuleMatches) {
  const auto templates = backend_templates();
  ASSERT_GT(templates.size(), 100u);
  const auto& rules = file_rules();
  for (std::size_t i = 0; i < rules.size(); ++i) {
    int decided = 0;
    for (const auto& [path, text] : templates) {
      if (file_condition(path) == rules[i].condition && rule_matches(rules[i].path, path)) {
        bool earlier = false;
        for (std::size_t j = 0; j < i; ++j) earlier = earlier || rule_matches(rules[j].path, path);
        if (!earlier) ++decided;
      }
    }
    EXPECT_GT(decided, 0) << "the rule for " << rules[i].path << " decides for no template";
  }
}

// A template wrapped whole in one section would decide its own existence by rendering empty: the plan decides.
TEST(FilePlan, NoTemplateIsWrappedWholeInASection) {
  const std::regex opening(R"(^\{\{[#^]([\w.]+)\}\}\n)");
  for (const auto& [path, text] : backend_templates()) {
    std::smatch m;
    if (!std::regex_search(text, m, opening)) continue;
    const std::string key = m[1];
    int depth = 0;
    std::size_t closed_at = std::string::npos;
    const std::regex tag("\\{\\{([#^/])" + std::regex_replace(key, std::regex(R"(\.)"), R"(\.)") + "\\}\\}");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), tag); it != std::sregex_iterator(); ++it) {
      depth += (*it)[1] == "/" ? -1 : 1;
      if (depth == 0) {
        closed_at = static_cast<std::size_t>(it->position() + it->length());
        break;
      }
    }
    const bool whole = closed_at != std::string::npos && text.find_first_not_of("\n", closed_at) == std::string::npos;
    EXPECT_FALSE(whole) << path << " is wrapped whole in {{#" << key << "}}: give it a rule in render/file_plan.cc";
  }
}

// What the plan leaves out is not written, and what it keeps is (a template that rendered empty would throw).
TEST(FilePlan, TheTreeHasExactlyThePlannedFiles) {
  DeviceSpec off = default_spec();
  off.caps = Capabilities{false, false, false, false, false, false, false, false, false, false, false};
  for (const auto& [spec, version] : {std::pair{default_spec(), "2.14"}, {default_spec(), "2.6"}, {off, "2.14"}}) {
    const RenderContext context = make_render_context(spec, torch(version));
    const auto jobs = render_file_jobs(context);
    for (const auto& [path, text] : backend_templates()) {
      if (path.find("__kernel__") != std::string::npos || path.find("__family__") != std::string::npos) continue;
      std::string file = std::regex_replace(std::regex_replace(path, std::regex("__package__"), context.package),
                                            std::regex("__name__"), context.name);
      if (file.ends_with(".once")) file.resize(file.size() - std::string_view(".once").size());
      const bool planned = holds(file_condition(path), context);
      EXPECT_EQ(jobs.count(file), planned ? 1u : 0u) << file << " with torch " << version;
    }
  }
  const auto all_off = render_file_jobs(make_render_context(off, torch("2.14")));
  for (const std::string file : {"csrc/graph.cc", "csrc/generator.cc", "csrc/distributed/work.cc",
                                 "tests/test_compile.py", "tests/test_profiler.py"}) {
    EXPECT_EQ(all_off.count(file), 0u) << file;
  }
  // graph.cc needs the accelerator graph interface, which torch 2.6 lacks.
  EXPECT_EQ(render_file_jobs(make_render_context(default_spec(), torch("2.6"))).count("csrc/graph.cc"), 0u);
  EXPECT_EQ(render_file_jobs(make_render_context(default_spec(), torch("2.14"))).count("csrc/graph.cc"), 1u);
}

// Quantized tensors have their file where something makes them: the CPU fallback (torch.quantize_per_tensor on CPU
// copies), or a native quantize_per_tensor (knowledge/host_operators.yaml's made_by); with neither, no file.
TEST(FilePlan, QuantizedTensorsHaveTheirFileWhereSomethingMakesThem) {
  DeviceSpec spec = default_spec();
  EXPECT_EQ(render_file_jobs(make_render_context(spec, torch("2.14"))).count("csrc/ops/quantized.cc"), 1u);
  spec.fallback = FallbackPolicy::Error;
  const auto quantize = std::find_if(spec.native_ops.begin(), spec.native_ops.end(),
                                     [](const std::string& op) { return op.starts_with("quantize_per_tensor"); });
  ASSERT_NE(quantize, spec.native_ops.end());
  EXPECT_EQ(render_file_jobs(make_render_context(spec, torch("2.14"))).count("csrc/ops/quantized.cc"), 1u);
  spec.native_ops.erase(quantize);
  EXPECT_EQ(render_file_jobs(make_render_context(spec, torch("2.14"))).count("csrc/ops/quantized.cc"), 0u);
}

}  // namespace
}  // namespace accelgen
