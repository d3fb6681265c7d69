// Every path a document names exists: accelgen's own documents (README.md, docs/*.md) name files of the repository
// or of a generated tree, and a generated tree's files name files of that same tree.
//
// What counts as a path mention (a word with a `/`; a bare file name such as `driver.cc` is not a path):
//   - in Markdown, outside fenced code blocks (which hold commands): an inline code span that is one word of path
//     characters (letters, digits, `_ . - / < > { } , *`) containing a `/`;
//   - in the comments of other generated files (`//` and `#` lines): a word of those characters containing a `/`
//     whose first folder is a top-level entry of the tree (`csrc/`, `src/`, `tests/`, `third_party/`...) or `docs/`.
// Not mentions: words whose first folder is a placeholder or lies outside the repository and the tree (PyTorch's
// sources `torch/`, `c10/`, `ATen/`; an install prefix `PREFIX/`, `<build>/`, `.../`; the user's `mydevice/`; run
// output: the lists kOutside and kTransient below), words right after "torch's " (PyTorch's `third_party/gloo`),
// and folders with a dot inside their name (`torch.accelerator.a/b` is not a path).
// How a mention resolves:
//   - it exists when some file or folder of the searched root ends with it at a folder boundary (`plan/x.cc`
//     matches `generator/plan/x.cc`; a trailing `/` asks for a folder), except that a mention starting with a top-level entry of the root must match
//     from the root (`csrc/driver/README.md` means exactly that file);
//   - placeholders match any one name or part of a name: `<...>`, `*`, upper-case words (`NAME`, `PKG`), `__name__`
//     and `__package__`; `{a,b}` expands and every alternative must exist (`csrc/hooks.{h,cc}`);
//   - a mention right after "accelgen's " (accelgen's `examples/opencl/`, accelgen's docs/porting.md) names the
//     repository, wherever it appears; other mentions in a generated file name that tree; a mention in accelgen's
//     documents may name the repository or a freshly generated tree (default or custom runtime).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "spec_variants.h"
#include "test_support.h"

namespace accelgen {
namespace {

using testing_support::every_capability_off;
using testing_support::operators_bridged;
using testing_support::read_text;
using testing_support::run_accelgen;
using testing_support::run_command;
using testing_support::shell_quoted;
using testing_support::TempDir;
using testing_support::write_text;
namespace fs = std::filesystem;

const fs::path kSource = ACCELGEN_SOURCE_DIR;

const std::vector<std::string> kExtensions = {".md",   ".h",    ".cc",   ".py",   ".sh",      ".cmake",
                                              ".yaml", ".toml", ".txt",  ".json", ".mustache"};
// First segments of paths outside the repository and the tree: PyTorch's and system sources, the user's folders.
// First folders of words that are not paths of the repository or a tree: PyTorch's and other projects' sources, the
// user's folders and build folders (Python's `__pycache__/` too: a fresh clone has none), run-time output.
const std::set<std::string> kOutside = {"torch",  "c10",         "ATen",   "aten",      "caffe2", "site-packages",
                                        "gloo",   "pybind11",    "fmt",    "kineto",    "venv",   ".venv",
                                        "build",  "build-fuzz",  ".git",   "mydevice",  "otherdevice",
                                        "junit",  "logs",        "http:",  "https:",    "accelgen-upgrade-guidance",
                                        "__pycache__"};
// Paths that exist only while a run is in progress (`.accelgen/txn`), or in trees of older accelgen versions
// (`.accelgen/pristine`), and the built extension module (`_C<EXT_SUFFIX>`).
const std::vector<std::string> kTransient = {".accelgen/txn", ".accelgen/pristine", "txn/", "pristine/", "/_C<"};

struct Mention {
  std::string path;
  int line = 0;
  bool accelgens = false;  // right after "accelgen's ": names accelgen's repository
};

bool has_word_character(const std::string& token) {
  return std::any_of(token.begin(), token.end(), [](unsigned char c) { return std::isalnum(c); });
}

bool placeholder_segment(const std::string& segment) {
  static const std::regex placeholder(R"((<[^>]*>|\.\.\.|[A-Z][A-Z_]+|__name__|__package__)(/)?)");
  return std::regex_match(segment, placeholder);
}

// Whether a word is a path mention (rules at the top), given the line it is on and where.
bool path_mention(const std::string& token, const std::string& line, std::size_t at) {
  static const std::regex shape(R"([A-Za-z0-9_.<>{},*/-]+)");
  if (!std::regex_match(token, shape) || token.find('/') == std::string::npos || !has_word_character(token)) {
    return false;
  }
  if (token.starts_with("/") || token.starts_with("-") || token.starts_with("./") || token.starts_with("../")) {
    return false;
  }
  const std::string first = token.substr(0, token.find('/'));
  if (kOutside.count(first) > 0 || placeholder_segment(first)) return false;
  for (const auto& transient : kTransient) {
    if (token.starts_with(transient) || (transient.starts_with("/") && token.find(transient) != std::string::npos)) {
      return false;
    }
  }
  const std::string folders = token.substr(0, token.rfind('/'));
  for (std::size_t dot = folders.find('.'); dot != std::string::npos; dot = folders.find('.', dot + 1)) {
    if (dot > 0 && folders[dot - 1] != '/') return false;  // a dotted name as a folder: not a path
  }
  const std::string marker = "torch's ";
  return !(at >= marker.size() && line.compare(at - marker.size(), marker.size(), marker) == 0);
}

bool after_accelgens(const std::string& line, std::size_t at) {
  const std::string marker = "accelgen's ";
  return at >= marker.size() && line.compare(at - marker.size(), marker.size(), marker) == 0;
}

// The inline code spans of a Markdown text that are paths, outside fenced code blocks.
std::vector<Mention> markdown_mentions(const std::string& text) {
  std::vector<Mention> mentions;
  std::istringstream in(text);
  std::string line;
  bool fenced = false;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(' ') != std::string::npos && line.substr(line.find_first_not_of(' ')).starts_with("```")) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    for (std::size_t open = line.find('`'); open != std::string::npos;) {
      const std::size_t close = line.find('`', open + 1);
      if (close == std::string::npos) break;
      const std::string token = line.substr(open + 1, close - open - 1);
      if (path_mention(token, line, open)) mentions.push_back({token, number, after_accelgens(line, open)});
      open = line.find('`', close + 1);
    }
  }
  return mentions;
}

// The path words in the comments of a source file (C++ `//`, or `#` for CMake, YAML, Python, shell).
std::vector<Mention> comment_mentions(const std::string& text, const std::set<std::string>& roots) {
  static const std::regex word(R"([A-Za-z0-9_.<>{},*-]+(/[A-Za-z0-9_.<>{},*-]*)+)");
  std::vector<Mention> mentions;
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::size_t comment = line.find("// ");
    if (comment == std::string::npos) comment = line.find("# ");
    if (comment == std::string::npos) continue;
    const std::string body = line.substr(comment);
    for (auto it = std::sregex_iterator(body.begin(), body.end(), word); it != std::sregex_iterator(); ++it) {
      std::string token = it->str();
      while (!token.empty() && (token.back() == '.' || token.back() == ',')) token.pop_back();
      const std::size_t at = comment + static_cast<std::size_t>(it->position());
      const std::string first = token.substr(0, token.find('/'));
      if ((roots.count(first) == 0 && first != "docs") || !path_mention(token, line, at)) continue;
      mentions.push_back({token, number, after_accelgens(line, at)});
    }
  }
  return mentions;
}

// `{a,b}` expanded into one path per alternative.
std::vector<std::string> expand_braces(const std::string& path) {
  const std::size_t open = path.find('{');
  const std::size_t close = path.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return {path};
  std::vector<std::string> expanded;
  std::istringstream alternatives(path.substr(open + 1, close - open - 1));
  std::string alternative;
  while (std::getline(alternatives, alternative, ',')) {
    for (const auto& rest : expand_braces(path.substr(close + 1))) {
      expanded.push_back(path.substr(0, open) + alternative + rest);
    }
  }
  return expanded;
}

// The files and folders of a root (folders with a trailing `/`), relative to it, without .git and build folders.
class PathIndex {
 public:
  // Every file and folder under `root` (a generated tree).
  explicit PathIndex(const fs::path& root) {
    for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
      const std::string name = it->path().filename().string();
      if (name == ".git" || (name == "build" && it.depth() == 0)) {
        it.disable_recursion_pending();
        continue;
      }
      const std::string relative = fs::relative(it->path(), root).string();
      paths_.push_back(it->is_directory() ? relative + "/" : relative);
      if (it.depth() == 0) top_level_.insert(name);
    }
  }

  // The repository's files as a clean clone has them: git's tracked and untracked-but-not-ignored files, so that a
  // build folder or a benchmark's tree beside the sources (build-*/, ignored) never makes a mention look resolved.
  // Outside a git checkout (a source archive), every file under `root`.
  static PathIndex of_repository(const fs::path& root) {
    const auto listed = run_command("git -C " + shell_quoted(root.string()) +
                                    " ls-files --cached --others --exclude-standard");
    if (listed.status != 0) return PathIndex(root);
    PathIndex index;
    std::set<std::string> folders;
    std::istringstream lines(listed.output);
    for (std::string file; std::getline(lines, file);) {
      if (file.empty() || !fs::exists(root / file)) continue;  // a tracked file deleted in the working tree
      index.paths_.push_back(file);
      index.top_level_.insert(file.substr(0, file.find('/')));
      for (std::size_t slash = file.find('/'); slash != std::string::npos; slash = file.find('/', slash + 1)) {
        folders.insert(file.substr(0, slash + 1));
      }
    }
    index.paths_.insert(index.paths_.end(), folders.begin(), folders.end());
    return index;
  }

  bool has(const std::string& mention) const {
    for (const auto& path : expand_braces(mention)) {
      const std::string first = path.substr(0, path.find('/'));
      const std::regex pattern((top_level_.count(first) > 0 ? "^" : "(^|/)") + pattern_of(path) + "/?$");
      if (std::none_of(paths_.begin(), paths_.end(), [&](const std::string& p) { return std::regex_search(p, pattern); })) {
        return false;
      }
    }
    return true;
  }

  const std::set<std::string>& top_level() const { return top_level_; }

 private:
  PathIndex() = default;

  // A regular expression for a mention: placeholders match within one name, a folder mention matches a folder.
  static std::string pattern_of(const std::string& path) {
    static const std::regex placeholders(R"(<[^>]*>|\*|__name__|__package__|(^|[^A-Za-z])[A-Z][A-Z_]+(?![a-z]))");
    std::string pattern;
    std::size_t at = 0;
    for (auto it = std::sregex_iterator(path.begin(), path.end(), placeholders); it != std::sregex_iterator(); ++it) {
      const std::size_t start = static_cast<std::size_t>(it->position());
      std::string match = it->str();
      std::size_t kept = 0;  // a non-letter the upper-case alternative consumed before the word
      if (!match.empty() && !std::isupper(static_cast<unsigned char>(match[0])) && match[0] != '<' &&
          match[0] != '*' && match[0] != '_') {
        kept = 1;
      }
      pattern += escape(path.substr(at, start + kept - at)) + "[^/]*";
      at = start + match.size();
    }
    return pattern + escape(path.substr(at));
  }

  static std::string escape(const std::string& text) {
    static const std::regex special(R"([.^$|()\[\]{}*+?\\])");
    return std::regex_replace(text, special, R"(\$&)");
  }

  std::vector<std::string> paths_;
  std::set<std::string> top_level_;
};


// Every `capabilities.X: true` line of a spec's capabilities block set to false.
// Freshly generated trees of device `mydevice`: `init` for the default spec; the default spec with `runtime:
// custom` written into an empty folder and `generate`d; `init --runtime custom` (which also starts with events,
// pinned memory, graphs and the profiler off); the default spec with every capability off; `init` for the range 2.6 to
// 2.14; and the default spec with the CPU-bridged operators out of operators.native (its csrc/ops/cpu_bridge.cc).
class GeneratedTrees : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    ASSERT_EQ(run_accelgen("init mydevice --torch 2.14 --dir " + dir_->path().string()).status, 0);
    const std::string default_spec = read_text(default_tree() / "accelgen.yaml");
    std::string spec = default_spec;
    const std::string from = "runtime: accelsim";
    ASSERT_NE(spec.find(from), std::string::npos);
    spec.replace(spec.find(from), from.size(), "runtime: custom");
    write_text(custom_tree() / "accelgen.yaml", spec);
    const auto generated = run_accelgen("generate " + custom_tree().string());
    ASSERT_EQ(generated.status, 0) << generated.output;
    const auto custom_init = run_accelgen("init mydevice --torch 2.14 --runtime custom --dir " +
                                          (dir_->path() / "custom-init").string());
    ASSERT_EQ(custom_init.status, 0) << custom_init.output;
    ASSERT_NE(read_text(custom_init_tree() / "accelgen.yaml").find("pinned_memory: false"), std::string::npos);
    const std::string all_off = every_capability_off(default_spec);
    ASSERT_EQ(all_off.find(": true "), std::string::npos) << all_off;
    write_text(all_off_tree() / "accelgen.yaml", all_off);
    const auto generated_all_off = run_accelgen("generate " + all_off_tree().string());
    ASSERT_EQ(generated_all_off.status, 0) << generated_all_off.output;
    const auto range = run_accelgen("init mydevice --torch 2.6:2.14 --dir " + (dir_->path() / "range").string());
    ASSERT_EQ(range.status, 0) << range.output;
    write_text(bridged_tree() / "accelgen.yaml", operators_bridged(default_spec));
    const auto bridged = run_accelgen("generate " + bridged_tree().string());
    ASSERT_EQ(bridged.status, 0) << bridged.output;
    ASSERT_TRUE(fs::exists(bridged_tree() / "csrc/ops/cpu_bridge.cc"));
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static fs::path default_tree() { return dir_->path() / "mydevice"; }
  static fs::path custom_tree() { return dir_->path() / "custom" / "mydevice"; }
  static fs::path custom_init_tree() { return dir_->path() / "custom-init" / "mydevice"; }
  static fs::path all_off_tree() { return dir_->path() / "all-off" / "mydevice"; }
  static fs::path range_tree() { return dir_->path() / "range" / "mydevice"; }
  static fs::path bridged_tree() { return dir_->path() / "bridged" / "mydevice"; }

  // Every mention in a tree's documents and comments that does not exist where it points, as file:line: path.
  static std::vector<std::string> missing_in_tree(const fs::path& tree) {
    const PathIndex tree_paths(tree);
    const PathIndex repository = PathIndex::of_repository(kSource);
    std::vector<std::string> missing;
    for (const auto& entry : fs::recursive_directory_iterator(tree)) {
      if (!entry.is_regular_file()) continue;
      const std::string relative = fs::relative(entry.path(), tree).string();
      if (relative.starts_with(".accelgen/") || relative.starts_with("third_party/")) continue;
      const std::string ext = entry.path().extension().string();
      const std::string text = read_text(entry.path());
      std::vector<Mention> mentions;
      if (ext == ".md") {
        mentions = markdown_mentions(text);
      } else if (ext == ".h" || ext == ".cc" || ext == ".cmake" || ext == ".yaml" || ext == ".py" ||
                 entry.path().filename() == "CMakeLists.txt") {
        mentions = comment_mentions(text, tree_paths.top_level());
      }
      for (const auto& m : mentions) {
        if (m.accelgens ? repository.has(m.path) : tree_paths.has(m.path)) continue;
        missing.push_back(relative + ":" + std::to_string(m.line) + ": " + (m.accelgens ? "accelgen's " : "") + m.path);
      }
    }
    return missing;
  }

  static TempDir* dir_;
};

TempDir* GeneratedTrees::dir_ = nullptr;

std::string describe(const std::vector<std::string>& missing) {
  std::string text;
  for (const auto& m : missing) text += "  " + m + "\n";
  return text;
}

TEST_F(GeneratedTrees, DefaultTreeNamesOnlyItsOwnFiles) {
  const auto missing = missing_in_tree(default_tree());
  EXPECT_TRUE(missing.empty()) << "paths named in the generated tree that it does not have:\n" << describe(missing);
}

TEST_F(GeneratedTrees, CustomRuntimeTreeNamesOnlyItsOwnFiles) {
  const auto missing = missing_in_tree(custom_tree());
  EXPECT_TRUE(missing.empty()) << "paths named in the generated tree that it does not have:\n" << describe(missing);
}

// What `accelgen init NAME --runtime custom` writes: the README lists only the files this spec generates (no
// csrc/host_allocator.{h,cc} without pinned memory, for instance).
TEST_F(GeneratedTrees, CustomRuntimeInitTreeNamesOnlyItsOwnFiles) {
  const auto missing = missing_in_tree(custom_init_tree());
  EXPECT_TRUE(missing.empty()) << "paths named in the generated tree that it does not have:\n" << describe(missing);
}

TEST_F(GeneratedTrees, EveryCapabilityOffTreeNamesOnlyItsOwnFiles) {
  const auto missing = missing_in_tree(all_off_tree());
  EXPECT_TRUE(missing.empty()) << "paths named in the generated tree that it does not have:\n" << describe(missing);
}

// A tree for a range of torch releases carries the probe machinery (cmake/torch_features.cmake, generated/)
// that a single-release tree leaves out; its documents name only what it has too.
TEST_F(GeneratedTrees, TorchRangeTreeNamesOnlyItsOwnFiles) {
  const auto missing = missing_in_tree(range_tree());
  EXPECT_TRUE(missing.empty()) << "paths named in the generated tree that it does not have:\n" << describe(missing);
}

TEST_F(GeneratedTrees, TreeWithBridgedOperatorsNamesOnlyItsOwnFiles) {
  const auto missing = missing_in_tree(bridged_tree());
  EXPECT_TRUE(missing.empty()) << "paths named in the generated tree that it does not have:\n" << describe(missing);
}

TEST_F(GeneratedTrees, EveryTreeCarriesItsPortingGuide) {
  const std::string accelsim_guide = read_text(default_tree() / "csrc/driver/README.md");
  const std::string custom_guide = read_text(custom_tree() / "csrc/driver/README.md");
  for (const std::string& guide : {accelsim_guide, custom_guide}) {
    EXPECT_NE(guide.find("## Stage 1"), std::string::npos);
    EXPECT_NE(guide.find("host_accessible_memory = false"), std::string::npos);
  }
  EXPECT_NE(accelsim_guide.find("ACCELSIM_HOST_ACCESS=0"), std::string::npos);
  EXPECT_EQ(custom_guide.find("ACCELSIM_HOST_ACCESS"), std::string::npos);
  EXPECT_NE(custom_guide.find("returns `Status::not_implemented`"), std::string::npos);
  // The tree's README and driver.h send the reader to it.
  for (const auto& tree : {default_tree(), custom_tree()}) {
    EXPECT_NE(read_text(tree / "README.md").find("csrc/driver/README.md"), std::string::npos) << tree;
  }
}

TEST_F(GeneratedTrees, AccelgenDocumentsNameExistingPaths) {
  const PathIndex repository = PathIndex::of_repository(kSource);
  const std::vector<PathIndex> trees = {PathIndex(default_tree()), PathIndex(custom_tree()), PathIndex(range_tree()),
                                        PathIndex(bridged_tree())};
  std::vector<fs::path> documents = {kSource / "README.md"};
  for (const auto& entry : fs::directory_iterator(kSource / "docs")) {
    if (entry.path().extension() == ".md") documents.push_back(entry.path());
  }
  std::vector<std::string> missing;
  for (const auto& document : documents) {
    for (const auto& m : markdown_mentions(read_text(document))) {
      const auto has_it = [&](const PathIndex& tree) { return tree.has(m.path); };
      const bool in_a_tree = !m.accelgens && std::any_of(trees.begin(), trees.end(), has_it);
      if (repository.has(m.path) || in_a_tree) continue;
      missing.push_back(fs::relative(document, kSource).string() + ":" + std::to_string(m.line) + ": " + m.path);
    }
  }
  EXPECT_TRUE(missing.empty()) << "paths named in accelgen's documents that do not exist:\n" << describe(missing);
}

// The rule itself, on examples.
TEST(DocumentationPaths, MarkdownMentionsAreCodeSpansWithASlash) {
  const auto mentions = markdown_mentions(
      "See `csrc/driver/driver.h`, `accelgen generate`, `driver.cc` and accelgen's `docs/porting.md`.\n"
      "```sh\nscripts/demo.sh\n```\n`torch/csrc/Module.cpp` `x.to(\"dev\")` `PREFIX/include` torch's `third_party/gloo`\n"
      "`torch.accelerator.a/b` `*/`\n");
  ASSERT_EQ(mentions.size(), 2u);
  EXPECT_EQ(mentions[0].path, "csrc/driver/driver.h");
  EXPECT_FALSE(mentions[0].accelgens);
  EXPECT_EQ(mentions[1].path, "docs/porting.md");
  EXPECT_TRUE(mentions[1].accelgens);
  EXPECT_EQ(mentions[1].line, 1);
}

TEST(DocumentationPaths, CommentMentionsStartAtATopLevelEntry) {
  const auto mentions = comment_mentions(
      "int a = b/c;\n// the kernels (csrc/ops/launch.h), host/device copies, accelgen's docs/porting.md.\n",
      {"csrc"});
  ASSERT_EQ(mentions.size(), 2u);
  EXPECT_EQ(mentions[0].path, "csrc/ops/launch.h");
  EXPECT_EQ(mentions[1].path, "docs/porting.md");
  EXPECT_TRUE(mentions[1].accelgens);
}

TEST(DocumentationPaths, MentionsResolveWithPlaceholdersAndFromTheirTopLevelEntry) {
  TempDir dir;
  write_text(dir.path() / "csrc/kernels/add.cc", "");
  write_text(dir.path() / "csrc/hooks.h", "");
  write_text(dir.path() / "src/torch_dev/_compile/kernels.py", "");
  write_text(dir.path() / "generator/plan/render.cc", "");
  {
    const PathIndex index(dir.path());
    EXPECT_TRUE(index.has("csrc/kernels/<function>.cc"));
    EXPECT_TRUE(index.has("csrc/kernels/*.cc"));
    EXPECT_TRUE(index.has("csrc/kernels/"));
    EXPECT_FALSE(index.has("csrc/ops/<family>.cc"));
    EXPECT_FALSE(index.has("csrc/hooks.{h,cc}"));
    EXPECT_TRUE(index.has("src/PKG/_compile/kernels.py"));
    EXPECT_TRUE(index.has("src/__package__/_compile/"));
    EXPECT_TRUE(index.has("_compile/kernels.py"));  // a folder and file inside the tree, named from their folder
    EXPECT_TRUE(index.has("plan/render.cc"));
    EXPECT_FALSE(index.has("kernels/add.cc/"));     // a folder mention needs a folder
    EXPECT_FALSE(index.has("hooks.h/x"));
    EXPECT_FALSE(index.has("plan/render.cc.x"));
    EXPECT_FALSE(index.has("ops/launch.h"));
  }
  write_text(dir.path() / "csrc/hooks.cc", "");
  EXPECT_TRUE(PathIndex(dir.path()).has("csrc/hooks.{h,cc}"));
  // A mention from a top-level entry is matched from the root only.
  write_text(dir.path() / "generator/csrc/ops/launch.h", "");
  EXPECT_FALSE(PathIndex(dir.path()).has("csrc/ops/launch.h"));
}

}  // namespace
}  // namespace accelgen
