// Knowledge-base entries drafted from the contract changes the knowledge base does not know (`accelgen
// contract-diff OLD NEW --draft FILE`), so that teaching accelgen a new torch release is reviewing drafts.
//
// Each draft is a complete change of knowledge/torch-changes.yaml: its id, the component of the header it was found
// in (knowledge/torch-versions.yaml contract_headers), the kind the difference implies (a new pure virtual or a
// changed signature stops the build: compile-error; something only added: new-feature), the landing between the two
// releases, the contract item it explains, a feature of its own and a C++ probe that compiles against a torch only
// when the torch declares the change as the newer tree does (the new signature, the new macro arity, the header
// gone). The loader accepts the file once supported.max reaches the newer release (docs/upgrade-guidance.md,
// "Teaching accelgen a new release").
#pragma once

#include <set>
#include <string>

#include "contract_diff/contract_diff.h"

namespace accelgen::contract_diff {

/// The probe source for one change: C++ for the CMake probe, or empty when nothing can be compiled to tell the two
/// declarations apart (then `why_not` says why, for a `probe: {none: ...}`).
struct DraftProbe {
  std::string cxx;
  std::string why_not;
};
/// `classes`: the classes either release declares (ContractDiff::classes), to tell a member class from a namespace
/// member.
DraftProbe draft_probe(const ItemChange& change, const std::set<std::string>& classes);

/// A knowledge-base file (schema_version and changes) with one drafted change per unexplained change of `diff`.
/// Throws DiagnosticError when a side of the diff has no torch version (a landing needs both releases) or when the
/// newer release is not newer.
std::string draft_entries(const ContractDiff& diff);

}  // namespace accelgen::contract_diff
