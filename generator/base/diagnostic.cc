#include "base/diagnostic.h"

#include <algorithm>
#include <tuple>

namespace accelgen {

std::string Diagnostic::format() const {
  std::string text = file;
  if (line > 0) text += ":" + std::to_string(line) + ":" + std::to_string(column);
  text += ": error: " + message + "\n";
  if (!hint.empty()) text += "  hint: " + hint + "\n";
  return text;
}

std::string format_all(const std::vector<Diagnostic>& diagnostics, std::size_t unlisted) {
  std::string text;
  const std::size_t shown = std::min(diagnostics.size(), kMaxDiagnosticsShown);
  for (std::size_t i = 0; i < shown; ++i) text += diagnostics[i].format();
  const std::size_t rest = diagnostics.size() - shown + unlisted;
  if (rest > 0) {
    text += "... and " + std::to_string(rest) + " more error" + (rest == 1 ? "" : "s") +
            " not shown; fix the ones above first\n";
  }
  return text;
}

static std::vector<Diagnostic> sorted(std::vector<Diagnostic> diagnostics) {
  std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
  });
  return diagnostics;
}

DiagnosticError::DiagnosticError(std::vector<Diagnostic> diagnostics, std::size_t unlisted)
    : std::runtime_error(format_all(sorted(diagnostics), unlisted)),
      diagnostics_(sorted(std::move(diagnostics))),
      unlisted_(unlisted) {}

}  // namespace accelgen
