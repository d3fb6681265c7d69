#include "plan/version_knowledge.h"

#include <stdexcept>
#include <string>

#include "embed/embedded_files.h"

namespace accelgen {

const contract::KnowledgeBase& version_knowledge() {
  static const contract::KnowledgeBase kb = [] {
    constexpr const char* kPath = "knowledge/torch-changes.yaml";
    auto text = embedded::file(kPath);
    if (!text) throw std::logic_error(std::string(kPath) + " is not embedded in this build");
    return contract::KnowledgeBase::load(*text, kPath);
  }();
  return kb;
}

}  // namespace accelgen
