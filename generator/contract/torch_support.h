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
  std::string component;     // the knowledge base's component for a change found in it (contract_diff drafts)
  bool tokens_only = false;  // read for preprocessor facts only
};

struct TorchSupport {
  TorchVersion min;  // every minor release from min to max is supported
  TorchVersion max;  // also the newest known release: no change of the knowledge base is dated after it
  /// The releases whose headers and Python sources were compared ("2.6.0", "2.11.0", "2.14.1"), ascending: a change
  /// dated between two of them needs no other evidence (KnowledgeBase::load checks the dating rule against them).
  std::vector<std::string> examined;
  std::vector<ContractHeader> contract_headers;
  std::string origin;  // where it was read from ("knowledge/torch-versions.yaml"), for messages

  /// The examined releases as release lines: 2.6, 2.11, 2.14.
  std::vector<TorchVersion> examined_lines() const;

  /// Parses the text of knowledge/torch-versions.yaml; throws KnowledgeBaseError ("origin:line:column: error: ...").
  static TorchSupport load(std::string_view yaml_text, const std::string& origin);
};

/// knowledge/torch-versions.yaml as embedded in this binary.
const TorchSupport& torch_support();

}  // namespace accelgen::contract
