#include "output/manifest.h"

#include <git2.h>
#include <nlohmann/json.hpp>

#include <mutex>

#include "base/diagnostic.h"
#include "output/tree_fs.h"
#include "output/tree_paths.h"

namespace accelgen {

std::string blob_id(const std::string& content) {
  static std::once_flag init;
  std::call_once(init, [] { git_libgit2_init(); });
  git_oid oid;
  if (git_odb_hash(&oid, content.data(), content.size(), GIT_OBJECT_BLOB) != 0) {
    throw std::runtime_error("libgit2 could not hash a blob");
  }
  char hex[GIT_OID_HEXSZ + 1];
  git_oid_tostr(hex, sizeof(hex), &oid);
  return hex;
}

std::string Manifest::to_json() const {
  nlohmann::ordered_json j;
  j["accelgen_version"] = accelgen_version;
  if (!embedded_fingerprint.empty()) j["embedded_fingerprint"] = embedded_fingerprint;
  j["spec"] = {{"file", spec_file}, {"git_blob_id", spec_blob_id}};
  j["torch"] = {{"min", torch_min}, {"max", torch_max}};
  nlohmann::ordered_json entries = nlohmann::ordered_json::object();
  for (const auto& [path, entry] : files) {
    entries[path] = {{"owner", entry.owner == FileOwner::User ? "user" : "generated"},
                     {"git_blob_id", entry.blob_id}};
    if (entry.conflicted) entries[path]["conflicted"] = true;
  }
  j["files"] = entries;
  return j.dump(2) + "\n";
}

namespace {

bool is_blob_id(const std::string& id) {
  return id.size() == 40 && id.find_first_not_of("0123456789abcdef") == std::string::npos;
}

}  // namespace

Manifest Manifest::from_json(const std::string& text, const std::string& origin) {
  const std::string restore = "restore it from version control; accelgen needs it to keep your edits";
  std::vector<Diagnostic> problems;
  try {
    const auto j = nlohmann::json::parse(text);
    Manifest m;
    m.accelgen_version = j.at("accelgen_version").get<std::string>();
    if (j.contains("embedded_fingerprint")) m.embedded_fingerprint = j.at("embedded_fingerprint").get<std::string>();
    m.spec_file = j.at("spec").at("file").get<std::string>();
    m.spec_blob_id = j.at("spec").at("git_blob_id").get<std::string>();
    m.torch_min = j.at("torch").at("min").get<std::string>();
    m.torch_max = j.at("torch").at("max").get<std::string>();
    if (auto problem = tree_path_problem(m.spec_file); problem || m.spec_file != "accelgen.yaml") {
      problems.push_back({origin, 0, 0, "the manifest names the spec file '" + m.spec_file + "'; only "
                          "'accelgen.yaml' is allowed", restore});
    }
    if (!is_blob_id(m.spec_blob_id)) {
      problems.push_back({origin, 0, 0, "the manifest's spec blob id is not 40 hex digits", restore});
    }
    for (const auto& [path, entry] : j.at("files").items()) {
      if (auto problem = tree_path_problem(path)) {
        problems.push_back({origin, 0, 0, "the manifest lists an unsafe path '" + path + "': " + *problem, restore});
        continue;
      }
      const std::string owner = entry.at("owner").get<std::string>();
      if (owner != "user" && owner != "generated") {
        problems.push_back({origin, 0, 0, "the manifest gives '" + path + "' the unknown owner '" + owner + "'",
                            restore});
        continue;
      }
      const std::string id = entry.at("git_blob_id").get<std::string>();
      if (!is_blob_id(id)) {
        problems.push_back({origin, 0, 0, "the manifest's blob id for '" + path + "' is not 40 hex digits", restore});
        continue;
      }
      m.files[path] = {owner == "user" ? FileOwner::User : FileOwner::Generated, id,
                       entry.contains("conflicted") && entry.at("conflicted").get<bool>()};
    }
    if (problems.empty()) return m;
  } catch (const nlohmann::json::exception& e) {
    problems.push_back({origin, 0, 0, std::string("the manifest is damaged: ") + e.what(), restore});
  }
  if (problems.size() > 20) problems.resize(20);
  throw DiagnosticError(problems);
}

bool has_conflict_markers(std::string_view text) {
  const auto open = text.starts_with("<<<<<<< ") ? 0 : text.find("\n<<<<<<< ");
  if (open == std::string_view::npos) return false;
  return text.find("\n>>>>>>> ", open) != std::string_view::npos;
}

std::optional<Manifest> read_manifest(const std::filesystem::path& dir) {
  const TreeFs tree(dir);
  const auto text = tree.read(kManifestPath, 16u << 20);
  if (!text) return std::nullopt;
  return Manifest::from_json(*text, tree.display(kManifestPath));
}

}  // namespace accelgen
