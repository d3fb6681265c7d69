// docs/template-context.md documents the render context name by name. Three checks keep it from drifting:
// - every variable and section tag of every embedded template (templates/backend/) names entries the document shows
//   in code spans (the renderer's strict context already fails on a name the context lacks);
// - every name the context has (render/template_data.h's tree, walked field by field over contexts that fill every
//   list) is documented: a table row names it or an ancestor, and the rest of its path is in the document;
// - every name a table row documents (its first column, and the keys of `{a: x, b}` item spans in its row) is in
//   the context: a renamed or removed field leaves no stale entry behind.
#include <gtest/gtest.h>

#include <filesystem>
#include <iterator>
#include <map>
#include <sstream>
#include <regex>
#include <set>
#include <string>

#include "embed/embedded_files.h"
#include "model/device_spec.h"
#include "render/backend_renderer.h"
#include "render/template_data.h"
#include "spec/spec_loader.h"
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
// the one after features., ops.family. and ops.host.
bool dynamic_component(const std::vector<std::string>& parts, std::size_t i) {
  if (i == 1 && parts[0] == "features") return true;
  return i == 2 && parts[0] == "ops" && (parts[1] == "family" || parts[1] == "host");
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

// ---- the context's names, field by field --------------------------------------------------------------------

// The document's placeholder for a key that data chooses (a feature id, an operator, a family).
std::string placeholder(const std::string& parent) {
  if (parent == "features") return "F";
  if (parent == "ops.host") return "<file>";
  if (parent == "ops.family") return "<family>";
  return "";
}

// Every dotted path of `tree` (a list's items add their fields to the list's own path), into `names`.
void collect_names(const TemplateTree& tree, const std::string& path, std::set<std::string>& names) {
  if (!path.empty()) names.insert(path);
  if (tree.kind == TemplateTree::Kind::List) {
    for (const auto& item : tree.items) collect_names(item, path, names);
    return;
  }
  const std::string key_placeholder = placeholder(path);
  for (const auto& [key, value] : tree.fields) {
    const std::string component = key_placeholder.empty() ? key : key_placeholder;
    collect_names(value, path.empty() ? component : path + "." + component, names);
  }
}

// The names of contexts that between them fill every list: the default spec for one release (its prerequisites,
// native operators and kernels) and for a range of releases (the probes).
std::set<std::string> context_names() {
  const DeviceSpec spec = parse_spec(render_initial_spec("mydevice", "\"2.14\""), "accelgen.yaml");
  const auto v2_6 = *contract::TorchVersion::parse("2.6");
  const auto v2_14 = *contract::TorchVersion::parse("2.14");
  std::set<std::string> names;
  for (const TargetVersions& targets : {TargetVersions{v2_14, v2_14}, TargetVersions{v2_6, v2_14}}) {
    collect_names(to_template_tree(make_render_context(spec, targets)), "", names);
  }
  return names;
}

struct DocumentedName {
  std::string name;  // a dotted path, placeholders as the document writes them
  int line = 0;
  bool item_key = false;  // a key of a `{a, b}` item span: some name below the row's first path ends with it
};

std::vector<std::string> code_spans(const std::string& text) {
  std::vector<std::string> spans;
  const std::regex span("`([^`]+)`");
  for (auto s = std::sregex_iterator(text.begin(), text.end(), span); s != std::sregex_iterator(); ++s) {
    spans.push_back((*s)[1]);
  }
  return spans;
}

// The names the document's tables give: the first column's code spans (a bare name after a dotted one is its
// sibling; in the Features section a name is a key of features.F), and the keys of the row's `{...}` spans.
std::vector<DocumentedName> documented_names() {
  std::istringstream doc(
      testing_support::read_text(std::filesystem::path(ACCELGEN_SOURCE_DIR) / "docs" / "template-context.md"));
  std::vector<DocumentedName> names;
  std::string section;
  int number = 0;
  for (std::string line; std::getline(doc, line);) {
    ++number;
    if (line.starts_with("## ")) section = line.substr(3);
    if (!line.starts_with("| `")) continue;
    const std::size_t end = line.find(" | ", 2);
    const std::string first_cell = line.substr(2, end - 2);
    const std::string prefix = section == "Features" ? "features.F." : "";
    std::string row_path;
    for (const std::string& span : code_spans(first_cell)) {
      std::string name = prefix + span;
      if (span.find('.') == std::string::npos && row_path.find('.') != std::string::npos) {
        name = row_path.substr(0, row_path.rfind('.') + 1) + span;  // a sibling of the row's first name
      }
      if (row_path.empty()) row_path = name;
      names.push_back({name, number, false});
    }
    for (const std::string& span : code_spans(line.substr(end))) {
      if (!span.starts_with("{") || !span.ends_with("}")) continue;
      std::istringstream keys(span.substr(1, span.size() - 2));
      for (std::string key; std::getline(keys, key, ',');) {
        key = key.substr(key.find_first_not_of(' '));
        key = key.substr(0, key.find(':'));
        names.push_back({row_path + "." + key, number, true});
      }
    }
  }
  return names;
}

TEST(TemplateContextDoc, EveryNameTheContextHasIsDocumented) {
  const std::set<std::string> words = documented_words();
  std::set<std::string> rows;
  for (const DocumentedName& d : documented_names()) {
    if (!d.item_key) rows.insert(d.name);
  }
  const std::set<std::string> names = context_names();
  EXPECT_GT(names.size(), 200u);
  for (const std::string& name : names) {
    std::string ancestor = name;
    while (!rows.contains(ancestor) && ancestor.find('.') != std::string::npos) ancestor.resize(ancestor.rfind('.'));
    if (!rows.contains(ancestor)) {
      bool row_below = false;  // an object documented by its fields' rows (device, caps, torch)
      for (const std::string& row : rows) row_below = row_below || row.starts_with(name + ".");
      EXPECT_TRUE(row_below) << "'" << name << "' is in the render context but no row of docs/template-context.md "
                             << "documents it or what it is part of";
      continue;
    }
    std::istringstream rest(name.substr(ancestor.size()));
    for (std::string component; std::getline(rest, component, '.');) {
      if (component.empty()) continue;
      EXPECT_TRUE(words.contains(component)) << "'" << name << "' is in the render context: '" << component
                                             << "' is not in the row of " << ancestor << " or anywhere in the document";
    }
  }
}

TEST(TemplateContextDoc, EveryDocumentedNameIsInTheContext) {
  const std::set<std::string> names = context_names();
  const std::vector<DocumentedName> documented = documented_names();
  EXPECT_GT(documented.size(), 80u);
  for (const DocumentedName& d : documented) {
    if (!d.item_key) {
      EXPECT_TRUE(names.contains(d.name)) << "docs/template-context.md:" << d.line << " documents '" << d.name
                                          << "', which the render context does not have (stale)";
      continue;
    }
    const std::string row = d.name.substr(0, d.name.rfind('.'));
    const std::string key = d.name.substr(d.name.rfind('.') + 1);
    bool found = false;
    for (const std::string& name : names) found = found || (name.starts_with(row + ".") && name.ends_with("." + key));
    EXPECT_TRUE(found) << "docs/template-context.md:" << d.line << " gives the item key '" << key << "' under '" << row
                       << "', where the render context has none (stale)";
  }
}

}  // namespace
}  // namespace accelgen
