#include "output/up_to_date.h"

#include <cstdlib>
#include <iostream>

#include "base/diagnostic.h"
#include "output/manifest.h"
#include "output/transaction.h"
#include "output/tree_fs.h"

namespace accelgen {

std::string why_not_up_to_date(const std::filesystem::path& dir, const RecordedInputs& inputs) {
  try {
    const TreeFs tree(dir);
    if (transaction_pending(tree)) return "an interrupted run is pending";
    if (tree.kind(kLegacyPristineDir) != TreeFs::Kind::Missing) return "an older accelgen's .accelgen/pristine is left";
    const auto manifest_text = tree.read(kManifestPath, 16u << 20);
    if (!manifest_text) return "no manifest";
    const Manifest manifest = Manifest::from_json(*manifest_text, tree.display(kManifestPath));
    if (manifest.to_json() != *manifest_text) return "the manifest is not in this version's form";
    if (manifest.accelgen_version != inputs.accelgen_version) return "the tree was written by another accelgen version";
    if (manifest.embedded_fingerprint != inputs.embedded_fingerprint) {
      return "the embedded templates/knowledge fingerprint differs";
    }
    if (manifest.torch_min != inputs.torch_min || manifest.torch_max != inputs.torch_max) {
      return "the torch target differs";
    }
    if (manifest.spec_blob_id != blob_id(inputs.spec_content)) return "the spec differs from the recorded one";
    if (tree.read(kSpecCopyPath, 1u << 20) != inputs.spec_content) return "the recorded spec copy differs";
    for (const auto& [path, entry] : manifest.files) {
      if (entry.conflicted) return path + " has an unresolved conflict";
      if (entry.owner == FileOwner::User) continue;  // scaffolded once, the user's since: never rewritten
      if (tree.kind(path) != TreeFs::Kind::File) return path + " is missing or not a regular file";
      const auto current = tree.read(path);
      if (!current || blob_id(*current) != entry.blob_id) return path + " differs from its recorded blob id";
    }
    return "";
  } catch (const std::exception& e) {  // a damaged manifest, an unreadable file: the full path says what is wrong
    return std::string("cannot check: ") + e.what();
  }
}

void trace(const std::string& message) {
  const char* value = std::getenv("ACCELGEN_TRACE");
  if (value && *value && std::string(value) != "0") std::cerr << "accelgen: trace: " << message << "\n";
}

}  // namespace accelgen
