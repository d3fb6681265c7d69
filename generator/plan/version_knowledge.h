// The torch version knowledge base compiled into this binary (knowledge/torch-changes.yaml).
#pragma once

#include "contract/knowledge_base.h"

namespace accelgen {

const contract::KnowledgeBase& version_knowledge();

}  // namespace accelgen
