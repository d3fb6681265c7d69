#include "model/operator_catalog.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <stdexcept>

#include "base/strict_yaml.h"
#include "embed/embedded_files.h"
#include "model/capabilities.h"

namespace accelgen {

std::vector<std::string> OperatorCatalog::names() const {
  std::vector<std::string> result;
  for (const auto& [name, op] : ops_) result.push_back(name);
  return result;
}

namespace {

constexpr const char* kPath = "knowledge/operator-catalog.yaml";

bool listed(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The families: one operator template each.
std::vector<std::string> known_families() {
  constexpr std::string_view kPrefix = "templates/backend/csrc/ops/native/", kSuffix = ".cc.mustache";
  std::vector<std::string> families;
  for (const auto& file : embedded::files_under(kPrefix)) {
    if (file.path.ends_with(kSuffix)) {
      families.emplace_back(file.path.substr(kPrefix.size(), file.path.size() - kPrefix.size() - kSuffix.size()));
    }
  }
  return families;
}

}  // namespace

OperatorCatalog OperatorCatalog::load(std::string_view yaml_text, const std::string& origin) {
  const StrictYaml y(origin);
  const YAML::Node root = y.parse(yaml_text, "the operator catalog");
  const auto top = y.fields(root, "the operator catalog", {"operators"}, {});
  const YAML::Node& list = top.at("operators");
  if (!list.IsSequence()) y.fail(list, "operators must be a list");
  const std::vector<std::string> families = known_families();
  const std::vector<std::string> capabilities = capability_names();
  const std::vector<std::string> dispatch_keys = {"PrivateUse1", "QuantizedPrivateUse1"};
  std::map<std::string, CatalogOperator> ops;
  for (const auto& entry : list) {
    const auto f = y.fields(entry, "an operator", {"name", "family", "kernel"}, {"capability", "dispatch_key"});
    CatalogOperator op;
    op.name = y.scalar(f.at("name"), "name");
    const std::string where = "operator " + op.name;
    op.family = y.scalar(f.at("family"), where + ": family");
    if (!listed(families, op.family)) {
      y.fail(f.at("family"),
             where + ": unknown family '" + op.family + "' (known: " + StrictYaml::join(families) + ")");
    }
    if (f.count("capability")) {
      op.capability = y.scalar(f.at("capability"), where + ": capability");
      if (!listed(capabilities, op.capability)) {
        y.fail(f.at("capability"), where + ": unknown capability '" + op.capability +
                                       "' (known: " + StrictYaml::join(capabilities) + ")");
      }
    }
    if (f.count("dispatch_key")) {
      op.dispatch_key = y.scalar(f.at("dispatch_key"), where + ": dispatch_key");
      if (!listed(dispatch_keys, op.dispatch_key)) {
        y.fail(f.at("dispatch_key"), where + ": unknown dispatch key '" + op.dispatch_key +
                                         "' (known: " + StrictYaml::join(dispatch_keys) + ")");
      }
    }
    const auto k = y.fields(f.at("kernel"), where + ": kernel", {"summary", "params", "body"}, {"host"});
    op.kernel.summary = y.scalar(k.at("summary"), where + ": kernel.summary");
    const YAML::Node& params = k.at("params");
    if (!params.IsSequence()) y.fail(params, where + ": kernel.params must be a list");
    for (const auto& param : params) {
      const std::string text = y.scalar(param, where + ": a kernel parameter");
      const auto space = text.find(' ');
      if (space == std::string::npos || space == 0 || space + 1 == text.size()) {
        y.fail(param, where + ": kernel parameter '" + text + "' must be \"KIND NAME\" (e.g. \"in self\")");
      }
      op.kernel.params.push_back({text.substr(0, space), text.substr(space + 1)});
    }
    if (k.count("host")) op.kernel.host = y.scalar(k.at("host"), where + ": kernel.host");
    op.kernel.body = y.scalar(k.at("body"), where + ": kernel.body");
    if (ops.contains(op.name)) y.fail(f.at("name"), "duplicate operator " + op.name);
    ops.emplace(op.name, op);
  }
  return OperatorCatalog(std::move(ops));
}

const OperatorCatalog& operator_catalog() {
  static const OperatorCatalog catalog = [] {
    auto text = embedded::file(kPath);
    if (!text) throw std::logic_error(std::string(kPath) + " is not embedded in this build");
    return OperatorCatalog::load(*text, kPath);
  }();
  return catalog;
}

}  // namespace accelgen
