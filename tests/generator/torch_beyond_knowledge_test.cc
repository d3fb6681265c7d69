// Generating for a torch newer than the knowledge base: accepted only as the installed torch (or the target the
// tree already records), generated for the newest known contract with every probe-able feature left to its probe,
// and said so in the banners and on the command line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "base/diagnostic.h"
#include "contract/torch_version.h"
#include "output/generation.h"
#include "plan/target_versions.h"
#include "plan/version_knowledge.h"
#include "render/backend_renderer.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using accelgen::contract::TorchVersion;
using accelgen::testing_support::read_text;
using accelgen::testing_support::run_accelgen;
using accelgen::testing_support::TempDir;
using accelgen::testing_support::write_text;
using ::testing::HasSubstr;

// An installed torch as detection sees it: a prefix with TorchConfigVersion.cmake.
fs::path installed_torch(const fs::path& root, const std::string& version) {
  write_text(root / "lib/cmake/Torch/TorchConfigVersion.cmake", "set(PACKAGE_VERSION \"" + version + "\")\n");
  return root;
}

std::string next_release() {
  const TorchVersion newest = accelgen::contract::max_supported_version();
  return TorchVersion{newest.major, newest.minor + 1}.to_string();
}

TEST(BeyondKnowledge, AVersionNewerThanTheKnowledgeBaseIsRefusedWithTheWayToNameTheInstalledTorch) {
  const auto parsed = accelgen::contract::parse_torch_range(next_release());
  ASSERT_FALSE(parsed);
  EXPECT_THAT(parsed.problem, HasSubstr("newer than the newest release accelgen knows"));
  EXPECT_THAT(parsed.hint, HasSubstr("--torch auto --torch-prefix"));
  EXPECT_TRUE(accelgen::contract::parse_torch_range(next_release(), accelgen::contract::BeyondKnowledge::Accept));
  // Older than the oldest supported stays refused either way.
  EXPECT_FALSE(accelgen::contract::parse_torch_range("1.13", accelgen::contract::BeyondKnowledge::Accept));
}

TEST(BeyondKnowledge, ANamedNewerVersionIsATargetOnlyAsTheInstalledTorchOrTheRecordedTarget) {
  TempDir tmp;
  const fs::path next = installed_torch(tmp.path() / "next", next_release() + ".0");
  const fs::path known = installed_torch(tmp.path() / "known", "2.14.1");
  const accelgen::DeviceSpec spec;
  const auto target = accelgen::resolve_targets(spec, "auto", next.string());
  EXPECT_EQ(target.max.to_string(), next_release());
  EXPECT_TRUE(accelgen::contract::is_beyond_knowledge(target));
  EXPECT_EQ(accelgen::resolve_targets(spec, next_release(), next.string()), target);
  try {
    accelgen::resolve_targets(spec, next_release(), known.string());
    ADD_FAILURE() << "a newer torch was accepted with another one installed";
  } catch (const accelgen::DiagnosticError& e) {
    EXPECT_THAT(e.what(), HasSubstr("torch 2.14.1 is installed there"));
    EXPECT_THAT(e.what(), HasSubstr("--torch-prefix"));
  }
  // The tree's recorded target stands for the installed torch that was checked when it was generated.
  EXPECT_EQ(accelgen::resolve_targets(spec, next_release(), known.string(), target), target);
}

TEST(BeyondKnowledge, EveryFeatureWithAProbeIsLeftToIt) {
  const auto& kb = accelgen::version_knowledge();
  const TorchVersion next = *TorchVersion::parse(next_release());
  int probed = 0;
  for (const auto& [id, flags] : kb.features_for({next, next})) {
    const auto& feature = *kb.feature(id);
    if (feature.probe.kind == accelgen::contract::Probe::Kind::None) {
      EXPECT_TRUE(flags.has && !flags.mixed) << id << ": a feature nothing can probe stays as the newest known has it";
    } else {
      EXPECT_TRUE(flags.mixed) << id << " is assumed in a release accelgen does not know";
      ++probed;
    }
  }
  EXPECT_GT(probed, 20);
  // The newest known release itself is known: what it has is not probed.
  int mixed_at_newest = 0;
  for (const auto& [id, flags] : kb.features_for({kb.newest_known(), kb.newest_known()})) mixed_at_newest += flags.mixed;
  EXPECT_EQ(mixed_at_newest, 0);
}

TEST(BeyondKnowledge, TheTreeSaysWhatItWasGeneratedForAndProbesEveryFeature) {
  TempDir tmp;
  const fs::path next = installed_torch(tmp.path() / "next", next_release() + ".0");
  const std::string spec = read_text(fs::path(ACCELGEN_SOURCE_DIR) / "specs/mydevice.yaml");
  const auto beyond = accelgen::prepare_generation({spec, "accelgen.yaml", "auto", next.string(), std::nullopt});
  const auto known = accelgen::prepare_generation({spec, "accelgen.yaml", "2.14", "/usr", std::nullopt});
  auto file = [](const accelgen::Generation& g, const std::string& path) {
    for (const auto& f : g.inputs.files) {
      if (f.path == path) return f.content;
    }
    return std::string();
  };
  const std::string hooks = file(beyond, "csrc/hooks.h");
  EXPECT_THAT(hooks, HasSubstr("torch " + next_release() + ")."));
  EXPECT_THAT(hooks, HasSubstr("// torch " + next_release() + " is newer than accelgen knows: generated for the torch " +
                               accelgen::contract::max_supported_version().to_string() + " contract"));
  EXPECT_THAT(file(known, "csrc/hooks.h"), ::testing::Not(HasSubstr("newer than accelgen knows")));
  EXPECT_THAT(file(beyond, "README.md"), HasSubstr("is newer than the newest release accelgen knew"));
  EXPECT_EQ(beyond.inputs.manifest.torch_max, next_release());
  // Every C++ probe of the knowledge base is in the configure-time probes; the newest known release has none.
  const std::string probes = file(beyond, "cmake/torch_features.cmake");
  int cxx = 0;
  for (const auto& [id, feature] : accelgen::version_knowledge().features()) {
    if (feature.probe.kind != accelgen::contract::Probe::Kind::Cxx) continue;
    ++cxx;
    EXPECT_THAT(probes, HasSubstr("MYDEVICE_TORCH_HAS_" + [&] {
      std::string upper = id;
      for (auto& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      return upper;
    }())) << id;
  }
  EXPECT_GT(cxx, 10);
  EXPECT_THAT(file(known, "cmake/torch_features.cmake"), ::testing::Not(HasSubstr("MYDEVICE_TORCH_HAS_")));
}

// init, generate and upgrade --to as a user runs them.
TEST(BeyondKnowledge, InitGenerateAndUpgradeKeepTheTargetOnceTheInstalledTorchWasGiven) {
  TempDir tmp;
  const fs::path next = installed_torch(tmp.path() / "next", next_release() + ".0");
  const std::string dir = " --dir " + tmp.path().string();
  const auto refused = run_accelgen("init refused --torch " + next_release() + dir);
  EXPECT_EQ(refused.status, 1) << refused.output;
  EXPECT_THAT(refused.output, HasSubstr("--torch auto --torch-prefix"));
  EXPECT_FALSE(fs::exists(tmp.path() / "refused"));

  const auto init = run_accelgen("init nextdev --torch " + next_release() + " --torch-prefix " + next.string() + dir);
  ASSERT_EQ(init.status, 0) << init.output;
  EXPECT_THAT(init.output, HasSubstr("is newer than accelgen knows"));
  const fs::path tree = tmp.path() / "nextdev";
  EXPECT_THAT(read_text(tree / "accelgen.yaml"), HasSubstr("torch: \"" + next_release() + "\""));
  // No prefix now: the tree records the target.
  const auto again = run_accelgen("generate " + tree.string());
  EXPECT_EQ(again.status, 0) << again.output;
  EXPECT_THAT(again.output, HasSubstr("Up to date: nothing to change (torch " + next_release() + ")"));

  const auto old_init = run_accelgen("init olddev --torch 2.14" + dir);
  ASSERT_EQ(old_init.status, 0) << old_init.output;
  const fs::path old_tree = tmp.path() / "olddev";
  const auto no_prefix = run_accelgen("upgrade " + old_tree.string() + " --to " + next_release());
  EXPECT_EQ(no_prefix.status, 1) << no_prefix.output;
  EXPECT_THAT(no_prefix.output, HasSubstr("--to: error: torch " + next_release() + " is newer"));
  const auto upgrade = run_accelgen("upgrade " + old_tree.string() + " --to auto --torch-prefix " + next.string());
  EXPECT_EQ(upgrade.status, 0) << upgrade.output;
  EXPECT_THAT(upgrade.output, HasSubstr("no change of it is known"));
  EXPECT_THAT(upgrade.output, HasSubstr("`accelgen contract-diff " + next.string() + " --backend "));
  EXPECT_THAT(read_text(old_tree / "accelgen.yaml"), HasSubstr("torch: \"" + next_release() + "\""));
  EXPECT_THAT(read_text(old_tree / "csrc/guard.h"), HasSubstr("is newer than accelgen knows"));
  EXPECT_EQ(run_accelgen("generate " + old_tree.string()).status, 0);

  // Planning with guide: the same rule.
  const auto guide_refused = run_accelgen("guide --from 2.14 --to " + next_release());
  EXPECT_EQ(guide_refused.status, 1) << guide_refused.output;
  EXPECT_THAT(guide_refused.output, HasSubstr("--to: error: torch " + next_release() + " is newer"));
  const auto guide = run_accelgen("guide --from 2.14 --to " + next_release() + " --torch-prefix " + next.string());
  EXPECT_EQ(guide.status, 0) << guide.output;
  EXPECT_THAT(guide.output, HasSubstr("torch 2.14 -> " + next_release()));
  EXPECT_THAT(guide.output, HasSubstr("`accelgen contract-diff " + next.string() + "` compares its headers"));
}

}  // namespace
