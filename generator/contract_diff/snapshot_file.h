// A contract snapshot as a file: the contract one torch tree declares (contract_diff.h's Snapshot), written by
// `accelgen contract-diff --snapshot PREFIX` and read by contract-diff in place of a tree. knowledge/ keeps the
// snapshot of the newest release accelgen knows (knowledge/contract-snapshot-<MAJOR.MINOR>.json), so that a torch
// newer than the knowledge base can be compared with what accelgen generates against without that release's
// headers at hand.
//
// The file holds what a comparison reads (headers, items with their header and line, methods that exist but are
// not virtual) and the torch version; never a path of the machine it was made on.
#pragma once

#include <filesystem>
#include <string>

#include "contract_diff/contract_diff.h"

namespace accelgen::contract_diff {

inline constexpr const char* kSnapshotSchema = "accelgen-contract-snapshot/1";

/// The snapshot as JSON (items sorted by id, two-space indentation, a final newline): the same snapshot always
/// gives the same bytes.
std::string snapshot_to_json(const Snapshot& snapshot);

/// Reads a snapshot file. Throws DiagnosticError (file:line:column, what was expected) when it is not valid JSON or
/// not a snapshot of this schema.
Snapshot load_snapshot(const std::filesystem::path& file);
/// The same from the text of one; `file` names it in messages.
Snapshot parse_snapshot(const std::string& text, const std::filesystem::path& file);

/// The snapshot of the newest release accelgen knows, as embedded in this binary (knowledge/): what
/// `accelgen contract-diff NEW` compares a newer torch with.
Snapshot newest_known_snapshot();

/// Whether `path` names a snapshot file rather than a torch tree: a regular file whose name ends in ".json".
bool is_snapshot_file(const std::filesystem::path& path);

}  // namespace accelgen::contract_diff
