// The generator's folders include one another in one direction only (README.md "Layout"): the spec reader produces
// the typed model, model/ and contract/ know nothing of the spec file, base/ (diagnostics, word wrap) knows nothing
// of any stage. A new include across folders must be allowed here, on purpose.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>

#include "test_support.h"

namespace accelgen {
namespace {

// Each folder of generator/ and the folders it may include from (besides itself).
const std::map<std::string, std::set<std::string>> kAllowed = {
    {"base", {}},
    {"embed", {}},
    {"model", {"base", "embed"}},
    {"contract", {"base", "embed", "model"}},
    {"spec", {"base", "contract", "model"}},
    {"plan", {"base", "contract", "embed", "model"}},
    {"render", {"base", "contract", "embed", "model", "plan"}},
    {"merge", {"base"}},
    {"output", {"base", "embed", "merge", "model", "plan", "render", "spec"}},
    {"guide", {"base", "contract", "embed", "merge", "model", "output", "plan", "render", "spec"}},
    // contract_diff/ reads a backend tree (backend_uses.h) as the upgrade guide does: its manifest and its user code,
    // and finds identifiers in it as the operator catalog's kernel code does (model/kernel_signature.h).
    {"contract_diff", {"base", "contract", "embed", "guide", "model", "output"}},
    {"cli", {"base", "contract", "contract_diff", "embed", "guide", "merge", "model", "output", "plan", "render",
             "spec"}},
};

TEST(Layering, IncludesBetweenGeneratorFoldersGoOneWay) {
  const std::filesystem::path root = std::filesystem::path(ACCELGEN_SOURCE_DIR) / "generator";
  const std::regex include(R"re(^\s*#\s*include\s*"([a-z_]+)/)re");
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(root)) {
    if (!entry.is_directory() || entry.path().filename() == "cmake") continue;
    const std::string folder = entry.path().filename().string();
    const auto allowed = kAllowed.find(folder);
    ASSERT_NE(allowed, kAllowed.end()) << "generator/" << folder << "/ is a new folder: add it to kAllowed";
    for (const auto& file : std::filesystem::directory_iterator(entry.path())) {
      const std::string text = testing_support::read_text(file.path());
      std::size_t start = 0;
      int line_number = 0;
      while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        ++line_number;
        std::smatch m;
        if (std::regex_search(line, m, include) && std::filesystem::is_directory(root / m[1].str())) {
          const std::string target = m[1];
          EXPECT_TRUE(target == folder || allowed->second.count(target))
              << "generator/" << folder << "/" << file.path().filename().string() << ":" << line_number
              << " includes " << target << "/, which " << folder << "/ may not depend on";
          ++checked;
        }
        start = end + 1;
      }
    }
  }
  EXPECT_GT(checked, 100);
}

}  // namespace
}  // namespace accelgen
