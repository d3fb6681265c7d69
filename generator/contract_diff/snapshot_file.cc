#include "contract_diff/snapshot_file.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <stdexcept>
#include <sstream>
#include <system_error>

#include "base/diagnostic.h"
#include "contract/torch_version.h"
#include "embed/embedded_files.h"

namespace accelgen::contract_diff {

namespace fs = std::filesystem;

namespace {

constexpr const char* kHint = "regenerate it with `accelgen contract-diff --snapshot PREFIX -o FILE`";

[[noreturn]] void invalid(const fs::path& file, int line, int column, const std::string& message) {
  throw DiagnosticError({{file.string(), line, column, message, kHint}});
}

// The 1-based line and column of a byte offset of `text`.
std::pair<int, int> position_of(const std::string& text, std::size_t offset) {
  int line = 1;
  int column = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

const nlohmann::json& member(const nlohmann::json& object, const char* name, nlohmann::json::value_t type,
                             const fs::path& file) {
  const auto it = object.find(name);
  if (it == object.end() || it->type() != type) {
    invalid(file, 0, 0, std::string("expected a contract snapshot (\"") + kSnapshotSchema + "\") with a \"" + name +
                            "\" member of type " + nlohmann::json(type).type_name());
  }
  return *it;
}

std::string string_member(const nlohmann::json& object, const char* name, const fs::path& file) {
  return member(object, name, nlohmann::json::value_t::string, file).get<std::string>();
}

}  // namespace

std::string snapshot_to_json(const Snapshot& snapshot) {
  nlohmann::ordered_json j;
  j["schema"] = kSnapshotSchema;
  j["torch"] = snapshot.torch_version;
  j["layout"] = snapshot.layout;
  j["parse_errors"] = snapshot.error_count;
  j["headers"] = snapshot.headers;
  nlohmann::ordered_json items = nlohmann::ordered_json::array();
  for (const auto& [id, item] : snapshot.items) {  // a std::map: sorted by id
    items.push_back({{"id", id}, {"detail", item.detail}, {"file", item.file}, {"line", item.line}});
  }
  j["items"] = std::move(items);
  nlohmann::ordered_json methods = nlohmann::ordered_json::object();
  for (const auto& [name, detail] : snapshot.non_virtual_methods) methods[name] = detail;
  j["non_virtual_methods"] = std::move(methods);
  return j.dump(2) + "\n";
}

Snapshot load_snapshot(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) invalid(file, 0, 0, "cannot read the contract snapshot");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return parse_snapshot(buffer.str(), file);
}

Snapshot newest_known_snapshot() {
  const std::string path =
      "knowledge/contract-snapshot-" + contract::max_supported_version().to_string() + ".json";
  const auto text = embedded::file(path);
  if (!text) throw std::logic_error(path + " is not embedded in this build");
  return parse_snapshot(std::string(*text), path);
}

Snapshot parse_snapshot(const std::string& text, const fs::path& file) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    const auto [line, column] = position_of(text, e.byte == 0 ? 0 : e.byte - 1);
    invalid(file, line, column, std::string("not valid JSON: ") + e.what());
  }
  if (!j.is_object()) invalid(file, 1, 1, std::string("expected a JSON object, a contract snapshot (\"") +
                                              kSnapshotSchema + "\")");
  const std::string schema = string_member(j, "schema", file);
  if (schema != kSnapshotSchema) {
    invalid(file, 0, 0, "schema \"" + schema + "\" is not \"" + kSnapshotSchema + "\", the one this accelgen reads");
  }
  Snapshot snapshot;
  snapshot.prefix = file;
  snapshot.torch_version = string_member(j, "torch", file);
  snapshot.layout = string_member(j, "layout", file);  // the layout of the tree it was made of
  snapshot.error_count = member(j, "parse_errors", nlohmann::json::value_t::number_unsigned, file).get<int>();
  for (const auto& header : member(j, "headers", nlohmann::json::value_t::array, file)) {
    if (!header.is_string()) invalid(file, 0, 0, "\"headers\" must list strings");
    snapshot.headers.push_back(header.get<std::string>());
  }
  for (const auto& entry : member(j, "items", nlohmann::json::value_t::array, file)) {
    if (!entry.is_object()) invalid(file, 0, 0, "\"items\" must list objects with id, detail, file and line");
    Item item;
    item.id = string_member(entry, "id", file);
    item.detail = string_member(entry, "detail", file);
    item.file = string_member(entry, "file", file);
    item.line = member(entry, "line", nlohmann::json::value_t::number_unsigned, file).get<int>();
    if (!snapshot.items.emplace(item.id, item).second) invalid(file, 0, 0, "item \"" + item.id + "\" is listed twice");
  }
  for (const auto& [name, detail] : member(j, "non_virtual_methods", nlohmann::json::value_t::object, file).items()) {
    if (!detail.is_string()) invalid(file, 0, 0, "\"non_virtual_methods\" must map names to strings");
    snapshot.non_virtual_methods[name] = detail.get<std::string>();
  }
  return snapshot;
}

bool is_snapshot_file(const fs::path& path) {
  std::error_code ec;
  return path.extension() == ".json" && fs::is_regular_file(path, ec);
}

}  // namespace accelgen::contract_diff
