#include "contract/torch_support.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "base/strict_yaml.h"
#include "contract/knowledge_base.h"
#include "embed/embedded_files.h"

namespace accelgen::contract {

TorchSupport TorchSupport::load(std::string_view yaml_text, const std::string& origin) {
  const StrictYaml reader(origin);
  const YAML::Node root = reader.parse(yaml_text, "the torch version list");
  auto top = reader.fields(root, "torch version list", {"schema_version", "supported", "examined", "contract_headers"},
                           {});
  reader.expect_schema_version_1(top["schema_version"]);

  TorchSupport support;
  support.origin = origin;
  auto range = reader.fields(top["supported"], "supported", {"min", "max"}, {});
  auto version = [&](const YAML::Node& node, const std::string& what) {
    const std::string text = reader.scalar(node, what);
    auto v = TorchVersion::parse(text);
    if (!v) reader.fail(node, what + " '" + text + "' is not a torch version such as \"2.14\"");
    return *v;
  };
  support.min = version(range["min"], "supported.min");
  support.max = version(range["max"], "supported.max");
  if (support.max < support.min || support.min.major != support.max.major) {
    reader.fail(top["supported"], "supported: min must not be above max, and both must share one major version");
  }

  const YAML::Node& examined = top["examined"];
  if (!examined.IsSequence() || examined.size() == 0) {
    reader.fail(examined, "examined must be a non-empty list of torch releases such as \"2.14.1\"");
  }
  std::optional<TorchVersion> previous;
  for (std::size_t i = 0; i < examined.size(); ++i) {
    const std::string where = "examined[" + std::to_string(i) + "]";
    const std::string text = reader.scalar(examined[i], where);
    const auto v = TorchVersion::parse(text);
    if (!v || text.find_first_not_of("0123456789.") != std::string::npos ||
        std::count(text.begin(), text.end(), '.') != 2) {
      reader.fail(examined[i], where + " '" + text + "' is not a torch release such as \"2.14.1\" (MAJOR.MINOR.PATCH)");
    }
    if (previous && !(*previous < *v)) {
      reader.fail(examined[i], where + " '" + text + "' must be a later release line than the one before it (" +
                                   previous->to_string() + "): list one release per line, oldest first");
    }
    if (support.max < *v) {
      reader.fail(examined[i], where + " '" + text + "' is newer than supported.max " + support.max.to_string() +
                                   ", the newest known release: raise supported.max first");
    }
    previous = v;
    support.examined.push_back(text);
  }

  const YAML::Node& headers = top["contract_headers"];
  if (!headers.IsSequence() || headers.size() == 0) reader.fail(headers, "contract_headers must be a non-empty list");
  for (std::size_t i = 0; i < headers.size(); ++i) {
    const std::string where = "contract_headers[" + std::to_string(i) + "]";
    auto f = reader.fields(headers[i], where, {"path", "what", "component"}, {"tokens_only"});
    ContractHeader h;
    h.path = reader.scalar(f["path"], where + ".path");
    h.what = reader.scalar(f["what"], where + ".what");
    h.component = reader.scalar(f["component"], where + ".component");
    const auto& components = known_components();
    if (std::find(components.begin(), components.end(), h.component) == components.end()) {
      std::string known;
      for (const auto& c : components) known += (known.empty() ? "" : ", ") + c;
      reader.fail(f["component"], where + ".component '" + h.component +
                                      "' is not a component of knowledge/torch-changes.yaml (" + known + ")");
    }
    if (f.count("tokens_only")) {
      const std::string flag = reader.scalar(f["tokens_only"], where + ".tokens_only");
      if (flag != "true" && flag != "false") reader.fail(f["tokens_only"], where + ".tokens_only must be true or false");
      h.tokens_only = flag == "true";
    }
    support.contract_headers.push_back(std::move(h));
  }
  return support;
}

std::vector<TorchVersion> TorchSupport::examined_lines() const {
  std::vector<TorchVersion> lines;
  for (const auto& release : examined) lines.push_back(*TorchVersion::parse(release));
  return lines;
}

const TorchSupport& torch_support() {
  static const TorchSupport support = [] {
    constexpr const char* kPath = "knowledge/torch-versions.yaml";
    auto text = embedded::file(kPath);
    if (!text) throw std::logic_error(std::string(kPath) + " is not embedded in this build");
    return TorchSupport::load(*text, kPath);
  }();
  return support;
}

}  // namespace accelgen::contract
