// contract-diff: libclang extraction and comparison of the PrivateUse1 contract headers.
//
// ContractDiffSynthetic runs on two small hand-written header trees. ContractDiffRootfs runs on the real torch 2.6
// and 2.14 root filesystems (scripts/torch-rootfs.sh) when ACCELGEN_CONTRACT_OLD and ACCELGEN_CONTRACT_NEW name
// them; ctest runs it as e2e.contract_diff_rootfs (tests/e2e/CMakeLists.txt). Its expected list is
// tests/generator/golden/contract-diff-2.6-2.14.list; rewrite it with
//   ACCELGEN_UPDATE_GOLDENS=1 ACCELGEN_CONTRACT_OLD=... ACCELGEN_CONTRACT_NEW=... accelgen_tests --gtest_filter='ContractDiffRootfs*'
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>

#include "contract/knowledge_base.h"
#include "contract/torch_version.h"
#include "contract_diff/backend_uses.h"
#include "contract_diff/contract_diff.h"
#include "contract_diff/snapshot_file.h"
#include "plan/version_knowledge.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
namespace cd = accelgen::contract_diff;
using accelgen::testing_support::read_text;
using accelgen::testing_support::TempDir;
using accelgen::testing_support::write_text;

const fs::path kSourceDir = ACCELGEN_SOURCE_DIR;

// A minimal libtorch-like tree: include/torch, the hooks and guard headers, DispatchKey and ATen.h.
void write_tree(const fs::path& prefix, bool is_new) {
  const fs::path inc = prefix / "include";
  write_text(inc / "torch/csrc/api/include/torch/version.h",
             std::string("#define TORCH_VERSION_MAJOR 2\n#define TORCH_VERSION_MINOR ") + (is_new ? "14" : "6") +
                 "\n#define TORCH_VERSION_PATCH 1\n");
  write_text(inc / "ATen/ATen.h", std::string("#pragma once\n#if !defined(_MSC_VER) && __cplusplus < ") +
                                      (is_new ? "202002L" : "201703L") + "\n#error C++ too old\n#endif\n");
  write_text(inc / "ATen/detail/AcceleratorHooksInterface.h",
             std::string("#pragma once\n") + (is_new ? "#if !defined(TORCH_STABLE_ONLY)\n" : "") +
                 "#include <cstddef>\nnamespace at {\nstruct AcceleratorHooksInterface {\n"
                 "  virtual ~AcceleratorHooksInterface() = default;\n"
                 "  virtual bool hasPrimaryContext(signed char device_index) const = 0;\n" +
                 (is_new ? "  virtual bool isAvailable() const { return false; }\n" : "") +
                 "  virtual std::size_t deviceCount() const { return 0; }\n"
                 "};\n}  // namespace at\n" +
                 (is_new ? "#else\n#error stable\n#endif\n" : ""));
  write_text(inc / "c10/core/impl/DeviceGuardImplInterface.h",
             std::string("#pragma once\nnamespace c10 { struct Stream {}; namespace impl {\n"
                         "struct DeviceGuardImplInterface {\n"
                         "  virtual Stream getStream(int d) const ") +
                 (is_new ? "" : "noexcept ") + "= 0;\n" +
                 "  virtual bool is_contiguous_custom() const" + (is_new ? " { return true; }\n" : " = 0;\n") +
                 "};\n}}\n");
  write_text(inc / "c10/core/DispatchKey.h",
             std::string("#pragma once\nnamespace c10 {\nenum class DispatchKey : unsigned char {\n  Undefined = 0,\n  CPU,\n") +
                 (is_new ? "  MAIA,\n" : "  Named,\n") + "  PrivateUse1,\n};\n}\n");
  write_text(inc / "torch/csrc/profiler/standalone/privateuse1_observer.h",
             is_new ? "#pragma once\n#define REGISTER_PRIVATEUSE1_OBSERVER(cb) static int x = (cb(), 0)\n"
                    : "#pragma once\n#define REGISTER_PRIVATEUSE1_OBSERVER(name, fn) static int x = (name(fn), 0)\n");
  write_text(inc / "ATen/core/CachingHostAllocator.h",
             is_new ? "#pragma once\nnamespace at { struct Allocator {}; struct HostAllocator : Allocator { virtual void empty_cache() = 0; };\n"
                      "template <typename T, void (*deleter)(void*)> struct CachingHostAllocatorInterface : public HostAllocator {}; }\n"
                    : "#pragma once\nnamespace at { struct Allocator {};\n"
                      "template <typename T> struct CachingHostAllocatorInterface : public Allocator {}; }\n");
  if (!is_new) write_text(inc / "ATen/core/Dimname.h", "#pragma once\nnamespace at { struct Dimname { int x; }; }\n");
}

TEST(ContractDiffSynthetic, FindsVirtualsEnumsMacrosGuardsHeadersAndTemplates) {
  TempDir tmp;
  write_tree(tmp.path() / "old", false);
  write_tree(tmp.path() / "new", true);
  const auto a = cd::extract(tmp.path() / "old");
  const auto b = cd::extract(tmp.path() / "new");
  EXPECT_EQ(a.error_count, 0) << (a.errors.empty() ? "" : a.errors.front());
  EXPECT_EQ(b.error_count, 0) << (b.errors.empty() ? "" : b.errors.front());
  EXPECT_EQ(a.torch_version, "2.6.1");
  EXPECT_EQ(b.torch_version, "2.14.1");
  ASSERT_TRUE(a.items.count("virtual:c10::impl::DeviceGuardImplInterface::getStream"));
  EXPECT_EQ(a.items.at("virtual:c10::impl::DeviceGuardImplInterface::getStream").detail,
            "c10::Stream getStream(int) const noexcept = 0");

  const auto kb = accelgen::contract::KnowledgeBase::load(
      "schema_version: 1\nchanges:\n"
      "  - id: hooks-available\n    component: hooks\n    newest_without: \"2.6\"\n    oldest_with: \"2.14\"\n"
      "    kind: runtime-error\n"
      "    summary: s\n    explanation: e\n    generated_change: g\n    user_action: \"\"\n"
      "    references: [\"docs/torch-contract-changes.md#hooks\"]\n"
      "    contract_items: [\"virtual:at::AcceleratorHooksInterface::isAvailable\", \"header:ATen/core/Dimname.h\"]\n",
      "kb.yaml");
  const auto d = cd::diff(a, b, kb);
  std::map<std::string, const cd::ItemChange*> by_id;
  for (const auto& c : d.changes) by_id[c.id] = &c;
  auto expect = [&](const std::string& id, cd::ItemChange::Kind kind) {
    ASSERT_TRUE(by_id.count(id)) << "missing " << id << "\n" << cd::render_list(d);
    EXPECT_EQ(by_id[id]->kind, kind) << id;
  };
  using K = cd::ItemChange::Kind;
  expect("virtual:at::AcceleratorHooksInterface::isAvailable", K::Added);
  expect("virtual:c10::impl::DeviceGuardImplInterface::getStream", K::Changed);
  EXPECT_EQ(by_id["virtual:c10::impl::DeviceGuardImplInterface::getStream"]->note, "loses noexcept");
  expect("virtual:c10::impl::DeviceGuardImplInterface::is_contiguous_custom", K::Changed);  // no longer pure
  expect("enum:c10::DispatchKey::Named", K::Removed);
  expect("enum:c10::DispatchKey::MAIA", K::Added);
  expect("enum:c10::DispatchKey", K::Changed);
  expect("macro:REGISTER_PRIVATEUSE1_OBSERVER", K::Changed);
  EXPECT_NE(by_id["macro:REGISTER_PRIVATEUSE1_OBSERVER"]->note.find("(name, fn) -> (cb)"), std::string::npos);
  expect("guard:TORCH_STABLE_ONLY", K::Added);
  expect("cxx-gate:ATen/ATen.h", K::Changed);
  EXPECT_EQ(by_id["cxx-gate:ATen/ATen.h"]->new_detail, "requires C++20 (__cplusplus >= 202002L)");
  expect("header:ATen/core/Dimname.h", K::Removed);
  expect("class:at::Dimname", K::Removed);
  expect("class:at::HostAllocator", K::Added);
  expect("virtual:at::HostAllocator::empty_cache", K::Added);
  expect("class:at::CachingHostAllocatorInterface", K::Changed);
  EXPECT_NE(by_id["class:at::CachingHostAllocatorInterface"]->new_detail.find("template <typename T, void (*)(void *) deleter>"),
            std::string::npos)
      << by_id["class:at::CachingHostAllocatorInterface"]->new_detail;
  EXPECT_FALSE(by_id.count("field:at::Dimname::x")) << "fields of a removed class are folded into it";
  EXPECT_FALSE(by_id.count("virtual:at::AcceleratorHooksInterface::deviceCount")) << "unchanged";

  // Explained: listed directly, or through the header the item lives in.
  EXPECT_EQ(by_id["virtual:at::AcceleratorHooksInterface::isAvailable"]->explained_by,
            std::vector<std::string>{"hooks-available"});
  EXPECT_EQ(by_id["class:at::Dimname"]->explained_by, std::vector<std::string>{"hooks-available"});
  EXPECT_TRUE(by_id["guard:TORCH_STABLE_ONLY"]->explained_by.empty());
  EXPECT_EQ(d.unexplained(), static_cast<int>(d.changes.size()) - 3);

  const std::string text = cd::render_text(d, false);
  EXPECT_NE(text.find("Contract diff: torch 2.6.1 -> 2.14.1"), std::string::npos);
  EXPECT_NE(text.find("+ added   TORCH_STABLE_ONLY [new]"), std::string::npos) << text;
  EXPECT_NE(text.find("(hooks-available)"), std::string::npos) << text;
  EXPECT_NE(cd::render_json(d).find("\"schema\": \"accelgen-contract-diff/1\""), std::string::npos);
}

TEST(ContractDiffSynthetic, RejectsTreesWithoutTorchHeaders) {
  TempDir tmp;
  try {
    cd::extract(tmp.path());
    FAIL() << "extract accepted a tree without torch headers";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    for (const char* looked_for : {"include/torch and include/ATen", "/usr (a root filesystem)", "/torch (site-packages)",
                                   "/lib/python3.*/site-packages/torch (a virtual environment)"}) {
      EXPECT_NE(message.find(looked_for), std::string::npos) << looked_for << " not in: " << message;
    }
  }
}

// A pip wheel keeps the headers in site-packages/torch/include and names its build in torch/version.py; the same
// tree is found from the torch package, the site-packages directory and the virtual environment holding it.
TEST(ContractDiffSynthetic, ReadsAPipWheelFromItsPackageSitePackagesOrVirtualEnvironment) {
  TempDir tmp;
  const fs::path site = tmp.path() / "venv/lib/python3.14/site-packages";
  // An unnamed union is spelt by its location, which must not carry the per-run private include directory.
  const std::string capability = "#pragma once\nnamespace c10 {\nstruct DeviceCapability {\n"
                                 "  union { unsigned bits; } capability_data;\n};\n}\n";
  for (const fs::path& torch : {site / "torch", tmp.path() / "prefix"}) {
    write_tree(torch, true);
    write_text(torch / "include/c10/core/DeviceCapability.h", capability);
  }
  write_text(site / "torch/__init__.py", "");
  write_text(site / "torch/version.py", "__version__ = '2.14.1+cpu'\ndebug = False\n");
  const auto prefix = cd::extract(tmp.path() / "prefix");
  EXPECT_EQ(prefix.layout, "installation prefix");
  EXPECT_EQ(prefix.torch_version, "2.14.1");
  ASSERT_TRUE(prefix.items.count("field:c10::DeviceCapability::capability_data"));
  EXPECT_EQ(prefix.items.at("field:c10::DeviceCapability::capability_data").detail,
            "union (unnamed union at c10/core/DeviceCapability.h:4:3)");

  const std::vector<std::pair<fs::path, std::string>> layouts{{site / "torch", "torch package (pip wheel)"},
                                                              {site, "site-packages"},
                                                              {tmp.path() / "venv", "virtual environment"}};
  for (const auto& [given, layout] : layouts) {
    const auto wheel = cd::extract(given);
    EXPECT_EQ(wheel.layout, layout) << given;
    EXPECT_EQ(wheel.prefix, site / "torch") << given;
    EXPECT_EQ(wheel.torch_version, "2.14.1+cpu") << given;
    EXPECT_EQ(wheel.error_count, 0) << (wheel.errors.empty() ? "" : wheel.errors.front());
    const auto d = cd::diff(prefix, wheel, accelgen::version_knowledge());
    EXPECT_TRUE(d.changes.empty()) << "the wheel holds the same headers as the prefix:\n" << cd::render_list(d);
  }
}

std::string use_list(const cd::ItemChange& change) {
  std::string text;
  for (const auto& use : change.uses) text += use.path + ":" + std::to_string(use.line) + " " + use.text + "\n";
  return text;
}

// ------------------------------------------------------------------------------------------------ snapshot files

// The committed snapshot of the newest release the knowledge base knows.
fs::path committed_snapshot() {
  return kSourceDir / "knowledge" /
         ("contract-snapshot-" + accelgen::contract::max_supported_version().to_string() + ".json");
}

TEST(ContractSnapshotFile, RoundTripsAndComparesLikeTheTreeItWasMadeOf) {
  TempDir tmp;
  write_tree(tmp.path() / "old", false);
  write_tree(tmp.path() / "new", true);
  const auto old_tree = cd::extract(tmp.path() / "old");
  const auto new_tree = cd::extract(tmp.path() / "new");
  write_text(tmp.path() / "old.json", cd::snapshot_to_json(old_tree));
  const auto old_file = cd::load_snapshot(tmp.path() / "old.json");
  EXPECT_EQ(cd::snapshot_to_json(old_file), cd::snapshot_to_json(old_tree));  // nothing lost, same bytes
  EXPECT_EQ(cd::snapshot_to_json(old_tree).find(tmp.path().string()), std::string::npos) << "no machine path";
  const auto& kb = accelgen::version_knowledge();
  EXPECT_EQ(cd::render_list(cd::diff(old_file, new_tree, kb)), cd::render_list(cd::diff(old_tree, new_tree, kb)));
  EXPECT_TRUE(cd::diff(old_file, old_tree, kb).changes.empty());
  EXPECT_TRUE(cd::is_snapshot_file(tmp.path() / "old.json"));
  EXPECT_FALSE(cd::is_snapshot_file(tmp.path() / "old"));
}

TEST(ContractSnapshotFile, BadFilesAreRefusedWithTheirPosition) {
  TempDir tmp;
  write_text(tmp.path() / "broken.json", "{\n  \"schema\": \"accelgen-contract-snapshot/1\",\n  \"torch\" 2\n}\n");
  try {
    cd::load_snapshot(tmp.path() / "broken.json");
    ADD_FAILURE() << "a file that is not JSON was read";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("broken.json:3:"), std::string::npos) << e.what();
  }
  write_text(tmp.path() / "other.json", "{\"schema\": \"accelgen-contract-diff/1\"}\n");
  try {
    cd::load_snapshot(tmp.path() / "other.json");
    ADD_FAILURE() << "a file of another schema was read";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("accelgen-contract-snapshot/1"), std::string::npos) << e.what();
  }
}

// The committed snapshot is the contract of the newest known release: the interfaces the backend implements are
// in it, with their header and line.
TEST(ContractSnapshotFile, TheCommittedSnapshotHoldsTheNewestKnownContract) {
  const auto snapshot = cd::load_snapshot(committed_snapshot());
  EXPECT_EQ(snapshot.torch_version.rfind(accelgen::contract::max_supported_version().to_string() + ".", 0), 0u)
      << snapshot.torch_version;
  EXPECT_EQ(snapshot.error_count, 0);
  for (const std::string id : {"virtual:at::PrivateUse1HooksInterface::isAvailable",
                               "virtual:c10::impl::DeviceGuardImplInterface::getStream", "class:c10::DeviceAllocator",
                               "class:at::GraphImplInterface", "macro:REGISTER_HOST_ALLOCATOR"}) {
    const auto it = snapshot.items.find(id);
    ASSERT_NE(it, snapshot.items.end()) << id;
    EXPECT_FALSE(it->second.file.empty()) << id;
    EXPECT_GT(it->second.line, 0) << id;
  }
}

// ------------------------------------------------------------------------------------------------ backend uses

// Each change names the files of a generated backend that use the declaration, generated or the user's, and what
// to do; a change the backend does not use names none.
TEST(ContractDiffBackendUses, NameTheGeneratedAndUserFilesEachChangeTouches) {
  TempDir tmp;
  write_tree(tmp.path() / "old", false);
  write_tree(tmp.path() / "new", true);
  const auto init = accelgen::testing_support::run_accelgen("init mydevice --torch 2.14 --dir " +
                                                            (tmp.path() / "backend").string());
  ASSERT_EQ(init.status, 0) << init.output;
  const fs::path tree = tmp.path() / "backend" / "mydevice";
  write_text(tree / "csrc/user/observer.cc",
             "// REGISTER_PRIVATEUSE1_OBSERVER(name, fn) registers mine.\nREGISTER_PRIVATEUSE1_OBSERVER(name, fn);\n");
  // The PrivateUse1 hooks: a new pure virtual in the newer tree, and the accelerator hooks they derive from.
  for (const bool is_new : {false, true}) {
    write_text(tmp.path() / (is_new ? "new" : "old") / "include/ATen/detail/PrivateUse1HooksInterface.h",
               std::string("#pragma once\n#include <ATen/detail/AcceleratorHooksInterface.h>\nnamespace at {\n"
                           "struct PrivateUse1HooksInterface : public AcceleratorHooksInterface {\n") +
                   (is_new ? "  virtual bool isBuilt() const = 0;\n" : "") + "};\n}\n");
  }
  const auto newer = cd::extract(tmp.path() / "new");
  auto d = cd::diff(cd::extract(tmp.path() / "old"), newer, accelgen::version_knowledge());
  cd::attach_backend_uses(d, newer, tree);
  std::map<std::string, const cd::ItemChange*> by_id;
  for (const auto& c : d.changes) by_id[c.id] = &c;
  auto paths = [&](const std::string& id) {
    std::set<std::string> found;
    for (const auto& use : by_id.at(id)->uses) found.insert(use.path + (use.generated ? " generated" : " yours"));
    return found;
  };
  ASSERT_TRUE(by_id.count("virtual:c10::impl::DeviceGuardImplInterface::getStream"));
  EXPECT_TRUE(paths("virtual:c10::impl::DeviceGuardImplInterface::getStream").count("csrc/guard.h generated"))
      << cd::render_text(d, false);
  EXPECT_NE(by_id["virtual:c10::impl::DeviceGuardImplInterface::getStream"]->action.find("signature changed"),
            std::string::npos);
  // A new pure virtual reaches the class that implements the interface ...
  ASSERT_TRUE(by_id.count("virtual:at::PrivateUse1HooksInterface::isBuilt")) << cd::render_list(d);
  EXPECT_TRUE(paths("virtual:at::PrivateUse1HooksInterface::isBuilt").count("csrc/hooks.h generated"))
      << cd::render_text(d, false);
  EXPECT_NE(by_id["virtual:at::PrivateUse1HooksInterface::isBuilt"]->action.find("pure virtual"), std::string::npos);
  // ... and one added to a base class reaches the classes that derive from it through the interface.
  EXPECT_TRUE(paths("virtual:at::AcceleratorHooksInterface::isAvailable").count("csrc/hooks.h generated"))
      << cd::render_text(d, false);
  // The user's own use of a macro whose parameters changed (its comment line is not a use).
  EXPECT_TRUE(paths("macro:REGISTER_PRIVATEUSE1_OBSERVER").count("csrc/user/observer.cc yours"))
      << cd::render_text(d, false);
  for (const auto& use : by_id["macro:REGISTER_PRIVATEUSE1_OBSERVER"]->uses) {
    if (use.path == "csrc/user/observer.cc") {
      EXPECT_EQ(use.line, 2);
    }
  }
  // Nothing of the backend names the removed DispatchKey::Named.
  ASSERT_TRUE(by_id.count("enum:c10::DispatchKey::Named"));
  EXPECT_TRUE(by_id["enum:c10::DispatchKey::Named"]->uses.empty()) << use_list(*by_id["enum:c10::DispatchKey::Named"]);
  EXPECT_EQ(d.backend, tree.string());
  const std::string text = cd::render_text(d, false);
  EXPECT_NE(text.find("in: csrc/user/observer.cc:2 (yours): REGISTER_PRIVATEUSE1_OBSERVER(name, fn);"),
            std::string::npos) << text;
  EXPECT_NE(cd::render_json(d).find("\"owner\": \"yours\""), std::string::npos);
  EXPECT_NE(cd::render_markdown(d).find("## What the backend in"), std::string::npos);
}

TEST(ContractDiffBackendUses, ATreeWithoutAManifestIsRefused) {
  TempDir tmp;
  write_text(tmp.path() / "plain/a.cc", "int x;\n");
  cd::ContractDiff d;
  try {
    cd::attach_backend_uses(d, cd::Snapshot{}, tmp.path() / "plain");
    ADD_FAILURE() << "a tree without a manifest was read as a backend";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("not a generated backend"), std::string::npos) << e.what();
  }
}

// ------------------------------------------------------------------------------------------------ real trees

// The committed snapshot is what its regeneration command writes from the torch 2.14 headers.
TEST(ContractDiffRootfs, TheCommittedSnapshotIsWhatTheNewestTreeDeclares) {
  const char* new_prefix = std::getenv("ACCELGEN_CONTRACT_NEW");
  if (!new_prefix) GTEST_SKIP() << "set ACCELGEN_CONTRACT_NEW to the torch 2.14 root filesystem";
  const auto tree = cd::extract(new_prefix);
  const auto committed = cd::load_snapshot(committed_snapshot());
  if (tree.torch_version != committed.torch_version) {
    GTEST_SKIP() << "the root filesystem holds torch " << tree.torch_version << ", the snapshot was made from "
                 << committed.torch_version << ": regenerate it with accelgen contract-diff --snapshot " << new_prefix
                 << " -o " << committed_snapshot().string();
  }
  EXPECT_EQ(cd::snapshot_to_json(tree), read_text(committed_snapshot()))
      << "regenerate it: accelgen contract-diff --snapshot " << new_prefix << " -o " << committed_snapshot().string();
}


TEST(ContractDiffRootfs, TwoRootFilesystemsMatchTheExpectedList) {
  const char* old_prefix = std::getenv("ACCELGEN_CONTRACT_OLD");
  const char* new_prefix = std::getenv("ACCELGEN_CONTRACT_NEW");
  if (!old_prefix || !new_prefix) {
    GTEST_SKIP() << "set ACCELGEN_CONTRACT_OLD and ACCELGEN_CONTRACT_NEW to the torch 2.6 and 2.14 root filesystems "
                    "(ctest -L e2e -R contract_diff does)";
  }
  const auto a = cd::extract(old_prefix);
  const auto b = cd::extract(new_prefix);
  EXPECT_EQ(a.error_count, 0) << (a.errors.empty() ? "" : a.errors.front());
  EXPECT_EQ(b.error_count, 0) << (b.errors.empty() ? "" : b.errors.front());
  EXPECT_EQ(a.torch_version.substr(0, 4), "2.6.");
  EXPECT_EQ(b.torch_version.substr(0, 5), "2.14.");
  const auto d = cd::diff(a, b, accelgen::version_knowledge());
  std::map<std::string, const cd::ItemChange*> by_id;
  for (const auto& c : d.changes) by_id[c.id] = &c;

  // Every header-visible item of the delta document's ranked summary (§0), and how it changed.
  using K = cd::ItemChange::Kind;
  const std::vector<std::pair<std::string, K>> ranked{
      {"cxx-gate:ATen/ATen.h", K::Changed},                                              // #1 C++20
      {"virtual:at::AcceleratorHooksInterface::isAvailable", K::Added},                  // #2
      {"virtual:at::AcceleratorHooksInterface::isBuilt", K::Added},
      {"virtual:at::PrivateUse1HooksInterface::isAvailable", K::Added},
      {"virtual:at::PrivateUse1HooksInterface::isBuilt", K::Added},
      {"class:c10::DeviceAllocator", K::Added},                                          // #4
      {"virtual:c10::DeviceAllocator::initialized", K::Added},
      {"virtual:c10::DeviceAllocator::emptyCache", K::Added},
      {"virtual:c10::DeviceAllocator::recordStream", K::Added},
      {"virtual:c10::DeviceAllocator::getDeviceStats", K::Added},
      {"virtual:c10::DeviceAllocator::resetAccumulatedStats", K::Added},
      {"virtual:c10::DeviceAllocator::resetPeakStats", K::Added},
      {"class:at::HostAllocator", K::Added},                                             // #5
      {"macro:REGISTER_HOST_ALLOCATOR", K::Added},
      {"function:at::getHostAllocator(at::DeviceType)", K::Added},
      {"class:at::CachingHostAllocatorInterface", K::Changed},                          // #6
      {"macro:DECLARE_HOST_ALLOCATOR", K::Added},
      {"virtual:at::PrivateUse1HooksInterface::getNewGenerator", K::Added},              // #7
      {"virtual:c10::impl::DeviceGuardImplInterface::getStream", K::Changed},           // #8
      {"virtual:c10::impl::DeviceGuardImplInterface::exchangeStream", K::Changed},
      {"virtual:c10::impl::DeviceGuardImplInterface::getStreamNativeHandle", K::Added},
      {"virtual:c10::impl::DeviceGuardImplInterface::isStreamCapturing", K::Added},
      {"virtual:c10::impl::DeviceGuardImplInterface::getDeviceCapability", K::Added},
      {"class:at::GraphImplInterface", K::Added},                                        // #9
      {"macro:REGISTER_GRAPH_IMPL", K::Added},
      {"guard:TORCH_STABLE_ONLY", K::Added},                                             // #10
      {"guard:TORCH_TARGET_VERSION", K::Added},
      {"header:ATen/core/Dimname.h", K::Removed},                                        // #11
      {"enum:c10::DispatchKey::Named", K::Removed},
      {"virtual:c10::TensorImpl::is_contiguous_custom", K::Removed},                     // #12
      {"virtual:c10::TensorImpl::is_non_overlapping_and_dense_custom", K::Removed},
      {"virtual:c10::TensorImpl::sym_is_contiguous_custom", K::Added},
      {"virtual:c10::TensorImpl::sym_is_non_overlapping_and_dense_custom", K::Added},
      {"macro:REGISTER_PRIVATEUSE1_OBSERVER", K::Changed},                               // #13
      {"enum:c10::BackendComponent::MAIABit", K::Added},                                 // #16 ABI
      {"enum:c10::BackendComponent", K::Changed},
      {"enum:c10::DispatchKey", K::Changed},
      {"field:at::native::DispatchStubImpl::hpu_dispatch_ptr", K::Added},
      {"function:at::accelerator::getAccelerator(bool)", K::Added},
  };
  for (const auto& [id, kind] : ranked) {
    ASSERT_TRUE(by_id.count(id)) << "ranked-summary item not found: " << id;
    EXPECT_EQ(by_id[id]->kind, kind) << id;
    EXPECT_FALSE(by_id[id]->explained_by.empty()) << id << " is in the ranked summary but no KB change explains it";
  }
  EXPECT_EQ(by_id["virtual:c10::impl::DeviceGuardImplInterface::getStream"]->note, "loses noexcept");
  EXPECT_NE(by_id["virtual:c10::TensorImpl::is_contiguous_custom"]->note.find("no longer virtual"), std::string::npos);
  EXPECT_NE(by_id["macro:REGISTER_PRIVATEUSE1_OBSERVER"]->note.find("(name, fn) -> (cb)"), std::string::npos);

  // The whole list, committed.
  const fs::path golden = kSourceDir / "tests/generator/golden/contract-diff-2.6-2.14.list";
  std::string list;
  for (const auto& c : d.changes) list += to_string(c.kind) + " " + c.id + (c.explained_by.empty() ? " [new]" : "") + "\n";
  const char* update = std::getenv("ACCELGEN_UPDATE_GOLDENS");
  if (update && std::string(update) == "1") {
    write_text(golden, list);
    return;
  }
  EXPECT_EQ(read_text(golden), list)
      << "the contract diff of the two root filesystems changed; if intended, run ACCELGEN_UPDATE_GOLDENS=1 "
         "ACCELGEN_CONTRACT_OLD=" << old_prefix << " ACCELGEN_CONTRACT_NEW=" << new_prefix
      << " build/tests/generator/accelgen_tests --gtest_filter='ContractDiffRootfs*' and review the golden diff";
}

}  // namespace
