#include "output/manifest.h"

#include <git2.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <mutex>
#include <sstream>

#include "spec/diagnostic.h"

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
  j["spec"] = {{"file", spec_file}, {"git_blob_id", spec_blob_id}};
  j["torch"] = {{"min", torch_min}, {"max", torch_max}};
  nlohmann::ordered_json entries = nlohmann::ordered_json::object();
  for (const auto& [path, entry] : files) {
    entries[path] = {{"owner", entry.owner == FileOwner::User ? "user" : "generated"},
                     {"git_blob_id", entry.blob_id}};
  }
  j["files"] = entries;
  return j.dump(2) + "\n";
}

Manifest Manifest::from_json(const std::string& text, const std::string& origin) {
  try {
    const auto j = nlohmann::json::parse(text);
    Manifest m;
    m.accelgen_version = j.at("accelgen_version").get<std::string>();
    m.spec_file = j.at("spec").at("file").get<std::string>();
    m.spec_blob_id = j.at("spec").at("git_blob_id").get<std::string>();
    m.torch_min = j.at("torch").at("min").get<std::string>();
    m.torch_max = j.at("torch").at("max").get<std::string>();
    for (const auto& [path, entry] : j.at("files").items()) {
      m.files[path] = {entry.at("owner").get<std::string>() == "user" ? FileOwner::User : FileOwner::Generated,
                       entry.at("git_blob_id").get<std::string>()};
    }
    return m;
  } catch (const nlohmann::json::exception& e) {
    throw DiagnosticError({{origin, 0, 0, std::string("the manifest is damaged: ") + e.what(),
                            "restore it from version control; accelgen needs it to keep your edits"}});
  }
}

std::optional<Manifest> read_manifest(const std::filesystem::path& dir) {
  const auto path = dir / kManifestPath;
  if (!std::filesystem::exists(path)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return Manifest::from_json(text.str(), path.string());
}

}  // namespace accelgen
