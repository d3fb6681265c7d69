// Recording a torch target in the spec's text. `accelgen upgrade --to X` writes X into the `torch:` field of the
// tree's accelgen.yaml, so that the next `accelgen generate` keeps the tree at X instead of quietly going back to
// the target the spec named before. The spec is the user's file: only the field's values change; every comment,
// every blank and every other byte stay as they were.
#pragma once

#include <string>
#include <string_view>

#include "contract/torch_version.h"

namespace accelgen {

/// `text` (a spec that parse_spec accepts; anything else throws its DiagnosticError) with its torch field naming
/// `target`; `text` itself when the field already names it.
/// - One version or `auto` is replaced where it stands: `torch: "2.6"  # note` becomes `torch: "2.14"  # note`
///   (the user's quote character is kept; a bare value gets double quotes), or `torch: {min: "2.6", max: "2.14"}`
///   for a range.
/// - A {min, max} mapping (flow or block, with whatever comments it holds) keeps its shape: only the bounds that
///   differ are replaced, so one version X is recorded as {min: "X", max: "X"}.
/// A value written in a form this edit does not rewrite (an escape sequence, a tag, an anchor) is a DiagnosticError
/// at the field's position, saying how to write it.
std::string with_torch_target(std::string_view text, std::string_view source_name, const contract::TorchRange& target);

}  // namespace accelgen
