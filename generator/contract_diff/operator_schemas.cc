#include "contract_diff/operator_schemas.h"

#include <fstream>
#include <set>
#include <sstream>

#include "model/operator_catalog.h"

namespace accelgen::contract_diff {

namespace fs = std::filesystem;

std::string ops_struct_name(const std::string& schema_name) {
  const auto dot = schema_name.find('.');
  if (dot == std::string::npos) return schema_name;
  return schema_name.substr(0, dot) + "_" + schema_name.substr(dot + 1);
}

namespace {

// "add.out(Tensor self, ...) -> Tensor(a!)" -> "add.out"
std::string schema_name_of(const std::string& schema) { return schema.substr(0, schema.find('(')); }

// The schema_str of struct `name` in the lines of an _ops.h header, with its 1-based line; empty when absent.
std::pair<std::string, int> declared_schema(const std::vector<std::string>& lines, const std::string& name) {
  const std::string opening = "struct TORCH_API " + name + " {";
  const std::string key = "schema_str = \"";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i] != opening) continue;
    for (std::size_t j = i + 1; j < lines.size() && lines[j] != "};"; ++j) {
      const auto at = lines[j].find(key);
      if (at == std::string::npos) continue;
      const auto start = at + key.size();
      const auto end = lines[j].rfind("\";");
      if (end == std::string::npos || end < start) return {"", 0};
      return {lines[j].substr(start, end - start), static_cast<int>(j + 1)};
    }
  }
  return {"", 0};
}

}  // namespace

void add_operator_schemas(const fs::path& include_dir, std::map<std::string, Item>& items) {
  std::map<std::string, std::set<std::string>> by_header;  // "add" -> {"add.Tensor", "add.out", ...}
  const auto& catalog = operator_catalog();
  for (const auto& op : catalog.names()) {
    for (const auto& variant : catalog.at(op).variants) {
      const std::string name = schema_name_of(variant.schema);
      // In-place variants ("add_.Tensor") are declared beside their operator, in add_ops.h.
      std::string base = name.substr(0, name.find('.'));
      if (base.size() > 1 && base.back() == '_') base.pop_back();
      by_header[base].insert(name);
    }
  }
  for (const auto& [base, names] : by_header) {
    const std::string rel = "ATen/ops/" + base + "_ops.h";
    std::ifstream in(include_dir / rel);
    if (!in) continue;
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    for (const auto& name : names) {
      auto [schema, line] = declared_schema(lines, ops_struct_name(name));
      if (schema.empty()) continue;
      const std::string id = "schema:" + name;
      items.emplace(id, Item{id, schema, rel, line});
    }
  }
}

}  // namespace accelgen::contract_diff
