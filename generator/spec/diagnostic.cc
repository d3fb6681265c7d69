#include "spec/diagnostic.h"

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

std::string format_all(const std::vector<Diagnostic>& diagnostics) {
  std::string text;
  for (const auto& d : diagnostics) text += d.format();
  return text;
}

static std::vector<Diagnostic> sorted(std::vector<Diagnostic> diagnostics) {
  std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
  });
  return diagnostics;
}

DiagnosticError::DiagnosticError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(format_all(sorted(diagnostics))), diagnostics_(sorted(std::move(diagnostics))) {}

}  // namespace accelgen
