// The generated Python package: its src layout (src/torch_NAME/) and the carrying over of trees generated with
// the earlier layout (torch_NAME/ at the backend's root: every file moves to its new place, the user's own files
// as they are and the user's edits of generated files merged, nothing of the user's lost or left in use at the old
// place), and the `test` extra that lists what the generated tests import beyond torch.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "output/manifest.h"
#include "output/tree_writer.h"
#include "render/backend_renderer.h"
#include "output/generation.h"
#include "test_support.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing_support::CommandResult;
using testing_support::read_text;
using testing_support::run_accelgen;
using testing_support::run_command;
using testing_support::snapshot;
using testing_support::TempDir;
using testing_support::write_text;
namespace fs = std::filesystem;

// --- update_tree with a synthetic move: pkg/ -> src/pkg/ ---

TreeInputs inputs(FileSet files, std::map<std::string, std::string> moved_from = {}) {
  TreeInputs in;
  in.files = std::move(files);
  in.spec_file = "accelgen.yaml";
  in.spec_content = "spec\n";
  in.manifest.accelgen_version = "test";
  in.manifest.torch_min = in.manifest.torch_max = "2.14";
  in.moved_from = std::move(moved_from);
  return in;
}

const std::string kInit = "line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\n";
const std::string kUser = "# yours\n";

FileSet old_layout() {
  return {{"pkg/__init__.py", kInit, FileOwner::Generated},
          {"pkg/user.py", kUser, FileOwner::User},
          {"pkg/device.py", "device\n", FileOwner::Generated},
          {"setup.py", "setup()\n", FileOwner::Generated}};
}

/// The same backend in the new layout; `init` is the new output of __init__.py.
FileSet new_layout(const std::string& init = kInit) {
  return {{"src/pkg/__init__.py", init, FileOwner::Generated},
          {"src/pkg/user.py", kUser, FileOwner::User},
          {"src/pkg/device.py", "device\n", FileOwner::Generated},
          {"setup.py", "setup()\n", FileOwner::Generated}};
}

const std::map<std::string, std::string> kMoves = {
    {"src/pkg/__init__.py", "pkg/__init__.py"}, {"src/pkg/user.py", "pkg/user.py"}, {"src/pkg/device.py", "pkg/device.py"}};

/// Update options whose merge base is a re-render of the recorded inputs: the new layout's paths.
UpdateOptions with_base(const FileSet& rendered, bool dry_run = false) {
  UpdateOptions options;
  options.dry_run = dry_run;
  options.render_recorded = [rendered](const std::string&, const Manifest&) { return rendered; };
  return options;
}

const TreeChange* change_for(const TreeReport& report, const std::string& path) {
  for (const auto& c : report.changes) {
    if (c.path == path) return &c;
  }
  return nullptr;
}

std::map<std::string, std::string> state(const fs::path& dir) {
  auto files = snapshot(dir);
  files.erase(".accelgen/lock");
  return files;
}

TEST(SrcLayoutMove, UsersFileAndEditsMoveToTheNewPlaceAndTheOldFilesAreGone) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(old_layout()));
  write_text(dir / "pkg/user.py", kUser + "def mine(): return 42\n");
  write_text(dir / "pkg/__init__.py", "line 1 # mine\n" + kInit.substr(7));
  const std::string new_init = kInit.substr(0, kInit.size() - 7) + "line 8 (new)\n";

  const TreeReport report = update_tree(dir, inputs(new_layout(new_init), kMoves), with_base(new_layout()));
  EXPECT_FALSE(report.has_conflicts()) << report.describe();
  // The user's own file moves as it is; the edited generated file is merged at its new place.
  EXPECT_EQ(read_text(dir / "src/pkg/user.py"), kUser + "def mine(): return 42\n");
  EXPECT_EQ(read_text(dir / "src/pkg/__init__.py"), "line 1 # mine\n" + new_init.substr(7));
  EXPECT_EQ(read_text(dir / "src/pkg/device.py"), "device\n");
  for (const char* old : {"pkg/user.py", "pkg/__init__.py", "pkg/device.py"}) EXPECT_FALSE(fs::exists(dir / old)) << old;

  ASSERT_NE(change_for(report, "src/pkg/user.py"), nullptr) << report.describe();
  EXPECT_EQ(change_for(report, "src/pkg/user.py")->action, TreeChange::Action::Move);
  EXPECT_EQ(change_for(report, "src/pkg/__init__.py")->action, TreeChange::Action::Merge);
  EXPECT_THAT(report.describe(), HasSubstr("move       src/pkg/user.py (moved from pkg/user.py)"));
  EXPECT_THAT(report.describe(), HasSubstr("merge      src/pkg/__init__.py (moved from pkg/__init__.py)"));
  EXPECT_THAT(report.describe(), HasSubstr("What else is left in pkg/ "));

  // The manifest now knows the new paths only; the next run has nothing to do.
  const Manifest manifest = Manifest::from_json(read_text(dir / kManifestPath), "manifest");
  EXPECT_TRUE(manifest.files.contains("src/pkg/user.py"));
  EXPECT_EQ(manifest.files.at("src/pkg/user.py").owner, FileOwner::User);
  EXPECT_FALSE(manifest.files.contains("pkg/user.py"));
  const TreeReport again =
      update_tree(dir, inputs(new_layout(new_init), kMoves), with_base(new_layout(new_init)));
  EXPECT_TRUE(again.changes.empty()) << again.describe();
  EXPECT_TRUE(again.notes.empty());
}

TEST(SrcLayoutMove, ADryRunListsTheMovesAndWritesNothing) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(old_layout()));
  write_text(dir / "pkg/user.py", kUser + "x = 1\n");
  const auto before = state(dir);
  const TreeReport report = update_tree(dir, inputs(new_layout(), kMoves), with_base(new_layout(), true));
  EXPECT_THAT(report.describe(), HasSubstr("move       src/pkg/user.py (moved from pkg/user.py)"));
  EXPECT_EQ(state(dir), before);
}

TEST(SrcLayoutMove, AUserFileDeletedAtTheOldPlaceStaysDeleted) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(old_layout()));
  fs::remove(dir / "pkg/user.py");
  update_tree(dir, inputs(new_layout(), kMoves), with_base(new_layout()));
  EXPECT_FALSE(fs::exists(dir / "src/pkg/user.py"));
  EXPECT_FALSE(fs::exists(dir / "pkg/user.py"));
}

TEST(SrcLayoutMove, AUserFileAlreadyAtTheNewPlaceWinsAndTheOldOneIsKeptAndNamed) {
  // The user moved user.py by hand and left a copy behind: the new place's file is used; the old one is the user's
  // and is kept, listed with the place the backend uses now.
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(old_layout()));
  write_text(dir / "pkg/user.py", kUser + "old = 1\n");
  write_text(dir / "src/pkg/user.py", kUser + "new = 1\n");
  const TreeReport report = update_tree(dir, inputs(new_layout(), kMoves), with_base(new_layout()));
  EXPECT_EQ(read_text(dir / "src/pkg/user.py"), kUser + "new = 1\n");
  EXPECT_EQ(read_text(dir / "pkg/user.py"), kUser + "old = 1\n");
  ASSERT_NE(change_for(report, "pkg/user.py"), nullptr) << report.describe();
  EXPECT_EQ(change_for(report, "pkg/user.py")->action, TreeChange::Action::KeepStale);
  EXPECT_THAT(report.describe(), HasSubstr("pkg/user.py (the backend uses src/pkg/user.py)"));
}

TEST(SrcLayoutMove, AnUnresolvedConflictMovesWithItsMarkers) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(old_layout()));
  // An earlier run left a conflict in pkg/__init__.py.
  write_text(dir / "pkg/__init__.py", "line 1 (user)\n" + kInit.substr(7));
  FileSet conflicting = old_layout();
  conflicting[0].content = "line 1 (generator)\n" + kInit.substr(7);
  ASSERT_TRUE(update_tree(dir, inputs(conflicting), with_base(old_layout())).has_conflicts());
  const std::string markers = read_text(dir / "pkg/__init__.py");

  const TreeReport report = update_tree(dir, inputs(new_layout(), kMoves), with_base(new_layout()));
  EXPECT_EQ(report.conflicts(), std::vector<std::string>{"src/pkg/__init__.py"});
  EXPECT_EQ(read_text(dir / "src/pkg/__init__.py"), markers);
  EXPECT_FALSE(fs::exists(dir / "pkg/__init__.py"));
  const Manifest manifest = Manifest::from_json(read_text(dir / kManifestPath), "manifest");
  EXPECT_TRUE(manifest.files.at("src/pkg/__init__.py").conflicted);
}

TEST(SrcLayoutMove, ATreeWithoutTheOldPathsIsNotTouchedByTheMoveTable) {
  TempDir tmp;
  const fs::path dir = tmp.path() / "dev";
  write_new_tree(dir, inputs(new_layout()));
  write_text(dir / "pkg/user.py", "a file of the user's that happens to be named like the old place\n");
  const TreeReport report = update_tree(dir, inputs(new_layout(), kMoves), with_base(new_layout()));
  EXPECT_TRUE(report.changes.empty()) << report.describe();
  EXPECT_TRUE(fs::exists(dir / "pkg/user.py"));
}

// --- the real generator ---

TEST(SrcLayout, ThePythonPackageIsRenderedUnderSrc) {
  const Generation generation = prepare_generation(
      {read_text(fs::path(ACCELGEN_SOURCE_DIR) / "generated_example/accelgen.yaml"), "accelgen.yaml", "", "/usr", std::nullopt});
  std::size_t package_files = 0;
  for (const auto& f : generation.inputs.files) {
    EXPECT_FALSE(f.path.starts_with("torch_mydevice/")) << f.path;
    if (f.path.starts_with("src/torch_mydevice/")) {
      ++package_files;
      // Every package file is known at its earlier place, so an old tree is carried over.
      EXPECT_EQ(generation.inputs.moved_from.at(f.path), f.path.substr(4));
    }
  }
  EXPECT_GT(package_files, 10u);
  EXPECT_EQ(generation.inputs.moved_from.size(), package_files);
  const auto find = [&](const std::string& path) -> const std::string& {
    for (const auto& f : generation.inputs.files) {
      if (f.path == path) return f.content;
    }
    ADD_FAILURE() << path << " is not generated";
    static const std::string none;
    return none;
  };
  EXPECT_THAT(find("pyproject.toml"), HasSubstr("package-dir = {\"\" = \"src\"}"));
  EXPECT_THAT(find("CMakeLists.txt"), HasSubstr("${CMAKE_CURRENT_SOURCE_DIR}/src/torch_mydevice"));
  EXPECT_THAT(find(".gitignore"), HasSubstr("src/torch_mydevice/_C*.so"));
  EXPECT_THAT(find("README.md"), HasSubstr("src/torch_mydevice/user.py"));
  EXPECT_THAT(find("README.md"), Not(HasSubstr("| `torch_mydevice/")));
}

TEST(TestExtra, ListsEveryModuleTheGeneratedTestsImportBeyondTorchAndTheStandardLibrary) {
  const Generation generation = prepare_generation(
      {read_text(fs::path(ACCELGEN_SOURCE_DIR) / "generated_example/accelgen.yaml"), "accelgen.yaml", "", "/usr", std::nullopt});
  TempDir tmp;
  std::string test_files;
  for (const auto& f : generation.inputs.files) {
    write_text(tmp.path() / f.path, f.content);
    if (f.path.starts_with("tests/") && f.path.ends_with(".py")) test_files += " " + (tmp.path() / f.path).string();
  }
  // The extra (pyproject.toml), the list conftest.py checks, and the top-level modules the tests import that are
  // neither the standard library nor torch nor the backend (nor the tests' own conftest).
  const std::string check = R"(
import ast, sys, tomllib
extra = tomllib.load(open(sys.argv[1], "rb"))["project"]["optional-dependencies"]["test"]
conftest = ast.parse(open(sys.argv[2], encoding="utf-8").read())
checked = next(ast.literal_eval(node.value) for node in conftest.body
               if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "TEST_REQUIREMENTS")
imported = set()
for path in sys.argv[2:]:
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read(), path)):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            imported.add(node.module.split(".")[0])
imported -= set(sys.stdlib_module_names) | {"torch", "torch_mydevice", "conftest"}
print("extra:", " ".join(sorted(extra)))
print("checked:", " ".join(sorted(checked)))
print("imported:", " ".join(sorted(imported)))
)";
  write_text(tmp.path() / "check.py", check);
  const CommandResult r = run_command("python3 " + (tmp.path() / "check.py").string() + " " +
                                      (tmp.path() / "pyproject.toml").string() + " " +
                                      (tmp.path() / "tests/conftest.py").string() + test_files);
  ASSERT_EQ(r.status, 0) << r.output;
  // pytest runs the tests; PyTorch's test harness (torch.testing._internal) needs expecttest and numpy, which a pip
  // torch does not bring. conftest.py checks those two (pytest itself is running when it does).
  EXPECT_THAT(r.output, HasSubstr("extra: expecttest numpy pytest\n"));
  EXPECT_THAT(r.output, HasSubstr("checked: expecttest numpy\n"));
  // Imported directly: pytest only. A new third-party import in a test template belongs in the extra (and in
  // conftest.py's TEST_REQUIREMENTS).
  EXPECT_THAT(r.output, HasSubstr("imported: pytest\n"));
}

TEST(TestExtra, TheConftestStopsTheRunWithOneMessageNamingTheExtra) {
  const Generation generation = prepare_generation(
      {read_text(fs::path(ACCELGEN_SOURCE_DIR) / "generated_example/accelgen.yaml"), "accelgen.yaml", "", "/usr", std::nullopt});
  for (const auto& f : generation.inputs.files) {
    if (f.path != "tests/conftest.py") continue;
    EXPECT_THAT(f.content, HasSubstr("pytest.exit("));
    EXPECT_THAT(f.content, HasSubstr("pip install 'torch_mydevice[test]'"));
    EXPECT_THAT(f.content, HasSubstr("returncode=pytest.ExitCode.NO_TESTS_COLLECTED"));
    return;
  }
  ADD_FAILURE() << "no tests/conftest.py";
}

/// Rewrites a tree generated now into the layout earlier accelgen versions wrote: the package at the root.
void to_earlier_layout(const fs::path& dir) {
  fs::rename(dir / "src/torch_mydevice", dir / "torch_mydevice");
  fs::remove(dir / "src");
  auto manifest = nlohmann::ordered_json::parse(read_text(dir / kManifestPath));
  nlohmann::ordered_json files = nlohmann::ordered_json::object();
  for (auto& [path, entry] : manifest["files"].items()) {
    files[path.starts_with("src/torch_mydevice/") ? path.substr(4) : path] = entry;
  }
  manifest["files"] = files;
  manifest["embedded_fingerprint"] = "earlier";  // not this build's output: no fast path
  write_text(dir / kManifestPath, manifest.dump(2));
}

TEST(SrcLayout, RegeneratingATreeOfTheEarlierLayoutKeepsTheUsersCodeAndEdits) {
  TempDir tmp;
  CommandResult r = run_accelgen("init mydevice --torch 2.14 --dir " + tmp.path().string());
  ASSERT_EQ(r.status, 0) << r.output;
  const fs::path dir = tmp.path() / "mydevice";
  to_earlier_layout(dir);
  const std::string user_py = read_text(dir / "torch_mydevice/user.py") + "\ndef my_glue():\n    return 7\n";
  write_text(dir / "torch_mydevice/user.py", user_py);
  const std::string init_py = read_text(dir / "torch_mydevice/__init__.py") + "\nMY_EDIT = 1\n";
  write_text(dir / "torch_mydevice/__init__.py", init_py);
  write_text(dir / "torch_mydevice/_C.cpython-313-x86_64-linux-gnu.so", "built in place\n");

  r = run_accelgen("generate --dry-run " + dir.string());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("move       src/torch_mydevice/user.py (moved from torch_mydevice/user.py)"));
  EXPECT_TRUE(fs::exists(dir / "torch_mydevice/user.py"));

  r = run_accelgen("generate " + dir.string());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("move       src/torch_mydevice/user.py (moved from torch_mydevice/user.py)"));
  EXPECT_THAT(r.output, HasSubstr("What else is left in torch_mydevice/ "));
  EXPECT_EQ(read_text(dir / "src/torch_mydevice/user.py"), user_py);
  EXPECT_EQ(read_text(dir / "src/torch_mydevice/__init__.py"), init_py);
  // No Python file is left at the old place, so the folder cannot shadow the installed package; what accelgen
  // never wrote (an extension module built in place) is left for the user, as the note says.
  for (const auto& [path, content] : snapshot(dir / "torch_mydevice")) {
    EXPECT_FALSE(path.ends_with(".py")) << path;
  }
  EXPECT_TRUE(fs::exists(dir / "torch_mydevice/_C.cpython-313-x86_64-linux-gnu.so"));

  r = run_accelgen("generate " + dir.string());
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("Up to date"));
}

}  // namespace
}  // namespace accelgen
