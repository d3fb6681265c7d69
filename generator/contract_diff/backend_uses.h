// Which files of a generated backend a contract change touches, and what to do about it (`accelgen contract-diff
// OLD NEW --backend TREE`).
//
// A change is found in the files that use its declaration: the lines that name a changed or removed member, or, for
// something added to a class (a new pure virtual), the files that name the class or a class derived from it, where
// the class that implements it is. Each file is marked generated (accelgen regenerates it) or yours (the manifest does not list it as
// generated: the driver adapter, the kernels, your own code), as the upgrade guide's user-code scan counts them.
#pragma once

#include <filesystem>

#include "contract_diff/contract_diff.h"

namespace accelgen::contract_diff {

/// Fills ItemChange::uses of every change of `diff` from the backend tree at `backend`, ItemChange::action of each
/// that has uses, and ContractDiff::backend; `new_snapshot` (the newer side of the diff) tells which classes derive
/// from a changed one. Throws DiagnosticError when `backend` is not a generated backend.
void attach_backend_uses(ContractDiff& diff, const Snapshot& new_snapshot, const std::filesystem::path& backend);

}  // namespace accelgen::contract_diff
