// Escaping spec values for each place they land: unit tests per language, then hostile display names rendered
// into a whole backend whose Python parses (and says exactly the name), whose TOML reads back, and whose C++
// string literals and comments compile and mean exactly the name.
#include "render/escape.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "base/diagnostic.h"
#include "render/backend_renderer.h"
#include "output/generation.h"
#include "test_support.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing_support::CommandResult;
using testing_support::read_text;
using testing_support::run_command;
using testing_support::TempDir;
using testing_support::write_text;
namespace fs = std::filesystem;

const std::vector<std::string> kHostileNames = {
    R"(My "Device")",
    R"(back\slash and trailing \)",
    R"(""" docstring end; import os; os.system("touch /tmp/accelgen-pwned") """)",
    R"(*/ comment end /* and ${HOME} $(touch /tmp/accelgen-pwned) `id`)",
    R"(# heading * _em_ [link](http://x) <b>html</b> | table | ~~s~~ !)",
    "?\?= ?\?/ trigraphs ' single ''' quotes",
    "Ünïcødé 设备 🚀",
};

TEST(Escape, CppString) {
  EXPECT_EQ(escape::cpp_string(R"(a"b\c)"), R"(a\"b\\c)");
  EXPECT_EQ(escape::cpp_string("?\?="), R"(\?\?=)");
  EXPECT_EQ(escape::cpp_string("x\ny"), R"(x\012y)");
  EXPECT_EQ(escape::cpp_string("设备"), "设备");
}

TEST(Escape, CppComment) {
  EXPECT_EQ(escape::cpp_comment("a */ b /* c"), "a * / b / * c");
  EXPECT_EQ(escape::cpp_comment(R"(ends with \)"), R"(ends with \.)");
  EXPECT_EQ(escape::cpp_comment("x\ny"), "x y");
}

TEST(Escape, PythonString) {
  EXPECT_EQ(escape::py_string(R"(a"""b\)"), R"(a\"\"\"b\\)");
  EXPECT_EQ(escape::py_string("x\ty"), R"(x\x09y)");
}

TEST(Escape, TomlString) {
  EXPECT_EQ(escape::toml_string(R"(a"b\c)"), R"(a\"b\\c)");
  EXPECT_EQ(escape::toml_string("x\ty"), R"(x\u0009y)");
}

TEST(Escape, MarkdownAndCMake) {
  EXPECT_EQ(escape::markdown_text("# *x* [a](b) <i>"), R"(\# \*x\* \[a\]\(b\) \<i\>)");
  EXPECT_EQ(escape::markdown_text("My Device 2.0"), "My Device 2.0");
  EXPECT_EQ(escape::cmake_comment("a\nb"), "a b");
}

TEST(Escape, CppLiteralsAndCommentsCompileAndMeanTheName) {
  TempDir tmp;
  std::string source = "#include <cstring>\n#include <cstdio>\nint main() {\n  int bad = 0;\n";
  std::string expected;
  for (std::size_t i = 0; i < kHostileNames.size(); ++i) {
    const std::string& name = kHostileNames[i];
    source += "  // " + escape::cpp_comment(name) + "\n";
    source += "  /* " + escape::cpp_comment(name) + " */\n";
    source += "  bad += std::strcmp(\"" + escape::cpp_string(name) + "\", R\"accelgen(" + name + ")accelgen\") != 0;\n";
  }
  source += "  std::printf(\"mismatches=%d\\n\", bad);\n  return bad;\n}\n";
  write_text(tmp.path() / "names.cc", source);
  const CommandResult r = run_command("g++ -std=c++20 -Wall -Wextra -Werror " +
                                      (tmp.path() / "names.cc").string() + " -o " + (tmp.path() / "names").string() +
                                      " && " + (tmp.path() / "names").string());
  EXPECT_EQ(r.status, 0) << r.output << source;
  EXPECT_THAT(r.output, HasSubstr("mismatches=0"));
}

TEST(Escape, HostileDisplayNamesRenderIntoPythonAndTomlThatReadBackExactly) {
  for (const std::string& name : kHostileNames) {
    SCOPED_TRACE(name);
    std::string spec = render_initial_spec("mydevice", "\"2.14\"");
    const auto at = spec.find("display_name: mydevice");
    ASSERT_NE(at, std::string::npos);
    std::string quoted;
    for (char c : name) quoted += c == '\'' ? std::string("''") : std::string(1, c);
    spec.replace(at, 22, "display_name: '" + quoted + "'");
    GenerationRequest request;
    request.spec_text = spec;
    request.spec_source = "accelgen.yaml";
    const Generation generation = prepare_generation(request);
    EXPECT_EQ(generation.spec.display_name, name);
    TempDir tmp;
    std::string py_files;
    for (const auto& f : generation.inputs.files) {
      write_text(tmp.path() / f.path, f.content);
      if (f.path.ends_with(".py")) py_files += " '" + (tmp.path() / f.path).string() + "'";
    }
    write_text(tmp.path() / "name.txt", name);
    const std::string package = (tmp.path() / "src/torch_mydevice/__init__.py").string();
    const std::string check = R"(
import ast, sys, tomllib
name = open(sys.argv[1], encoding="utf-8").read()
for path in sys.argv[4:]:
    ast.parse(open(path, encoding="utf-8").read(), path)
doc = ast.get_docstring(ast.parse(open(sys.argv[2], encoding="utf-8").read()))
assert doc.startswith(name + " backend for PyTorch"), doc
description = tomllib.load(open(sys.argv[3], "rb"))["project"]["description"]
assert name in description, description
print("python-ok")
)";
    write_text(tmp.path() / "check.py", check);
    const CommandResult r = run_command("python3 " + (tmp.path() / "check.py").string() + " " +
                                        (tmp.path() / "name.txt").string() + " " + package + " " +
                                        (tmp.path() / "pyproject.toml").string() + py_files);
    EXPECT_THAT(r.output, HasSubstr("python-ok")) << r.output;
    // The C++ string literal that carries the name is the escaped form tested to compile above.
    for (const auto& f : generation.inputs.files) {
      if (f.path == "csrc/runtime_config.cc") {
        EXPECT_THAT(f.content, HasSubstr("\"" + escape::cpp_string(name) + "\""));
      }
    }
    EXPECT_FALSE(fs::exists("/tmp/accelgen-pwned"));
  }
}

TEST(Escape, ControlCharactersAndBadUnicodeInTheDisplayNameAreRefused) {
  for (const std::string& value : {std::string("\"a\\nb\""), std::string("\"tab\\there\""), std::string("\"bell\\a\""),
                                   std::string("\"rtl \\u202E override\""), std::string("\"nel \\x85\"")}) {
    SCOPED_TRACE(value);
    std::string spec = render_initial_spec("mydevice", "\"2.14\"");
    spec.replace(spec.find("display_name: mydevice"), 22, "display_name: " + value);
    try {
      prepare_generation({spec, "accelgen.yaml", "", "/usr", std::nullopt});
      ADD_FAILURE() << "accepted";
    } catch (const DiagnosticError& e) {
      EXPECT_THAT(e.what(), HasSubstr("device.display_name cannot be used"));
    }
  }
}

}  // namespace
}  // namespace accelgen
