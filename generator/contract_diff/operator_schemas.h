// The operator schemas a generated backend registers kernels for, as an installed torch declares them.
//
// Every operator of the catalog (knowledge/operators/) is registered by its schema name ("add.Tensor",
// m.impl("add.Tensor", ...)). torch declares each operator it has in ATen/ops/<name>_ops.h, as a struct
// at::_ops::<name>_<overload> whose schema_str is the schema; an operator torch removed has none, and a changed
// schema reads differently. The items are "schema:add.Tensor" (detail: the schema string).
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "contract_diff/contract_diff.h"

namespace accelgen::contract_diff {

/// Adds an item for every catalog schema declared under `include_dir` (include/ATen/ops/*_ops.h); a schema torch
/// does not declare gets none.
void add_operator_schemas(const std::filesystem::path& include_dir, std::map<std::string, Item>& items);

/// The at::_ops struct that declares a schema name: "add.Tensor" -> "add_Tensor", "relu" -> "relu".
std::string ops_struct_name(const std::string& schema_name);

}  // namespace accelgen::contract_diff
