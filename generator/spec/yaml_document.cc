#include "spec/yaml_document.h"

#include <yaml-cpp/depthguard.h>

#include <yaml-cpp/eventhandler.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "base/diagnostic.h"

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

/// Counts the documents of a stream by their start marks, without building nodes.
class DocumentCounter : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> starts;
  void OnDocumentStart(const YAML::Mark& mark) override { starts.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

std::string position(const YAML::Mark& mark) {
  return "line " + std::to_string(mark.line + 1) + ", column " + std::to_string(mark.column + 1);
}

/// Checks that `text` holds exactly one document. yaml-cpp 0.7 never returns from YAML::LoadAll on some inputs
/// (a stray ',' where a document starts: it reports the same document again and again without reading on), so
/// the documents are counted here with a guard against a parser that makes no progress.
void check_one_document(const std::string& text, const std::string& source) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentCounter counter;
  while (parser.HandleNextDocument(counter)) {
    const auto& starts = counter.starts;
    if (starts.size() >= 2 && starts[starts.size() - 1].pos == starts[starts.size() - 2].pos) {
      const YAML::Mark& at = starts.back();
      const char c = static_cast<std::size_t>(at.pos) < text.size() ? text[at.pos] : ' ';
      throw DiagnosticError({{source, at.line + 1, at.column + 1,
                              std::string("YAML syntax error: unexpected '") + c + "' where a value should start",
                              "a spec starts with `accelgen: 1`; remove the stray character"}});
    }
    if (starts.size() > 1) {
      throw DiagnosticError({{source, starts[1].line + 1, starts[1].column + 1,
                              "the spec holds more than one YAML document (the first starts at " +
                                  position(starts[0]) + "); it must hold exactly one",
                              "remove the '---' line and what follows it, or merge the documents into one"}});
    }
  }
}

}  // namespace

YAML::Node load_single_yaml_document(std::string_view text, std::string_view source_name) {
  const std::string source(source_name);
  YAML::Node document;
  try {
    check_one_document(std::string(text), source);
    document = YAML::Load(std::string(text));
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
  Checker checker{source, {}, 0};
  checker.walk(document, 0);
  if (!checker.problems.empty()) throw DiagnosticError(checker.problems, checker.unlisted);
  return document;
}

}  // namespace accelgen
