#include "model/operator_catalog.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <stdexcept>

#include "base/strict_yaml.h"
#include "embed/embedded_files.h"
#include "model/aten_schema.h"
#include "model/capabilities.h"

namespace accelgen {

std::vector<std::string> OperatorCatalog::names() const {
  std::vector<std::string> result;
  for (const auto& [name, op] : ops_) result.push_back(name);
  return result;
}

namespace {

constexpr std::string_view kCatalogDir = "knowledge/operators/";

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

// The operator's variants: each schema parsed (a mistake is an error at the schema's line), with one of call
// and body; the first must be the operator itself.
std::vector<CatalogVariant> read_variants(const StrictYaml& y, const YAML::Node& list, const std::string& op_name,
                                          bool structured, std::vector<std::string>& schemas_seen) {
  const std::string where = "operator " + op_name;
  if (!list.IsSequence() || list.size() == 0) y.fail(list, where + ": variants must be a non-empty list");
  std::vector<CatalogVariant> variants;
  for (const auto& entry : list) {
    const auto f = y.fields(entry, where + ": a variant", {"schema"}, {"call", "body", "comment"});
    CatalogVariant v;
    v.schema = y.scalar(f.at("schema"), where + ": schema");
    AtenSchema parsed;
    try {
      parsed = parse_aten_schema(v.schema, structured);
    } catch (const SchemaError& e) {
      y.fail(f.at("schema"), where + ": schema \"" + v.schema + "\": " + e.what());
    }
    if (variants.empty() && parsed.name != op_name) {
      y.fail(f.at("schema"), where + ": the first variant must be the operator itself (" + op_name + "), not " +
                                 parsed.name);
    }
    if (listed(schemas_seen, parsed.name)) y.fail(f.at("schema"), "duplicate schema " + parsed.name);
    schemas_seen.push_back(parsed.name);
    if (f.count("call") == f.count("body")) {
      y.fail(entry, where + ": variant " + parsed.name +
                        " needs exactly one of call (an expression the wrapper returns) and body (its statements)");
    }
    if (f.count("call")) v.call = y.scalar(f.at("call"), where + ": call");
    if (f.count("body")) v.body = y.scalar(f.at("body"), where + ": body");
    if (f.count("comment")) v.comment = y.scalar(f.at("comment"), where + ": comment");
    variants.push_back(std::move(v));
  }
  return variants;
}

}  // namespace

void OperatorCatalog::merge(const OperatorCatalog& other) {
  for (const auto& [name, op] : other.ops_) {
    if (!ops_.emplace(name, op).second) throw std::logic_error("operator " + name + " is in two catalog files");
  }
}

OperatorCatalog OperatorCatalog::load(std::string_view yaml_text, const std::string& origin,
                                      const std::string& family) {
  const StrictYaml y(origin);
  const YAML::Node root = y.parse(yaml_text, "the operator catalog");
  const auto top = y.fields(root, "the operator catalog", {"operators"}, {});
  const YAML::Node& list = top.at("operators");
  if (!list.IsSequence()) y.fail(list, "operators must be a list");
  const std::vector<std::string> families = known_families();
  const std::vector<std::string> capabilities = capability_names();
  const std::vector<std::string> dispatch_keys = {"PrivateUse1", "QuantizedPrivateUse1"};
  std::map<std::string, CatalogOperator> ops;
  std::vector<std::string> schemas_seen;
  for (const auto& entry : list) {
    const auto f = y.fields(entry, "an operator", {"name", "family", "variants", "kernel"},
                            {"capability", "dispatch_key", "structured", "support"});
    CatalogOperator op;
    op.name = y.scalar(f.at("name"), "name");
    if (ops.contains(op.name)) y.fail(f.at("name"), "duplicate operator " + op.name);
    const std::string where = "operator " + op.name;
    op.family = y.scalar(f.at("family"), where + ": family");
    if (!listed(families, op.family)) {
      y.fail(f.at("family"),
             where + ": unknown family '" + op.family + "' (known: " + StrictYaml::join(families) + ")");
    }
    if (!family.empty() && op.family != family) {
      y.fail(f.at("family"), where + ": family '" + op.family + "' in the catalog file of family '" + family +
                                 "' (move the entry to knowledge/operators/" + op.family + ".yaml)");
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
    if (f.count("support")) op.support = y.scalar(f.at("support"), where + ": support");
    if (f.count("structured")) {
      const std::string value = y.scalar(f.at("structured"), where + ": structured");
      if (value != "true" && value != "false") y.fail(f.at("structured"), where + ": structured must be true or false");
      op.structured = value == "true";
    }
    op.variants = read_variants(y, f.at("variants"), op.name, op.structured, schemas_seen);
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
    ops.emplace(op.name, op);
  }
  return OperatorCatalog(std::move(ops));
}

const OperatorCatalog& operator_catalog() {
  static const OperatorCatalog catalog = [] {
    OperatorCatalog all({});
    for (const auto& file : embedded::files_under(kCatalogDir)) {
      if (!file.path.ends_with(".yaml")) continue;
      const std::string stem(file.path.substr(kCatalogDir.size(), file.path.size() - kCatalogDir.size() - 5));
      all.merge(OperatorCatalog::load(file.content, std::string(file.path), stem));
    }
    if (all.names().empty()) throw std::logic_error(std::string(kCatalogDir) + " is not embedded in this build");
    return all;
  }();
  return catalog;
}

}  // namespace accelgen
