// A problem found in a user's input, located as file:line:column, with what was expected and a suggestion.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace accelgen {

struct Diagnostic {
  std::string file;
  int line = 0;    // 1-based; 0 when the problem has no position (e.g. an unreadable file)
  int column = 0;  // 1-based
  std::string message;
  std::string hint;  // a suggestion, or empty

  /// "file:line:column: error: message" plus an indented "hint: ..." line when there is a hint.
  std::string format() const;
};

/// Thrown when input is rejected; carries every problem found, sorted by position.
class DiagnosticError : public std::runtime_error {
 public:
  explicit DiagnosticError(std::vector<Diagnostic> diagnostics);
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

/// All diagnostics formatted one after the other.
std::string format_all(const std::vector<Diagnostic>& diagnostics);

}  // namespace accelgen
