#include "spec/yaml_document.h"

#include <yaml-cpp/depthguard.h>

#include <map>
#include <string>
#include <vector>

#include "spec/diagnostic.h"

namespace accelgen {
namespace {

struct Checker {
  std::string source;
  std::vector<Diagnostic> problems;
  std::size_t unlisted = 0;

  void add(const YAML::Mark& mark, std::string message, std::string hint) {
    if (problems.size() >= kMaxDiagnosticsShown) {
      ++unlisted;
      return;
    }
    problems.push_back({source, mark.is_null() ? 0 : mark.line + 1, mark.is_null() ? 0 : mark.column + 1,
                        std::move(message), std::move(hint)});
  }

  /// Returns false when nesting is too deep (reported once).
  bool walk(const YAML::Node& node, int depth) {
    if (depth > kMaxSpecDepth) {
      add(node.Mark(), "the spec nests deeper than " + std::to_string(kMaxSpecDepth) + " levels",
          "a spec has at most three levels (device: {name: ...}); check the indentation and brackets");
      return false;
    }
    if (node.IsSequence()) {
      for (const auto& item : node) {
        if (!walk(item, depth + 1)) return false;
      }
    } else if (node.IsMap()) {
      std::map<std::string, YAML::Mark> seen;
      for (auto it = node.begin(); it != node.end(); ++it) {
        if (it->first.IsScalar()) {
          const auto [first, inserted] = seen.emplace(it->first.Scalar(), it->first.Mark());
          if (!inserted) {
            const YAML::Mark& m = first->second;
            add(it->first.Mark(),
                "key '" + it->first.Scalar() + "' is given twice in this mapping (first at line " +
                    std::to_string(m.line + 1) + ", column " + std::to_string(m.column + 1) + ")",
                "keep one of them; YAML does not merge repeated keys");
          }
        } else if (!walk(it->first, depth + 1)) {
          return false;
        }
        if (!walk(it->second, depth + 1)) return false;
      }
    }
    return true;
  }
};

}  // namespace

YAML::Node load_single_yaml_document(std::string_view text, std::string_view source_name) {
  const std::string source(source_name);
  std::vector<YAML::Node> documents;
  try {
    documents = YAML::LoadAll(std::string(text));
  } catch (const YAML::DeepRecursion& e) {
    throw DiagnosticError({{source, e.mark.line + 1, e.mark.column + 1,
                            "the spec nests too deeply (more than " + std::to_string(e.depth()) + " levels)",
                            "a spec has at most three levels; check the brackets"}});
  } catch (const YAML::ParserException& e) {
    std::string message = e.msg;
    throw DiagnosticError({{source, e.mark.line + 1, e.mark.column + 1, "YAML syntax error: " + message,
                            "check indentation and quoting on this line"}});
  } catch (const YAML::Exception& e) {
    throw DiagnosticError({{source, 0, 0, std::string("cannot read the spec as YAML: ") + e.what(), ""}});
  }
  if (documents.empty()) return YAML::Node();
  if (documents.size() > 1) {
    const YAML::Mark first = documents[0].Mark(), second = documents[1].Mark();
    std::string where = first.is_null() ? "" : " (the first starts at line " + std::to_string(first.line + 1) + ")";
    throw DiagnosticError({{source, second.is_null() ? 0 : second.line + 1, second.is_null() ? 0 : second.column + 1,
                            "the spec holds " + std::to_string(documents.size()) + " YAML documents" + where +
                                "; it must hold exactly one",
                            "remove the '---' line and what follows it, or merge the documents into one"}});
  }
  Checker checker{source, {}, 0};
  checker.walk(documents[0], 0);
  if (!checker.problems.empty()) throw DiagnosticError(checker.problems, checker.unlisted);
  return documents[0];
}

}  // namespace accelgen
