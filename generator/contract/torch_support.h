// What accelgen supports, as data (knowledge/torch-versions.yaml, embedded in the binary): the torch releases it
// generates for and the headers of the PrivateUse1 contract.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "contract/torch_version.h"

namespace accelgen::contract {

struct ContractHeader {
  std::string path;          // relative to <prefix>/include: "ATen/detail/PrivateUse1HooksInterface.h"
  std::string what;          // what it holds for a backend
  bool tokens_only = false;  // read for preprocessor facts only
};

struct TorchSupport {
  TorchVersion min;  // every minor release from min to max is supported
  TorchVersion max;
  std::vector<ContractHeader> contract_headers;

  /// Parses the text of knowledge/torch-versions.yaml; throws KnowledgeBaseError ("origin:line:column: error: ...").
  static TorchSupport load(std::string_view yaml_text, const std::string& origin);
};

/// knowledge/torch-versions.yaml as embedded in this binary.
const TorchSupport& torch_support();

}  // namespace accelgen::contract
