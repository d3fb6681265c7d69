#include "base/strict_yaml.h"

#include <algorithm>

namespace accelgen {
namespace {

std::string format_error(const std::string& origin, int line, int column, const std::string& message) {
  std::string out = origin;
  if (line > 0) {
    out += ":" + std::to_string(line);
    if (column > 0) out += ":" + std::to_string(column);
  }
  return out + ": error: " + message;
}

}  // namespace

DataFileError::DataFileError(std::string origin, int line, int column, std::string message)
    : std::runtime_error(format_error(origin, line, column, message)),
      origin_(std::move(origin)),
      line_(line),
      column_(column),
      message_(std::move(message)) {}

void StrictYaml::fail(const YAML::Mark& mark, const std::string& message) const {
  const bool known = !mark.is_null() && mark.line >= 0;
  throw DataFileError(origin_, known ? mark.line + 1 : 0, known ? mark.column + 1 : 0, message);
}

YAML::Node StrictYaml::parse(std::string_view text, const std::string& what) const {
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::ParserException& e) {
    fail(e.mark, "invalid YAML: " + e.msg);
  }
  if (!root || root.IsNull()) throw DataFileError(origin_, 0, 0, what + " is empty");
  return root;
}

std::map<std::string, YAML::Node> StrictYaml::fields(const YAML::Node& map, const std::string& what,
                                                     const std::vector<std::string>& required,
                                                     const std::vector<std::string>& optional) const {
  if (!map.IsMap()) fail(map, what + " must be a mapping");
  std::map<std::string, YAML::Node> out;
  for (const auto& kv : map) {
    const YAML::Node& key = kv.first;
    if (!key.IsScalar()) fail(key, what + ": keys must be plain names");
    const std::string name = key.Scalar();
    const bool known = std::find(required.begin(), required.end(), name) != required.end() ||
                       std::find(optional.begin(), optional.end(), name) != optional.end();
    if (!known) {
      std::vector<std::string> all = required;
      all.insert(all.end(), optional.begin(), optional.end());
      fail(key, what + ": unknown key '" + name + "' (known keys: " + join(all) + ")");
    }
    if (out.count(name)) fail(key, what + ": duplicate key '" + name + "'");
    out.emplace(name, kv.second);
  }
  for (const auto& r : required) {
    if (!out.count(r)) fail(map, what + ": missing required field '" + r + "'");
  }
  return out;
}

std::string StrictYaml::scalar(const YAML::Node& node, const std::string& what, bool allow_empty) const {
  if (node.IsNull()) {
    if (allow_empty) return "";
    fail(node, what + " must not be empty");
  }
  if (!node.IsScalar()) fail(node, what + " must be a string");
  std::string s = node.Scalar();
  if (!allow_empty && s.find_first_not_of(" \t\r\n") == std::string::npos) fail(node, what + " must not be empty");
  return s;
}

void StrictYaml::expect_schema_version_1(const YAML::Node& node) const {
  if (scalar(node, "schema_version") != "1") fail(node, "schema_version must be 1");
}

std::string StrictYaml::join(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& s : names) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace accelgen
