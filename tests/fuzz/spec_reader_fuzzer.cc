// Fuzz target for the spec reader: any bytes go in; the only acceptable outcomes are a DeviceSpec or a
// DiagnosticError. Any other exception, crash, hang, sanitizer report or runaway memory is a finding.
// Built with libFuzzer by scripts/fuzz-spec.sh; replayed over tests/fuzz/corpus by the ctest fuzz.spec_reader_corpus.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "base/diagnostic.h"
#include "spec/spec_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const accelgen::DeviceSpec spec = accelgen::parse_spec(text, "fuzz.yaml");
    // An accepted spec honours what the reader promises about it.
    if (spec.name.empty() || spec.dtypes.empty()) __builtin_trap();
  } catch (const accelgen::DiagnosticError& e) {
    if (e.diagnostics().empty() || e.diagnostics().size() > accelgen::kMaxDiagnosticsShown) __builtin_trap();
  }
  return 0;
}
