#include "guide/guidance.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <system_error>

#include "embed/embedded_files.h"
#include "guide/driver_functions.h"
#include "guide/user_code.h"
#include "model/capabilities.h"
#include "render/backend_renderer.h"
#include "render/render_context.h"
#include "render/mustache_renderer.h"

namespace accelgen::guide {

namespace fs = std::filesystem;
using contract::Change;
using contract::ChangeKind;

int Guidance::count(ChangeKind kind) const {
  return static_cast<int>(std::count_if(changes.begin(), changes.end(),
                                         [&](const ChangeGuidance& c) { return c.change->kind == kind; }));
}

bool Guidance::needs_user_action() const {
  if (!hits.empty()) return true;
  return std::any_of(changes.begin(), changes.end(), [](const ChangeGuidance& c) {
    return contract::severity_rank(c.change->kind) <= contract::severity_rank(ChangeKind::RuntimeError) &&
           !c.change->user_action.empty();
  });
}

namespace {

FileGuidance make_file(const std::string& path, FileOwner owner, const std::string* before, const std::string* after) {
  FileGuidance f;
  f.path = path;
  f.owner = owner;
  f.status = !before ? FileGuidance::Status::Added
                     : (!after ? FileGuidance::Status::Removed : FileGuidance::Status::Modified);
  const std::string empty;
  const std::string& a = before ? *before : empty;
  const std::string& b = after ? *after : empty;
  f.diff = merge::diff_hunks(a, b);
  f.unified = merge::render_unified(f.diff, before ? "a/" + path : std::string("/dev/null"),
                                    after ? "b/" + path : std::string("/dev/null"));
  return f;
}

std::string display_path(const fs::path& path, const fs::path& base) {
  if (!base.empty()) {
    std::error_code ec;
    const fs::path abs_base = fs::weakly_canonical(base, ec);
    const fs::path abs_path = fs::weakly_canonical(path, ec);
    const fs::path rel = abs_path.lexically_relative(abs_base);
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  return path.generic_string();
}


// See ChangeGuidance::timing.
std::string timing_of(const Change& c, contract::TorchVersion from, contract::TorchVersion to) {
  using Presence = contract::Landing::Presence;
  const contract::Landing& l = c.landing;
  if (l.exact()) return "since torch " + l.display();
  std::string text = "in torch " + l.display() + ", not dated more precisely";
  std::vector<std::string> unsure;
  if (l.in(from) == Presence::Unknown) unsure.push_back(from.to_string());
  if (l.in(to) == Presence::Unknown) unsure.push_back(to.to_string());
  if (unsure.size() == 1) text += ": torch " + unsure[0] + " may or may not have it";
  if (unsure.size() == 2) text += ": torch " + unsure[0] + " and " + unsure[1] + " may or may not have it";
  return text;
}

/// The body of csrc/driver/driver.h in `jobs` ("" when it is not rendered).
std::string driver_header(const std::map<std::string, FileJob>& jobs) {
  const auto header = jobs.find("csrc/driver/driver.h");
  return header == jobs.end() ? std::string() : header->second.body;
}

/// One hit per override, in the scanned files, of a driver function FROM's interface declares and TO's does not.
std::vector<UserCodeHit> removed_driver_function_hits(const std::map<std::string, FileJob>& from_jobs,
                                                      const std::map<std::string, FileJob>& to_jobs,
                                                      const std::vector<fs::path>& files, const fs::path& base) {
  const std::set<std::string> removed = removed_driver_functions(driver_header(from_jobs), driver_header(to_jobs));
  std::vector<UserCodeHit> hits;
  if (removed.empty()) return hits;
  for (const auto& path : files) {
    const std::string name = path.filename().string();
    if (!(name.ends_with(".cc") || name.ends_with(".cpp") || name.ends_with(".h") || name.ends_with(".hpp"))) continue;
    std::ifstream in(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const auto& use : driver_overrides(text)) {
      if (!removed.contains(use.name)) continue;
      UserCodeHit hit;
      hit.path = display_path(path, base);
      hit.line = use.line;
      hit.change_id = "driver-interface";
      hit.kind = contract::ChangeKind::CompileError;
      hit.new_in_range = true;
      hit.message = "Driver::" + use.name + " is no longer in the driver interface (csrc/driver/driver.h) for this "
                    "target: the adapter's override of it does not compile.";
      hit.fix = "Delete " + use.name + " from your adapter (keep its code elsewhere if you may need it again).";
      hit.text = use.name + "(...) override";
      hits.push_back(std::move(hit));
    }
  }
  return hits;
}

}  // namespace

Guidance build_guidance(const GuidanceRequest& request, const contract::KnowledgeBase& kb) {
  const DeviceSpec& spec = request.spec;
  Guidance g;
  g.device = spec.name;
  g.display_name = spec.display_name;
  g.from = request.from;
  g.to = request.to;

  const std::set<std::string> caps = enabled_capabilities(spec.caps);
  for (const Change* c : kb.changes_between(request.from.min, request.to.max)) {
    if (!c->applies_to(caps)) g.left_out.push_back({c->id, c->applies_when});
  }

  // The file jobs (bodies without banners) of both targets; a file is shown with the banner its target writes.
  const RenderContext from_ctx = make_render_context(spec, request.from);
  const RenderContext to_ctx = make_render_context(spec, request.to);
  const auto from_jobs = render_file_jobs(from_ctx);
  const auto to_jobs = render_file_jobs(to_ctx);
  const BannerNotes from_notes{kSpecFileName, spec.name, request.from};
  const BannerNotes to_notes{kSpecFileName, spec.name, request.to};


  // Per feature: the files it changes (see Note [Attributing generated-code changes to knowledge-base changes]).
  std::map<std::string, std::vector<FileGuidance>> by_feature;
  std::set<std::string> explained_paths;
  auto feature_files = [&](const std::string& feature) -> const std::vector<FileGuidance>& {
    auto it = by_feature.find(feature);
    if (it != by_feature.end()) return it->second;
    std::vector<FileGuidance> files;
    const auto old_flags = from_ctx.features.find(feature);
    if (old_flags != from_ctx.features.end() && to_ctx.features.contains(feature)) {
      RenderContext flipped_ctx = to_ctx;
      flipped_ctx.features[feature] = old_flags->second;
      const auto flipped = render_file_jobs(flipped_ctx);
      std::set<std::string> paths;
      for (const auto& [p, _] : flipped) paths.insert(p);
      for (const auto& [p, _] : to_jobs) paths.insert(p);
      for (const auto& p : paths) {
        auto fj = flipped.find(p);
        auto tj = to_jobs.find(p);
        const FileJob* before = fj == flipped.end() ? nullptr : &fj->second;
        const FileJob* after = tj == to_jobs.end() ? nullptr : &tj->second;
        if (before && after && before->body == after->body) continue;
        // Show whole files as they are generated: the TO banner (or the FROM one for a file that goes away).
        const FileJob& shown = after ? *after : *before;
        const std::string head = banner(shown, after ? to_notes : from_notes);
        const std::string b = before ? head + before->body : "";
        const std::string a = after ? head + after->body : "";
        files.push_back(make_file(p, shown.owner, before ? &b : nullptr, after ? &a : nullptr));
        explained_paths.insert(p);
      }
    }
    return by_feature.emplace(feature, std::move(files)).first->second;
  };

  std::map<std::string, std::string> first_change_of_feature;
  for (const Change* c : kb.changes_between(request.from.min, request.to.max, caps)) {
    ChangeGuidance cg;
    cg.change = c;
    cg.contract_items = c->contract_items;
    cg.known_in_step = contract::is_known_between(*c, request.from.min, request.to.max);
    cg.timing = timing_of(*c, request.from.min, request.to.max);
    if (!c->feature.empty()) {
      const auto& files = feature_files(c->feature);
      auto [it, inserted] = first_change_of_feature.emplace(c->feature, c->id);
      if (inserted) {
        cg.files = files;
      } else if (!files.empty()) {
        cg.same_diff_as = it->second;
        for (const auto& f : files) {
          FileGuidance ref;  // path only: the diff is shown under the first change of the feature
          ref.path = f.path;
          ref.owner = f.owner;
          ref.status = f.status;
          ref.diff.additions = f.diff.additions;
          ref.diff.deletions = f.diff.deletions;
          cg.files.push_back(std::move(ref));
        }
      }
    }
    g.changes.push_back(std::move(cg));
  }

  // FROM -> TO differences no feature explains (banner-only differences are not worth a reader's time).
  std::set<std::string> all_paths;
  for (const auto& [p, _] : from_jobs) all_paths.insert(p);
  for (const auto& [p, _] : to_jobs) all_paths.insert(p);
  for (const auto& p : all_paths) {
    if (explained_paths.count(p)) continue;
    auto fj = from_jobs.find(p);
    auto tj = to_jobs.find(p);
    const FileJob* before = fj == from_jobs.end() ? nullptr : &fj->second;
    const FileJob* after = tj == to_jobs.end() ? nullptr : &tj->second;
    if (before && after && before->body == after->body) continue;
    const std::string b = before ? banner(*before, from_notes) + before->body : "";
    const std::string a = after ? banner(*after, to_notes) + after->body : "";
    g.other_files.push_back(make_file(p, (after ? after : before)->owner, before ? &b : nullptr, after ? &a : nullptr));
  }

  // The user's own code.
  if (request.scan) {
    g.scanned = true;
    for (std::size_t i = 0; i < request.scan_roots.size(); ++i) {
      g.scanned_roots.push_back(i < request.scan_root_labels.size()
                                    ? request.scan_root_labels[i]
                                    : display_path(request.scan_roots[i], request.display_base));
    }
    const std::vector<fs::path> files = files_under(request.scan_roots);
    g.scanned_files = static_cast<int>(files.size());
    std::set<std::string> off_in_spec;  // changes whose capability the spec turns off
    for (const auto& left_out : g.left_out) off_in_spec.insert(left_out.id);
    for (const auto& h : scan_user_code(kb, request.from.min, request.to.max, files)) {
      // Something a change needs from the user's code is not asked for when the spec turns the change's
      // capability off; a use of a changed API is reported whatever the spec says (it breaks the build).
      if (h.missing && off_in_spec.count(h.change_id) != 0) continue;
      UserCodeHit hit;
      hit.path = display_path(h.path, request.display_base);
      hit.line = h.line;
      hit.change_id = h.change_id;
      hit.kind = h.kind;
      hit.since = h.landing.display();
      hit.new_in_range = h.new_in_range;
      hit.message = h.message;
      hit.fix = h.fix;
      hit.text = h.text;
      g.hits.push_back(std::move(hit));
    }
    // Driver functions the TO interface no longer declares: the adapter's overrides of them stop its build. The
    // knowledge base names functions a torch adds (its "missing" patterns); removed ones are read off the two
    // rendered driver headers, so every removal is named, whichever change causes it.
    for (const auto& removed : removed_driver_function_hits(from_jobs, to_jobs, files, request.display_base)) {
      g.hits.push_back(removed);
    }
    std::stable_sort(g.hits.begin(), g.hits.end(), [](const UserCodeHit& a, const UserCodeHit& b) {
      if (a.path != b.path) return a.path < b.path;
      if (a.line != b.line) return a.line < b.line;
      return contract::severity_rank(a.kind) < contract::severity_rank(b.kind);
    });
  }
  return g;
}

// ------------------------------------------------------------------------------------------------ user code

}  // namespace accelgen::guide
