// Strict reading of accelgen's own YAML data files (knowledge/*.yaml: the torch knowledge base and versions, the
// operator catalog): unknown or duplicate keys, missing fields and wrong shapes are errors at file:line:column
// (DataFileError).
#pragma once

#include <yaml-cpp/yaml.h>

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace accelgen {

/// A problem in one of accelgen's data files; what() is "<origin>:<line>:<column>: error: <message>".
class DataFileError : public std::runtime_error {
 public:
  DataFileError(std::string origin, int line, int column, std::string message);
  const std::string& origin() const { return origin_; }
  int line() const { return line_; }      // 1-based, 0 if unknown
  int column() const { return column_; }  // 1-based, 0 if unknown
  const std::string& message() const { return message_; }

 private:
  std::string origin_;
  int line_;
  int column_;
  std::string message_;
};

class StrictYaml {
 public:
  explicit StrictYaml(std::string origin) : origin_(std::move(origin)) {}

  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& message) const;
  [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const { fail(node.Mark(), message); }

  /// Parses a whole document; a syntax error or an empty document (`what` names it) fails.
  YAML::Node parse(std::string_view text, const std::string& what) const;

  /// The value nodes of a mapping by key, rejecting unknown and duplicate keys; `required` keys must be present.
  std::map<std::string, YAML::Node> fields(const YAML::Node& map, const std::string& what,
                                           const std::vector<std::string>& required,
                                           const std::vector<std::string>& optional) const;

  /// A scalar's text; null or blank fails unless `allow_empty`.
  std::string scalar(const YAML::Node& node, const std::string& what, bool allow_empty = false) const;

  /// "1" in `schema_version`, or a failure.
  void expect_schema_version_1(const YAML::Node& node) const;

  const std::string& origin() const { return origin_; }

  /// "a, b, c".
  static std::string join(const std::vector<std::string>& names);

 private:
  std::string origin_;
};

}  // namespace accelgen
