#include "guide/report_common.h"

namespace accelgen::guide::report_parts {

using contract::ChangeKind;

std::string section_title(ChangeKind k) {
  switch (k) {
    case ChangeKind::CompileError: return "Compile errors";
    case ChangeKind::RuntimeError: return "Runtime errors or crashes";
    case ChangeKind::Rebuild: return "Rebuild required";
    case ChangeKind::BehaviourChange: return "Behaviour changes";
    case ChangeKind::Deprecation: return "Deprecations";
    case ChangeKind::NewFeature: return "New optional features";
  }
  return "?";
}

std::string arrow(const Guidance& g) { return "torch " + g.from.display() + " -> " + g.to.display(); }

std::string counts_line(const Guidance& g) {
  std::string out;
  for (ChangeKind k : kKinds) {
    const int n = g.count(k);
    if (n == 0) continue;
    if (!out.empty()) out += ", ";
    out += std::to_string(n) + " " + std::string(contract::describe(k));
  }
  return out.empty() ? "none" : out;
}

std::string file_status(const FileGuidance& f) {
  switch (f.status) {
    case FileGuidance::Status::Added: return "new file";
    case FileGuidance::Status::Removed: return "removed";
    case FileGuidance::Status::Modified: break;
  }
  return "";
}

std::string file_stat(const FileGuidance& f) {
  std::string s = "+" + std::to_string(f.diff.additions) + " -" + std::to_string(f.diff.deletions);
  const std::string status = file_status(f);
  if (!status.empty()) s += ", " + status;
  if (f.owner == FileOwner::User) s += ", yours after the first generation";
  return s;
}

std::string join_references(const std::vector<std::string>& refs, const std::string& separator) {
  std::string out;
  for (const auto& r : refs) out += (out.empty() ? "" : separator) + r;
  return out;
}

bool is_url(const std::string& ref) { return ref.starts_with("https://"); }

std::vector<std::string> not_known_in_step(const Guidance& g) {
  std::vector<std::string> ids;
  for (const auto& cg : g.changes) {
    if (!cg.known_in_step) ids.push_back(cg.change->id);
  }
  return ids;
}

std::string uncertain_sentence(const Guidance& g, const std::vector<std::string>& ids) {
  using Presence = contract::Landing::Presence;
  bool from_unsure = false, to_unsure = false;
  for (const auto& cg : g.changes) {
    if (cg.known_in_step) continue;
    from_unsure |= cg.change->landing.in(g.from.min) == Presence::Unknown;
    to_unsure |= cg.change->landing.in(g.to.max) == Presence::Unknown;
  }
  std::string releases = from_unsure && to_unsure ? "torch " + g.from.min.to_string() + " and " + g.to.max.to_string()
                         : from_unsure            ? "torch " + g.from.min.to_string()
                                                  : "torch " + g.to.max.to_string();
  std::string list;
  for (const auto& id : ids) list += (list.empty() ? "" : ", ") + id;
  return std::to_string(ids.size()) + " of them are dated only to a span of releases around " + releases +
         ", which may or may not have them (each says which releases): " + list +
         ". The generated backend detects these in the installed torch, so it is right either way.";
}

}  // namespace accelgen::guide::report_parts
