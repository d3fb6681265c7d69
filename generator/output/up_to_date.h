// The no-op fast path of `generate`: tells, without rendering anything, that the tree is exactly what the full
// update would leave unchanged. Anything it cannot vouch for sends the caller to the full path
// (docs/output-stage.md, "A no-op generate does not render").
#pragma once

#include <filesystem>
#include <string>

namespace accelgen {

/// What a generation would be rendered from, apart from the rendering itself.
struct RecordedInputs {
  std::string spec_content;          // accelgen.yaml as read now
  std::string accelgen_version;      // this build's version
  std::string embedded_fingerprint;  // this build's embedded::fingerprint()
  std::string torch_min;             // the resolved torch target
  std::string torch_max;
};

/// "" if the tree in `dir` is up to date: its manifest records exactly these inputs, no interrupted run is
/// pending, no file is conflicted, no legacy full copy is left, .accelgen/spec.yaml is the spec and every
/// generated file still has its recorded blob id. Otherwise why not (for ACCELGEN_TRACE). Reads only; a damaged
/// manifest is not an error here (the full path reports it).
std::string why_not_up_to_date(const std::filesystem::path& dir, const RecordedInputs& inputs);

/// Prints `accelgen: trace: MESSAGE` on stderr when the environment variable ACCELGEN_TRACE is set and not "0".
void trace(const std::string& message);

}  // namespace accelgen
