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

/// At most this many diagnostics are printed; the rest are counted ("... and 12345 more errors").
inline constexpr std::size_t kMaxDiagnosticsShown = 50;

/// Thrown when input is rejected; carries the problems found, sorted by position. `unlisted` counts further
/// problems that were found but not kept (a reader stops keeping them after kMaxDiagnosticsShown).
class DiagnosticError : public std::runtime_error {
 public:
  explicit DiagnosticError(std::vector<Diagnostic> diagnostics, std::size_t unlisted = 0);
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  /// Problems found in all, kept or not.
  std::size_t total() const { return diagnostics_.size() + unlisted_; }

 private:
  std::vector<Diagnostic> diagnostics_;
  std::size_t unlisted_ = 0;
};

/// The first kMaxDiagnosticsShown diagnostics formatted one after the other, then a count of the rest.
std::string format_all(const std::vector<Diagnostic>& diagnostics, std::size_t unlisted = 0);

}  // namespace accelgen
