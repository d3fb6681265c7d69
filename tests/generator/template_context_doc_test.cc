// docs/template-context.md documents every name the backend templates use: each variable and section tag of every
// embedded template (templates/backend/) names context entries that the document shows in code spans. The renderer's strict context
// already fails on a name the context lacks, so a template name is always in the context; this test keeps the
// document from drifting behind both.
#include <gtest/gtest.h>

#include <filesystem>
#include <iterator>
#include <regex>
#include <set>
#include <string>

#include "embed/embedded_files.h"
#include "test_support.h"

namespace accelgen {
namespace {

// The words of the document's code spans: `ops.family.<family>` gives ops, family.
std::set<std::string> documented_words() {
  const std::string doc =
      testing_support::read_text(std::filesystem::path(ACCELGEN_SOURCE_DIR) / "docs" / "template-context.md");
  std::set<std::string> words;
  // Fenced code blocks first (their text is code), then the inline spans of what is left.
  const std::regex fence("```[^`]*```");
  std::string prose;
  std::string code;
  std::regex_replace(std::back_inserter(prose), doc.begin(), doc.end(), fence, "");
  for (auto f = std::sregex_iterator(doc.begin(), doc.end(), fence); f != std::sregex_iterator(); ++f) {
    code += "`" + f->str().substr(3, f->str().size() - 6) + "`";
  }
  prose += code;
  const std::string& text_with_spans = prose;
  const std::regex span("`([^`]+)`");
  const std::regex word("[A-Za-z_][A-Za-z0-9_]*");
  for (auto s = std::sregex_iterator(text_with_spans.begin(), text_with_spans.end(), span);
       s != std::sregex_iterator(); ++s) {
    const std::string text = (*s)[1];
    for (auto w = std::sregex_iterator(text.begin(), text.end(), word); w != std::sregex_iterator(); ++w) {
      words.insert(w->str());
    }
  }
  return words;
}

// Components that are keys chosen by data, documented by their placeholder (`features.F`, `ops.family.<family>`):
// the one after features., ops.native_has. and ops.family.
bool dynamic_component(const std::vector<std::string>& parts, std::size_t i) {
  if (i == 1 && parts[0] == "features") return true;
  return i == 2 && parts[0] == "ops" && (parts[1] == "native_has" || parts[1] == "family");
}

TEST(TemplateContextDoc, EveryNameATemplateUsesIsDocumented) {
  const std::set<std::string> words = documented_words();
  const std::regex tag(R"(\{\{\s*([#^/&{]?)\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}?\}\})");
  int names = 0;
  for (const auto& file : embedded::files_under("templates/backend/")) {
    const std::string text(file.content);
    for (auto m = std::sregex_iterator(text.begin(), text.end(), tag); m != std::sregex_iterator(); ++m) {
      if ((*m)[1] == "/") continue;
      std::vector<std::string> parts;
      std::string name = (*m)[2];
      for (std::size_t start = 0, dot; start <= name.size(); start = dot + 1) {
        dot = name.find('.', start);
        if (dot == std::string::npos) dot = name.size();
        parts.push_back(name.substr(start, dot - start));
      }
      for (std::size_t i = 0; i < parts.size(); ++i) {
        if (dynamic_component(parts, i)) continue;
        EXPECT_TRUE(words.count(parts[i])) << file.path << " uses {{" << name << "}}: '" << parts[i]
                                           << "' is not in docs/template-context.md";
      }
      ++names;
    }
  }
  EXPECT_GT(names, 500);
}

}  // namespace
}  // namespace accelgen
