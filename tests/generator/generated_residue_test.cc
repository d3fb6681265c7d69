// What a generator decided at generation time stays out of the generated code (issue 34's residue): no
// `(void)x;` for a name the function already used or for a parameter it could leave unnamed, no TORCH_LIBRARY_IMPL
// block with nothing to register, no two blank lines in a row in C++ or CMake code (the separator of a section the
// spec turned off), no module-level Python constant `_NAME = True` (or False) that the module then branches on.
// Checked on freshly generated trees for several specs: the default one, every capability off, the custom runtime,
// a range of torch releases, and operators left to the CPU bridge. No macro that only renames outside an #if: in a
// tree whose releases agree, the generated code spells the names themselves.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "spec_variants.h"
#include "test_support.h"
#include "unused_code.h"

namespace accelgen {
namespace {

using testing_support::every_capability_off;
using testing_support::IncludeGraph;
using testing_support::operators_bridged;
using testing_support::read_text;
using testing_support::run_accelgen;
using testing_support::TempDir;
using testing_support::unused_helpers;
using testing_support::write_text;
namespace fs = std::filesystem;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The code of a C++ line, without its `//` comment (string literals holding "//" are rare enough to ignore).
std::string code_of(const std::string& line) {
  const auto comment = line.find("//");
  return comment == std::string::npos ? line : line.substr(0, comment);
}

bool uses_word(const std::string& code, const std::string& name) {
  return std::regex_search(code, std::regex("(^|[^A-Za-z0-9_])" + name + "($|[^A-Za-z0-9_])"));
}

// A function (or other definition) starts at a line in column 0 that is not a comment, a preprocessor line, a
// brace or a namespace; its body starts after the first of its lines that ends with `{`.
bool starts_definition(const std::string& line) {
  if (line.empty() || std::isspace(static_cast<unsigned char>(line[0]))) return false;
  return !line.starts_with("//") && !line.starts_with("#") && !line.starts_with("}") && !line.starts_with("{") &&
         !line.starts_with("namespace") && !line.starts_with("/*") && !line.starts_with(" *");
}

// `(void)NAME;` where NAME was used earlier in the same function body ("file:line: NAME"), or where NAME is a
// parameter of the function that its body uses nowhere else, so that leaving it unnamed would do ("file:line:
// NAME, an unused parameter").
std::vector<std::string> void_casts(const std::string& file, const std::vector<std::string>& lines) {
  static const std::regex void_cast(R"(^\s*\(void\)\s*([A-Za-z_][A-Za-z0-9_]*)\s*;)");
  std::vector<std::string> found;
  std::size_t start = lines.size();  // the first line of the current definition
  std::size_t body = lines.size();   // the first line of its body
  bool in_signature = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (starts_definition(line)) {
      in_signature = true;
      start = i;
      body = lines.size();
    }
    if (in_signature && code_of(line).find('{') != std::string::npos) {
      in_signature = false;
      body = i + 1;
    }
    std::smatch m;
    if (!std::regex_search(line, m, void_cast) || body > i) continue;
    const std::string name = m[1].str();
    const auto used_in = [&](std::size_t from, std::size_t to) {
      for (std::size_t j = from; j < to; ++j) {
        if (j != i && uses_word(code_of(lines[j]), name)) return true;
      }
      return false;
    };
    if (used_in(body, i)) {
      found.push_back(file + ":" + std::to_string(i + 1) + ": " + name);
      continue;
    }
    std::size_t end = i;  // the body's end: the next line in column 0
    while (end < lines.size() && (lines[end].empty() || std::isspace(static_cast<unsigned char>(lines[end][0])))) {
      ++end;
    }
    if (used_in(start, body) && !used_in(body, end)) {
      found.push_back(file + ":" + std::to_string(i + 1) + ": " + name + ", an unused parameter");
    }
  }
  return found;
}

// TORCH_LIBRARY_IMPL blocks whose body, comments and blank lines aside, is only `(void)m;`, as "file:line".
std::vector<std::string> empty_registrations(const std::string& file, const std::vector<std::string>& lines) {
  std::vector<std::string> found;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!lines[i].starts_with("TORCH_LIBRARY_IMPL(")) continue;
    std::string body;
    std::size_t j = i + 1;
    for (; j < lines.size() && !lines[j].starts_with("}"); ++j) body += code_of(lines[j]);
    body = std::regex_replace(body, std::regex(R"(\s+)"), "");
    if (body.empty() || body == "(void)m;") found.push_back(file + ":" + std::to_string(i + 1));
  }
  return found;
}

// Two blank lines in a row in C++ or CMake code, where a section the spec turned off left its separator behind
// next to the one that follows it, as "file:line" of the second.
std::vector<std::string> double_blank_lines(const std::string& file, const std::vector<std::string>& lines) {
  std::vector<std::string> found;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].empty() && lines[i - 1].empty()) found.push_back(file + ":" + std::to_string(i + 1) + ": blank");
  }
  return found;
}

// A macro that only renames (`#define NAME_BASE c10::DeviceAllocator`, `#define NAME_OVERRIDE override`, or empty)
// outside any #if: what a range of releases defines per release, left in a tree whose releases agree, as
// "file:line: NAME". Function-like macros and numbers are not renames.
std::vector<std::string> rename_macros(const std::string& file, const std::vector<std::string>& lines) {
  static const std::regex rename(R"(#define ([A-Z][A-Z0-9_]*)( [A-Za-z_][A-Za-z0-9_:<>, ]*)?\s*(//.*)?)");
  std::vector<std::string> found;
  int depth = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line.starts_with("#if")) ++depth;
    if (line.starts_with("#endif")) --depth;
    std::smatch match;
    if (depth == 0 && std::regex_match(line, match, rename)) {
      found.push_back(file + ":" + std::to_string(i + 1) + ": " + match[1].str());
    }
  }
  return found;
}

// Module-level `_NAME = True` or `= False` that the same module tests (`if _NAME`, `not _NAME`, `_NAME else`...): a
// branch decided at generation time, as "file:line: NAME".
std::vector<std::string> decided_constants(const std::string& file, const std::string& text) {
  static const std::regex constant(R"((^|\n)(_[A-Z][A-Z0-9_]*) = (True|False)\n)");
  std::vector<std::string> found;
  for (std::sregex_iterator it(text.begin(), text.end(), constant), end; it != end; ++it) {
    const std::string name = (*it)[2].str();
    const std::regex branch("(\\bif (not )?" + name + "\\b|\\b" + name + " (else|and|or)\\b|\\b(and|or) (not )?" +
                            name + "\\b)");
    if (std::regex_search(text, branch)) {
      const auto line = std::count(text.begin(), text.begin() + it->position(2), '\n') + 1;
      found.push_back(file + ":" + std::to_string(line) + ": " + name);
    }
  }
  return found;
}

// The comment of a line in a C++, Python or CMake file ("" for none): after `//` in C++, after `#` elsewhere.
std::string comment_of(const std::string& line, bool cpp) {
  const auto at = cpp ? line.find("//") : line.find('#');
  return at == std::string::npos ? std::string() : line.substr(at);
}

// Paths a comment cites that the tree does not have ("file:line: PATH"): a path from the tree's root (csrc/, src/,
// tests/, cmake/, benchmarks/), one relative to the file's folder or to csrc/ (as #include names headers), and a bare
// file name that no file of the tree has. PyTorch's own files (ATen/, c10/, torch/, native_functions.yaml, ...) and
// Gloo's are not the tree's.
std::vector<std::string> cited_paths(const fs::path& tree, const std::string& file, const std::vector<std::string>& lines,
                                     const std::vector<std::string>& names_in_tree) {
  static const std::regex cited(R"((^|[\s(`'"])((?:[A-Za-z0-9_.-]+/)*[A-Za-z0-9_-]+\.(?:cc|h|py|cmake|yaml|md|txt))\b)");
  const bool cpp = file.ends_with(".cc") || file.ends_with(".h");
  const fs::path folder = fs::path(file).parent_path();
  // PyTorch's, CPython's and CMake's files, and the header the build writes (torch_features.h).
  static const std::set<std::string> external = {"native_functions.yaml", "derivatives.yaml", "TorchConfig.cmake",
                                                 "Python.h", "ConvUtils.h", "pickler_helper.h", "CMakeCache.txt",
                                                 "torch_features.h"};
  std::vector<std::string> bases = {"", folder.string(), "csrc", "src"};  // and the Python package's folder
  for (const auto& entry : fs::directory_iterator(tree / "src")) bases.push_back(entry.path().lexically_relative(tree));
  std::vector<std::string> found;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string comment = comment_of(lines[i], cpp);
    for (auto m = std::sregex_iterator(comment.begin(), comment.end(), cited); m != std::sregex_iterator(); ++m) {
      const std::string path = (*m)[2];
      if (path.starts_with("ATen/") || path.starts_with("c10/") || path.starts_with("torch/") ||
          path.starts_with("aten/") || path.starts_with("gloo/") || external.contains(path)) {
        continue;
      }
      bool exists = false;
      if (path.find('/') == std::string::npos) {
        exists = std::find(names_in_tree.begin(), names_in_tree.end(), path) != names_in_tree.end();
      } else {
        for (const auto& base : bases) exists = exists || fs::exists(tree / base / path);
      }
      if (!exists) found.push_back(file + ":" + std::to_string(i + 1) + ": " + path);
    }
  }
  return found;
}

// Every residue of a tree, third_party/ (the bundled runtime) aside.
std::vector<std::string> residue(const fs::path& tree) {
  std::vector<std::string> found, names_in_tree;
  for (const auto& entry : fs::recursive_directory_iterator(tree)) {
    if (entry.is_regular_file()) names_in_tree.push_back(entry.path().filename().string());
  }
  for (const auto& entry : fs::recursive_directory_iterator(tree)) {
    if (!entry.is_regular_file()) continue;
    const std::string file = fs::relative(entry.path(), tree).generic_string();
    if (file.starts_with("third_party/") || file.starts_with(".accelgen/")) continue;
    const std::string extension = entry.path().extension().string();
    const std::string text = read_text(entry.path());
    std::vector<std::string> more;
    if (extension == ".cc" || extension == ".h" || extension == ".py" || extension == ".cmake" ||
        entry.path().filename() == "CMakeLists.txt") {
      more = cited_paths(tree, file, lines_of(text), names_in_tree);
      found.insert(found.end(), more.begin(), more.end());
      more.clear();
    }
    if (extension == ".cc" || extension == ".h") {
      const auto lines = lines_of(text);
      more = void_casts(file, lines);
      const auto blocks = empty_registrations(file, lines);
      more.insert(more.end(), blocks.begin(), blocks.end());
      const auto blanks = double_blank_lines(file, lines);
      more.insert(more.end(), blanks.begin(), blanks.end());
      const auto renames = rename_macros(file, lines);
      more.insert(more.end(), renames.begin(), renames.end());
      const auto helpers = unused_helpers(file, text);
      more.insert(more.end(), helpers.begin(), helpers.end());
    } else if (extension == ".cmake" || entry.path().filename() == "CMakeLists.txt") {
      more = double_blank_lines(file, lines_of(text));
    } else if (extension == ".py" && file.starts_with("src/")) {
      more = decided_constants(file, text);
    }
    found.insert(found.end(), more.begin(), more.end());
  }
  const auto includes = IncludeGraph(tree).unused_includes();
  found.insert(found.end(), includes.begin(), includes.end());
  return found;
}

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) text += "  " + item + "\n";
  return text;
}

class GeneratedResidue : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    const auto init = run_accelgen("init mydevice --torch 2.14 --dir " + dir_->path().string());
    ASSERT_EQ(init.status, 0) << init.output;
    const std::string all_off = every_capability_off(read_text(dir_->path() / "mydevice" / "accelgen.yaml"));
    ASSERT_EQ(all_off.find(": true "), std::string::npos) << all_off;
    write_text(dir_->path() / "all-off" / "mydevice" / "accelgen.yaml", all_off);
    const auto generated = run_accelgen("generate " + (dir_->path() / "all-off" / "mydevice").string());
    ASSERT_EQ(generated.status, 0) << generated.output;
    const auto custom = run_accelgen("init mydevice --torch 2.14 --runtime custom --dir " +
                                     (dir_->path() / "custom").string());
    ASSERT_EQ(custom.status, 0) << custom.output;
    const auto range = run_accelgen("init mydevice --torch 2.6:2.14 --dir " + (dir_->path() / "range").string());
    ASSERT_EQ(range.status, 0) << range.output;
    write_text(dir_->path() / "bridged" / "mydevice" / "accelgen.yaml",
               operators_bridged(read_text(dir_->path() / "mydevice" / "accelgen.yaml")));
    const auto bridged = run_accelgen("generate " + (dir_->path() / "bridged" / "mydevice").string());
    ASSERT_EQ(bridged.status, 0) << bridged.output;
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static TempDir* dir_;
};
TempDir* GeneratedResidue::dir_ = nullptr;

TEST_F(GeneratedResidue, DefaultTreeHasNone) { EXPECT_EQ(joined(residue(dir_->path() / "mydevice")), ""); }

TEST_F(GeneratedResidue, TreeWithEveryCapabilityOffHasNone) {
  EXPECT_EQ(joined(residue(dir_->path() / "all-off" / "mydevice")), "");
}

TEST_F(GeneratedResidue, CustomRuntimeTreeHasNone) {
  EXPECT_EQ(joined(residue(dir_->path() / "custom" / "mydevice")), "");
}

TEST_F(GeneratedResidue, TreeForARangeOfTorchReleasesHasNone) {
  EXPECT_EQ(joined(residue(dir_->path() / "range" / "mydevice")), "");
}

TEST_F(GeneratedResidue, TreeWithBridgedOperatorsHasNone) {
  const fs::path tree = dir_->path() / "bridged" / "mydevice";
  ASSERT_TRUE(fs::exists(tree / "csrc/ops/cpu_bridge.cc")) << "the spec was meant to leave operators to the bridge";
  EXPECT_EQ(joined(residue(tree)), "");
}

// The checks themselves, on small samples: what they must find and what they must let pass.
TEST(GeneratedResidueChecks, FindPathsCommentsCiteThatTheTreeLacks) {
  const TempDir dir;
  write_text(dir.path() / "csrc/ops/copy.h", "");
  write_text(dir.path() / "csrc/ops/native/loss.cc", "");
  write_text(dir.path() / "src/torch_x/graphs.py", "");
  const std::vector<std::string> lines = {
      "// ops/copy.h, native/loss.cc, torch_x/graphs.py, graphs.py and ATen/native/Resize.h are there;",
      "// so is \"csrc/ops/copy.h\" (ATen/ATen.h is PyTorch's) and (loss.cc)",
      "int x;  // but knowledge/operators/loss.yaml and fallback.cc are not,",
      "const char* s = \"a.cc\";  // nor `ops/quantized.h`"};
  std::vector<std::string> names = {"copy.h", "loss.cc", "graphs.py"};
  EXPECT_EQ(cited_paths(dir.path(), "csrc/ops/copy.cc", lines, names),
            (std::vector<std::string>{"csrc/ops/copy.cc:3: knowledge/operators/loss.yaml", "csrc/ops/copy.cc:3: fallback.cc",
                                      "csrc/ops/copy.cc:4: ops/quantized.h"}));
}

// The include and helper checks on a small tree: a used header, an unused one, a header that gathers includes for
// its includers, version.h's build-written probe macros, a kept include, and helpers called or not.
TEST(GeneratedResidueChecks, FindUnusedIncludesAndHelpers) {
  TempDir dir;
  const fs::path tree = dir.path();
  write_text(tree / "csrc/device.h", "#pragma once\nnamespace d {\nint current_device();\n#define D_CHECK(x) x\n}\n");
  write_text(tree / "csrc/stream.h", "#pragma once\nstruct Stream {};\ninline Stream make_stream() { return {}; }\n");
  write_text(tree / "csrc/version.h", "#pragma once\n#include \"torch_features.h\"\n#define D_VERSION_GE(a, b) 1\n");
  write_text(tree / "csrc/support.h", "#pragma once\n#include \"stream.h\"\n");  // for the files that include it
  write_text(tree / "csrc/ops/use.cc",
             "#include \"device.h\"\n#include \"stream.h\"\n#include \"version.h\"\n#include \"support.h\"\n"
             "#if D_TORCH_HAS_GRAPH\n#endif\n"
             "int f() { return d::current_device(); }  // make_stream( in a comment is no use\n");
  write_text(tree / "csrc/ops/gathered.cc", "#include \"support.h\"\nStream s = make_stream();\n");
  write_text(tree / "csrc/module.cc", "#include \"version.h\"  // IWYU pragma: keep\n"
                                      "#include \"version.h\"\n"
                                      "namespace {\n"
                                      "int called() { return 1; }\n"
                                      "int never() {\n  return 2;\n}\n"
                                      "}  // namespace\n"
                                      "static int alone(int x) { return x; }\n"
                                      "int g() { return called(); }\n"
                                      "int exported() { return 3; }\n");
  std::vector<std::string> includes = IncludeGraph(tree).unused_includes();
  std::sort(includes.begin(), includes.end());
  // use.cc uses device.h (a function) and version.h (a probe macro of torch_features.h); its stream.h and
  // support.h serve nothing. support.h's own stream.h include serves gathered.cc.
  EXPECT_EQ(includes, (std::vector<std::string>{"csrc/module.cc:2: version.h", "csrc/ops/use.cc:2: stream.h",
                                                "csrc/ops/use.cc:4: support.h"}));
  EXPECT_EQ(unused_helpers("csrc/module.cc", read_text(tree / "csrc/module.cc")),
            (std::vector<std::string>{"csrc/module.cc:5: never, never called", "csrc/module.cc:9: alone, never called"}));
}

TEST(GeneratedResidueChecks, FindWhatTheyLookFor) {
  const std::vector<std::string> cc = {"void f(bool b, int x) {", "  if (b) {", "    g(x);", "  }", "  (void)x;",
                                       "}", "", "void h(int y) {", "  (void)y;", "}", "",
                                       "TORCH_LIBRARY_IMPL(aten, PrivateUse1, m) {", "  (void)m; // nothing", "}"};
  EXPECT_EQ(void_casts("a.cc", cc), (std::vector<std::string>{"a.cc:5: x", "a.cc:9: y, an unused parameter",
                                                               "a.cc:13: m, an unused parameter"}));
  EXPECT_EQ(empty_registrations("a.cc", cc), std::vector<std::string>{"a.cc:12"});
  EXPECT_TRUE(double_blank_lines("a.cc", cc).empty());
  EXPECT_EQ(double_blank_lines("b.cc", {"int a;", "", "", "int b;"}), std::vector<std::string>{"b.cc:3: blank"});
  EXPECT_EQ(decided_constants("a.py", "import x\n_FLAG = True\n\nif _FLAG:\n    pass\n"),
            std::vector<std::string>{"a.py:2: _FLAG"});
  EXPECT_TRUE(decided_constants("a.py", "_FLAG = torch_has('x')\nif _FLAG:\n    pass\n").empty());
  EXPECT_TRUE(decided_constants("a.py", "_UNUSED = True\n").empty());
  const std::vector<std::string> h = {"#define X_BASE c10::DeviceAllocator", "#define X_OVERRIDE", "#if A",
                                      "#define X_ID c10::MempoolId_t", "#endif", "#define X_CHECK(e) check(e)",
                                      "#define X_LEVEL 2", "#define X_POOL std::pair<int, int> // later"};
  EXPECT_EQ(rename_macros("a.h", h),
            (std::vector<std::string>{"a.h:1: X_BASE", "a.h:2: X_OVERRIDE", "a.h:8: X_POOL"}));
}

}  // namespace
}  // namespace accelgen
