#include "guide/guidance.h"

#include <algorithm>
#include <map>
#include <system_error>

#include "embed/embedded_files.h"
#include "plan/backend_renderer.h"
#include "plan/render_context.h"
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

std::set<std::string> enabled_capabilities(const DeviceSpec& spec) {
  const Capabilities& c = spec.caps;
  std::set<std::string> on;
  auto add = [&](bool enabled, const char* name) {
    if (enabled) on.insert(name);
  };
  add(c.streams, "streams");
  add(c.events, "events");
  add(c.generator, "generator");
  add(c.pinned_memory, "pinned_memory");
  add(c.graphs, "graphs");
  add(c.amp, "amp");
  add(c.serialization, "serialization");
  add(c.autoload, "autoload");
  add(c.profiler, "profiler");
  add(c.distributed, "distributed");
  add(c.compile, "compile");
  return on;
}

namespace {

// The template bodies of the backend (without banner), by output path: a rendering with a modified context can
// be compared file by file. Files whose body is blank are absent.
std::map<std::string, std::string> render_bodies(const DeviceSpec& spec, const TemplateData& ctx) {
  std::map<std::string, std::string> out;
  for (auto& [path, rendered] : render_template_bodies(spec, ctx)) out.emplace(path, std::move(rendered.body));
  return out;
}

// The banner of a rendered file: what precedes its body.
std::string banner_of(const std::string& content, const std::string& body) {
  if (content.size() >= body.size() && content.compare(content.size() - body.size(), body.size(), body) == 0) {
    return content.substr(0, content.size() - body.size());
  }
  return "";
}

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

}  // namespace

Guidance build_guidance(const GuidanceRequest& request, const contract::KnowledgeBase& kb) {
  const DeviceSpec& spec = request.spec;
  Guidance g;
  g.device = spec.name;
  g.display_name = spec.display_name;
  g.from = request.from;
  g.to = request.to;

  const std::set<std::string> caps = enabled_capabilities(spec);
  for (const Change* c : kb.changes_between(request.from.min, request.to.max)) {
    if (!c->applies_to(caps)) g.left_out.push_back({c->id, c->applies_when});
  }

  // Full renderings (with banners) and bare bodies for both targets.
  const FileSet from_files = render_backend(spec, request.from);
  const FileSet to_files = render_backend(spec, request.to);
  const TemplateData from_ctx = build_render_context(spec, request.from);
  const TemplateData to_ctx = build_render_context(spec, request.to);
  const auto from_bodies = render_bodies(spec, from_ctx);
  const auto to_bodies = render_bodies(spec, to_ctx);
  std::map<std::string, const GeneratedFile*> from_by_path, to_by_path;
  for (const auto& f : from_files) from_by_path[f.path] = &f;
  for (const auto& f : to_files) to_by_path[f.path] = &f;

  const TemplateData* to_features = to_ctx.get("features");
  const TemplateData* from_features = from_ctx.get("features");

  // Per feature: the files it changes (see Note [Attributing generated-code changes to knowledge-base changes]).
  std::map<std::string, std::vector<FileGuidance>> by_feature;
  std::set<std::string> explained_paths;
  auto feature_files = [&](const std::string& feature) -> const std::vector<FileGuidance>& {
    auto it = by_feature.find(feature);
    if (it != by_feature.end()) return it->second;
    std::vector<FileGuidance> files;
    const TemplateData* old_flags = from_features ? from_features->get(feature) : nullptr;
    if (to_features && old_flags) {
      TemplateData flipped_features = *to_features;
      flipped_features.set(feature, *old_flags);
      TemplateData flipped_ctx = to_ctx;
      flipped_ctx.set("features", flipped_features);
      const auto flipped = render_bodies(spec, flipped_ctx);
      std::set<std::string> paths;
      for (const auto& [p, _] : flipped) paths.insert(p);
      for (const auto& [p, _] : to_bodies) paths.insert(p);
      for (const auto& p : paths) {
        auto fb = flipped.find(p);
        auto tb = to_bodies.find(p);
        const std::string* before = fb == flipped.end() ? nullptr : &fb->second;
        const std::string* after = tb == to_bodies.end() ? nullptr : &tb->second;
        if (before && after && *before == *after) continue;
        // Show whole files as they are generated: the TO banner (or the FROM one for a file that goes away).
        std::string banner;
        FileOwner owner = FileOwner::Generated;
        if (auto t = to_by_path.find(p); t != to_by_path.end()) {
          banner = banner_of(t->second->content, to_bodies.at(p));
          owner = t->second->owner;
        } else if (auto f = from_by_path.find(p); f != from_by_path.end() && from_bodies.count(p)) {
          banner = banner_of(f->second->content, from_bodies.at(p));
          owner = f->second->owner;
        }
        const std::string b = before ? banner + *before : "";
        const std::string a = after ? banner + *after : "";
        files.push_back(make_file(p, owner, before ? &b : nullptr, after ? &a : nullptr));
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
  for (const auto& [p, _] : from_bodies) all_paths.insert(p);
  for (const auto& [p, _] : to_bodies) all_paths.insert(p);
  for (const auto& p : all_paths) {
    if (explained_paths.count(p)) continue;
    auto fb = from_bodies.find(p);
    auto tb = to_bodies.find(p);
    if (fb != from_bodies.end() && tb != to_bodies.end() && fb->second == tb->second) continue;
    auto ff = from_by_path.find(p);
    auto tf = to_by_path.find(p);
    const std::string* before = ff == from_by_path.end() ? nullptr : &ff->second->content;
    const std::string* after = tf == to_by_path.end() ? nullptr : &tf->second->content;
    const FileOwner owner = after ? tf->second->owner : (before ? ff->second->owner : FileOwner::Generated);
    g.other_files.push_back(make_file(p, owner, before, after));
  }

  // The user's own code.
  if (request.scan) {
    g.scanned = true;
    for (std::size_t i = 0; i < request.scan_roots.size(); ++i) {
      g.scanned_roots.push_back(i < request.scan_root_labels.size()
                                    ? request.scan_root_labels[i]
                                    : display_path(request.scan_roots[i], request.display_base));
    }
    std::set<std::string> files;
    for (const auto& root : request.scan_roots) {
      std::error_code ec;
      if (fs::is_regular_file(root, ec)) {
        files.insert(root.string());
      } else if (fs::is_directory(root, ec)) {
        for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
             it != fs::recursive_directory_iterator(); it.increment(ec)) {
          if (ec) break;
          const std::string name = it->path().filename().string();
          if (it->is_directory(ec) && (name.starts_with(".") || name == "__pycache__" || name == "node_modules" ||
                                       name == "build" || name.starts_with("build-") || name.starts_with("build_") ||
                                       name.starts_with("cmake-build"))) {
            it.disable_recursion_pending();
            continue;
          }
          if (it->is_regular_file(ec)) files.insert(it->path().string());
        }
      }
    }
    g.scanned_files = static_cast<int>(files.size());
    for (const auto& h : contract::scan_user_code(kb, request.from.min, request.to.max, request.scan_roots)) {
      UserCodeHit hit;
      hit.path = display_path(h.path, request.display_base);
      hit.line = h.line;
      hit.change_id = h.change_id;
      hit.kind = h.kind;
      hit.since = h.since.to_string();
      hit.new_in_range = h.new_in_range;
      hit.message = h.message;
      hit.fix = h.fix;
      hit.text = h.text;
      g.hits.push_back(std::move(hit));
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

namespace {

bool skipped_directory(const fs::path& dir) {
  const std::string n = dir.filename().string();
  if (n.empty()) return false;
  if (n[0] == '.' || n == "__pycache__" || n == "node_modules" || n == "build" || n.starts_with("build-") ||
      n.starts_with("build_") || n.starts_with("cmake-build") || n.starts_with("venv") || n == "env" ||
      n.ends_with(".egg-info") || n == "dist") {
    return true;
  }
  std::error_code ec;
  return fs::exists(dir / "pyvenv.cfg", ec);
}

}  // namespace

std::vector<fs::path> user_code_files(const fs::path& dir) {
  const auto manifest = read_manifest(dir);
  std::vector<fs::path> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    if (it->is_directory(ec)) {
      const std::string rel = it->path().lexically_relative(dir).generic_string();
      if (skipped_directory(it->path()) || rel == "third_party/accelsim") it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file(ec)) continue;
    const std::string rel = it->path().lexically_relative(dir).generic_string();
    if (manifest) {
      auto entry = manifest->files.find(rel);
      if (entry != manifest->files.end() && entry->second.owner == FileOwner::Generated) continue;
      if (rel == manifest->spec_file) continue;  // the spec is accelgen's input, not code
    }
    out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace accelgen::guide
