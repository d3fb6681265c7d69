#include "guide/user_code.h"

#include <fnmatch.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <regex>
#include <system_error>

#include "base/text_lines.h"
#include "output/manifest.h"

namespace accelgen::guide {

namespace fs = std::filesystem;
using contract::Change;
using contract::KnowledgeBase;
using contract::Pattern;
using contract::TorchVersion;

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

std::vector<fs::path> files_under(const std::vector<fs::path>& roots) {
  std::vector<fs::path> files;
  for (const auto& root : roots) {
    std::error_code ec;
    if (fs::is_regular_file(root, ec)) {
      files.push_back(root);
      continue;
    }
    if (!fs::is_directory(root, ec)) continue;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
      if (it->is_directory(ec)) {
        if (skipped_directory(it->path())) it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec)) files.push_back(it->path());
    }
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

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

namespace {

struct CompiledPattern {
  const Change* change;
  const Pattern* pattern;
  std::optional<std::regex> regex, requires_regex, missing_regex;
};

bool name_matches(const std::vector<std::string>& globs, const std::string& name) {
  for (const auto& g : globs) {
    if (fnmatch(g.c_str(), name.c_str(), 0) == 0) return true;
  }
  return false;
}

std::vector<std::string> read_lines(const fs::path& p) {
  std::vector<std::string> lines;
  std::ifstream in(p, std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
  }
  return lines;
}

void scan_file(const fs::path& path, const std::vector<CompiledPattern>& patterns, TorchVersion from,
               std::vector<Hit>& hits) {
  const std::string name = path.filename().string();
  std::vector<const CompiledPattern*> relevant;
  for (const auto& cp : patterns) {
    if (name_matches(cp.pattern->files, name)) relevant.push_back(&cp);
  }
  if (relevant.empty()) return;
  const auto lines = read_lines(path);
  auto first_line = [&](const std::regex& re) -> int {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (std::regex_search(lines[i], re)) return static_cast<int>(i) + 1;
    }
    return 0;
  };
  auto add = [&](const CompiledPattern& cp, int line) {
    // One hit per file, line and change, even when several patterns of the change match there.
    const bool dup = std::any_of(hits.begin(), hits.end(), [&](const Hit& h) {
      return h.path == path && h.line == line && h.change_id == cp.change->id;
    });
    if (dup) return;
    Hit h;
    h.path = path;
    h.line = line;
    h.change_id = cp.change->id;
    h.kind = cp.change->kind;
    h.landing = cp.change->landing;
    h.new_in_range = cp.change->landing.in(from) != contract::Landing::Presence::Present;
    h.message = cp.pattern->message;
    h.fix = cp.pattern->fix;
    h.text = line > 0 ? trimmed(lines[line - 1]) : "";
    h.missing = cp.pattern->kind == Pattern::Kind::Missing;
    hits.push_back(std::move(h));
  };
  for (const auto* cp : relevant) {
    int requires_line = cp->requires_regex ? first_line(*cp->requires_regex) : 1;
    if (requires_line == 0) continue;
    if (cp->pattern->kind == Pattern::Kind::Missing) {
      if (first_line(*cp->missing_regex) == 0) add(*cp, requires_line);
      continue;
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (std::regex_search(lines[i], *cp->regex)) add(*cp, static_cast<int>(i) + 1);
    }
  }
}

}  // namespace

std::vector<Hit> scan_user_code(const KnowledgeBase& kb, TorchVersion from, TorchVersion to,
                                const std::vector<fs::path>& files) {
  std::vector<CompiledPattern> patterns;
  for (const auto& c : kb.changes()) {
    if (c.landing.in(to) == contract::Landing::Presence::Absent) continue;
    for (const auto& p : c.patterns) {
      CompiledPattern cp{&c, &p, {}, {}, {}};
      if (!p.regex.empty()) cp.regex.emplace(p.regex, std::regex::ECMAScript | std::regex::optimize);
      if (!p.requires_regex.empty()) cp.requires_regex.emplace(p.requires_regex, std::regex::ECMAScript);
      if (!p.missing_regex.empty()) cp.missing_regex.emplace(p.missing_regex, std::regex::ECMAScript);
      patterns.push_back(std::move(cp));
    }
  }

  std::vector<Hit> hits;
  for (const auto& f : files) scan_file(f, patterns, from, hits);
  std::stable_sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    if (a.path != b.path) return a.path < b.path;
    if (a.line != b.line) return a.line < b.line;
    return severity_rank(a.kind) < severity_rank(b.kind);
  });
  return hits;
}

}  // namespace accelgen::guide
