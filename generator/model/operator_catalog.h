// The ATen operators accelgen has a native kernel template for (knowledge/operator-catalog.yaml).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace accelgen {

struct CatalogOperator {
  std::string name;    // "add.Tensor"
  std::string family;  // kernel family the templates group it under: "binary", "unary", "reduction", ...
};

class OperatorCatalog {
 public:
  explicit OperatorCatalog(std::map<std::string, CatalogOperator> ops) : ops_(std::move(ops)) {}
  bool contains(const std::string& name) const { return ops_.contains(name); }
  const CatalogOperator& at(const std::string& name) const { return ops_.at(name); }
  std::vector<std::string> names() const;

 private:
  std::map<std::string, CatalogOperator> ops_;
};

/// The catalog embedded in the binary.
const OperatorCatalog& operator_catalog();

}  // namespace accelgen
