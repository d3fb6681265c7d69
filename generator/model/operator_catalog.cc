#include "model/operator_catalog.h"

#include <yaml-cpp/yaml.h>

#include <stdexcept>

#include "embed/embedded_files.h"

namespace accelgen {

std::vector<std::string> OperatorCatalog::names() const {
  std::vector<std::string> result;
  for (const auto& [name, op] : ops_) result.push_back(name);
  return result;
}

static OperatorCatalog load_catalog() {
  constexpr const char* kPath = "knowledge/operator-catalog.yaml";
  auto text = embedded::file(kPath);
  if (!text) throw std::logic_error(std::string(kPath) + " is not embedded in this build");
  const YAML::Node root = YAML::Load(std::string(*text));
  std::map<std::string, CatalogOperator> ops;
  for (const auto& entry : root["operators"]) {
    CatalogOperator op;
    op.name = entry["name"].as<std::string>();
    op.family = entry["family"].as<std::string>();
    if (entry["capability"]) op.capability = entry["capability"].as<std::string>();
    if (entry["dispatch_key"]) op.dispatch_key = entry["dispatch_key"].as<std::string>();
    if (op.dispatch_key != "PrivateUse1" && op.dispatch_key != "QuantizedPrivateUse1") {
      throw std::logic_error(std::string(kPath) + ": " + op.name + " has an unknown dispatch key " + op.dispatch_key);
    }
    const YAML::Node kernel = entry["kernel"];
    if (!kernel) throw std::logic_error(std::string(kPath) + ": " + op.name + " has no kernel signature");
    op.kernel.summary = kernel["summary"].as<std::string>();
    for (const auto& param : kernel["params"]) {
      const auto text = param.as<std::string>();
      const auto space = text.find(' ');
      if (space == std::string::npos) throw std::logic_error(std::string(kPath) + ": bad parameter " + text);
      op.kernel.params.push_back({text.substr(0, space), text.substr(space + 1)});
    }
    if (kernel["host"]) op.kernel.host = kernel["host"].as<std::string>();
    op.kernel.body = kernel["body"].as<std::string>();
    if (!ops.emplace(op.name, op).second) throw std::logic_error(std::string(kPath) + ": duplicate " + op.name);
  }
  return OperatorCatalog(std::move(ops));
}

const OperatorCatalog& operator_catalog() {
  static const OperatorCatalog catalog = load_catalog();
  return catalog;
}

}  // namespace accelgen
