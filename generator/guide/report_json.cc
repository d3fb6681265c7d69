#include "guide/report.h"

#include <nlohmann/json.hpp>

#include "guide/report_common.h"

namespace accelgen::guide {

using contract::Change;
using contract::ChangeKind;
using namespace report_parts;

namespace {

nlohmann::ordered_json file_json(const FileGuidance& f, bool with_diff) {
  nlohmann::ordered_json j;
  j["path"] = f.path;
  j["owner"] = f.owner == FileOwner::User ? "user" : "generated";
  j["status"] = f.status == FileGuidance::Status::Added ? "added"
                : f.status == FileGuidance::Status::Removed ? "removed" : "modified";
  j["additions"] = f.diff.additions;
  j["deletions"] = f.diff.deletions;
  if (with_diff) j["diff"] = f.unified;
  return j;
}

std::string action_name(TreeChange::Action a) {
  switch (a) {
    case TreeChange::Action::Create: return "create";
    case TreeChange::Action::Update: return "update";
    case TreeChange::Action::Merge: return "merge";
    case TreeChange::Action::Conflict: return "conflict";
    case TreeChange::Action::Unresolved: return "unresolved-conflict";
    case TreeChange::Action::Remove: return "remove";
    case TreeChange::Action::KeepEdited: return "keep-edited";
    case TreeChange::Action::KeepDeleted: return "keep-deleted";
    case TreeChange::Action::KeepUnused: return "keep-unused";
    case TreeChange::Action::Move: return "move";
    case TreeChange::Action::KeepStale: return "keep-stale";
  }
  return "?";
}

}  // namespace

std::string render_json(const Guidance& g) {
  nlohmann::ordered_json j;
  j["schema"] = "accelgen-upgrade-guidance/1";
  j["device"] = g.device;
  j["from"] = {{"min", g.from.min.to_string()}, {"max", g.from.max.to_string()}};
  j["to"] = {{"min", g.to.min.to_string()}, {"max", g.to.max.to_string()}};
  nlohmann::ordered_json counts = nlohmann::ordered_json::object();
  for (ChangeKind k : kKinds) counts[std::string(contract::to_string(k))] = g.count(k);
  j["counts"] = counts;
  j["needs_user_action"] = g.needs_user_action();
  nlohmann::ordered_json changes = nlohmann::ordered_json::array();
  for (const auto& cg : g.changes) {
    const Change& ch = *cg.change;
    nlohmann::ordered_json c;
    c["id"] = ch.id;
    c["kind"] = std::string(contract::to_string(ch.kind));
    c["severity"] = std::string(contract::describe(ch.kind));
    c["component"] = ch.component;
    c["newest_without"] = ch.landing.newest_without.to_string();
    c["oldest_with"] = ch.landing.oldest_with.to_string();
    c["known_in_step"] = cg.known_in_step;
    c["timing"] = cg.timing;
    c["feature"] = ch.feature.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(ch.feature);
    c["applies_when"] = ch.applies_when.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(ch.applies_when);
    c["summary"] = ch.summary;
    c["upstream"] = ch.explanation;
    c["generated_change"] = ch.generated_change;
    c["user_action"] = ch.user_action;
    c["references"] = ch.references;
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (const auto& f : cg.files) files.push_back(file_json(f, cg.same_diff_as.empty()));
    c["files"] = files;
    c["same_diff_as"] = cg.same_diff_as.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(cg.same_diff_as);
    if (!cg.contract_items.empty()) c["contract_items"] = cg.contract_items;
    changes.push_back(c);
  }
  j["changes"] = changes;
  if (g.scanned) {
    nlohmann::ordered_json scan;
    scan["roots"] = g.scanned_roots;
    scan["files_scanned"] = g.scanned_files;
    nlohmann::ordered_json hits = nlohmann::ordered_json::array();
    for (const auto& h : g.hits) {
      hits.push_back({{"path", h.path},
                      {"line", h.line},
                      {"change", h.change_id},
                      {"kind", std::string(contract::to_string(h.kind))},
                      {"since", h.since},
                      {"new_in_range", h.new_in_range},
                      {"text", h.text},
                      {"message", h.message},
                      {"fix", h.fix}});
    }
    scan["hits"] = hits;
    j["user_code"] = scan;
  } else {
    j["user_code"] = nullptr;
  }
  nlohmann::ordered_json others = nlohmann::ordered_json::array();
  for (const auto& f : g.other_files) others.push_back(file_json(f, true));
  j["other_generated_changes"] = others;
  nlohmann::ordered_json left = nlohmann::ordered_json::array();
  for (const auto& l : g.left_out) left.push_back({{"id", l.id}, {"capability", l.capability}});
  j["left_out"] = left;
  if (g.regeneration) {
    nlohmann::ordered_json r;
    r["dry_run"] = g.regeneration->dry_run;
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (const auto& ch : g.regeneration->report.changes) {
      nlohmann::ordered_json file = {{"path", ch.path}, {"action", action_name(ch.action)}};
      // Files of an earlier layout say where they came from or which file the backend uses now.
      if (!ch.note.empty()) file["note"] = ch.note;
      files.push_back(std::move(file));
    }
    r["files"] = files;
    r["conflicts"] = g.regeneration->report.conflicts();
    j["regeneration"] = r;
  }
  return j.dump(2) + "\n";
}

}  // namespace accelgen::guide
