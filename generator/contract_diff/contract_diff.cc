// Comparison of two contract snapshots and its reports.
#include "contract_diff/contract_diff.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace accelgen::contract_diff {

std::string to_string(ItemChange::Kind kind) {
  switch (kind) {
    case ItemChange::Kind::Added: return "added";
    case ItemChange::Kind::Removed: return "removed";
    case ItemChange::Kind::Changed: return "changed";
  }
  return "?";
}

int ContractDiff::unexplained() const {
  return static_cast<int>(std::count_if(changes.begin(), changes.end(),
                                        [](const ItemChange& c) { return c.explained_by.empty(); }));
}

std::string kind_of(const std::string& id) { return id.substr(0, id.find(':')); }
std::string name_of(const std::string& id) { return id.substr(id.find(':') + 1); }

std::string owner_of(const std::string& name) {
  const std::string base = name.substr(0, name.find('('));
  const auto at = base.rfind("::");
  return at == std::string::npos ? "" : base.substr(0, at);
}

namespace {

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

// A short explanation of how a changed item changed.
std::string change_note(const std::string& id, const std::string& old_detail, const std::string& new_detail) {
  const std::string kind = kind_of(id);
  if (kind == "enum") {
    // Numbering: count constants whose value changed, show the first few.
    std::map<std::string, std::string> a, b;
    for (const auto& w : words(old_detail)) a[w.substr(0, w.find('='))] = w.substr(w.find('=') + 1);
    for (const auto& w : words(new_detail)) b[w.substr(0, w.find('='))] = w.substr(w.find('=') + 1);
    std::vector<std::string> renumbered, added, removed;
    for (const auto& [k, v] : b) {
      auto it = a.find(k);
      if (it == a.end()) added.push_back(k);
      else if (it->second != v) renumbered.push_back(k + " " + it->second + "->" + v);
    }
    for (const auto& [k, v] : a) {
      if (!b.count(k)) removed.push_back(k);
    }
    std::string note;
    auto list = [](const std::vector<std::string>& v, std::size_t max) {
      std::string s;
      for (std::size_t i = 0; i < v.size() && i < max; ++i) s += (i ? ", " : "") + v[i];
      if (v.size() > max) s += ", ...";
      return s;
    };
    if (!added.empty()) note += "+" + std::to_string(added.size()) + " (" + list(added, 4) + ")";
    if (!removed.empty()) note += std::string(note.empty() ? "" : "; ") + "-" + std::to_string(removed.size()) + " (" + list(removed, 4) + ")";
    if (!renumbered.empty()) {
      note += std::string(note.empty() ? "" : "; ") + std::to_string(renumbered.size()) + " renumbered (" +
              list(renumbered, 3) + ")";
    }
    return note;
  }
  if (kind == "macro") {
    // "NAME(a, b) => body" -> "(a, b)"; object-like macros have no parameter list.
    const auto params = [](const std::string& d) {
      const std::string head = d.substr(0, d.find(" => "));
      const auto open = head.find('(');
      return open == std::string::npos ? std::string("(object-like)") : head.substr(open);
    };
    std::string note;
    if (params(old_detail) != params(new_detail)) note = params(old_detail) + " -> " + params(new_detail);
    // Identifiers that appear in only one body (list macros: which entries came and went).
    auto idents = [](const std::string& d) {
      std::set<std::string> s;
      const auto at = d.find(" => ");
      for (const auto& w : words(at == std::string::npos ? "" : d.substr(at + 4))) {
        if (!w.empty() && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_')) s.insert(w);
      }
      return s;
    };
    const auto a = idents(old_detail), b = idents(new_detail);
    std::vector<std::string> diff;
    for (const auto& w : b) if (!a.count(w)) diff.push_back("+" + w);
    for (const auto& w : a) if (!b.count(w)) diff.push_back("-" + w);
    if (!diff.empty()) {
      std::string s;
      for (std::size_t i = 0; i < diff.size() && i < 6; ++i) s += (i ? " " : "") + diff[i];
      if (diff.size() > 6) s += " ...";
      note += std::string(note.empty() ? "" : "; ") + "definition: " + s;
    } else if (note.empty()) {
      note = "definition changed";
    }
    return note;
  }
  if (kind == "virtual") {
    const bool old_ne = old_detail.find(" noexcept") != std::string::npos;
    const bool new_ne = new_detail.find(" noexcept") != std::string::npos;
    const bool old_pure = old_detail.ends_with("= 0"), new_pure = new_detail.ends_with("= 0");
    std::vector<std::string> notes;
    if (old_ne && !new_ne) notes.push_back("loses noexcept");
    if (!old_ne && new_ne) notes.push_back("gains noexcept");
    if (old_pure && !new_pure) notes.push_back("no longer pure");
    if (!old_pure && new_pure) notes.push_back("now pure");
    std::string s;
    for (const auto& n : notes) s += (s.empty() ? "" : ", ") + n;
    return s.empty() ? "signature changed" : s;
  }
  if (kind == "class") return "declaration changed (template parameters or bases)";
  return "changed";
}

}  // namespace

ContractDiff diff(const Snapshot& a, const Snapshot& b, const contract::KnowledgeBase& kb) {
  ContractDiff d;
  d.old_version = a.torch_version;
  d.new_version = b.torch_version;
  d.old_errors = a.errors;
  d.new_errors = b.errors;
  d.old_error_count = a.error_count;
  d.new_error_count = b.error_count;
  // A knowledge-base change explains a difference only if it may lie between the two releases.
  const auto old_release = contract::TorchVersion::parse(a.torch_version);
  const auto new_release = contract::TorchVersion::parse(b.torch_version);
  const auto may_lie_between = [&](const contract::Change& change) {
    if (!old_release || !new_release) return true;
    return change.landing.in(*old_release) != contract::Landing::Presence::Present &&
           change.landing.in(*new_release) != contract::Landing::Presence::Absent;
  };
  std::set<std::string> ids;
  for (const auto& [id, _] : a.items) ids.insert(id);
  for (const auto& [id, _] : b.items) ids.insert(id);
  for (const auto& id : ids) {
    if (kind_of(id) == "class") d.classes.insert(name_of(id));
  }
  for (const auto& id : ids) {
    auto ia = a.items.find(id);
    auto ib = b.items.find(id);
    ItemChange c;
    c.id = id;
    if (ia == a.items.end()) {
      c.kind = ItemChange::Kind::Added;
      c.new_detail = ib->second.detail;
      c.file = ib->second.file;
      c.line = ib->second.line;
    } else if (ib == b.items.end()) {
      c.kind = ItemChange::Kind::Removed;
      c.old_detail = ia->second.detail;
      c.file = ia->second.file;
      c.line = ia->second.line;
      if (kind_of(id) == "virtual") {
        const std::string key = name_of(id).substr(0, name_of(id).find('('));
        if (auto nv = b.non_virtual_methods.find(key); nv != b.non_virtual_methods.end()) {
          c.note = "no longer virtual (now: " + nv->second + ")";
        }
      }
    } else if (ia->second.detail != ib->second.detail) {
      c.kind = ItemChange::Kind::Changed;
      c.old_detail = ia->second.detail;
      c.new_detail = ib->second.detail;
      c.file = ib->second.file;
      c.line = ib->second.line;
      c.note = change_note(id, c.old_detail, c.new_detail);
    } else {
      continue;
    }
    // Which knowledge-base changes explain it: the item, its class or enum, or its header.
    std::set<std::string> explained;
    std::vector<std::string> keys{id};
    const std::string kind = kind_of(id), name = name_of(id);
    if (kind == "virtual" || kind == "field") keys.push_back("class:" + owner_of(name));
    if (kind == "enum" && !owner_of(name).empty()) keys.push_back("enum:" + owner_of(name));
    if (!c.file.empty()) keys.push_back("header:" + c.file);
    std::vector<std::string> by;
    for (const auto& key : keys) {
      for (const auto* change : kb.explaining(key)) {
        if (may_lie_between(*change) && explained.insert(change->id).second) by.push_back(change->id);
      }
    }
    c.explained_by = by;
    d.changes.push_back(std::move(c));
  }
  // Fields and enum constants of a class or enum that is itself added or removed are folded into it.
  std::map<std::string, std::size_t> whole;  // "class:X" / "enum:E" -> index, when added or removed
  for (std::size_t i = 0; i < d.changes.size(); ++i) {
    const auto& c = d.changes[i];
    if (c.kind != ItemChange::Kind::Changed && (kind_of(c.id) == "class" || kind_of(c.id) == "enum")) whole[c.id] = i;
  }
  std::map<std::size_t, int> folded;
  std::vector<ItemChange> kept;
  for (std::size_t i = 0; i < d.changes.size(); ++i) {
    const auto& c = d.changes[i];
    const std::string kind = kind_of(c.id);
    std::string owner_id;
    if (kind == "field") owner_id = "class:" + owner_of(name_of(c.id));
    if (kind == "enum") owner_id = "enum:" + owner_of(name_of(c.id));
    auto it = owner_id.empty() ? whole.end() : whole.find(owner_id);
    if (it != whole.end() && d.changes[it->second].kind == c.kind) {
      ++folded[it->second];
      continue;
    }
  }
  for (std::size_t i = 0; i < d.changes.size(); ++i) {
    auto& c = d.changes[i];
    const std::string kind = kind_of(c.id);
    std::string owner_id;
    if (kind == "field") owner_id = "class:" + owner_of(name_of(c.id));
    if (kind == "enum") owner_id = "enum:" + owner_of(name_of(c.id));
    auto it = owner_id.empty() ? whole.end() : whole.find(owner_id);
    if (it != whole.end() && d.changes[it->second].kind == c.kind) continue;
    if (auto f = folded.find(i); f != folded.end()) {
      c.note = std::to_string(f->second) + (kind == "class" ? " public field(s)" : " constant(s)") + " " +
               to_string(c.kind) + " with it";
    }
    kept.push_back(std::move(c));
  }
  d.changes = std::move(kept);
  return d;
}

// ------------------------------------------------------------------------------------------------ reports

namespace {

const char* kOrder[] = {"header", "cxx-gate", "guard", "class",  "virtual",
                        "field",  "function", "enum",  "macro", "schema"};

std::string section(const std::string& kind) {
  if (kind == "header") return "Headers";
  if (kind == "cxx-gate") return "Language gates";
  if (kind == "guard") return "Preprocessor guards";
  if (kind == "class") return "Classes";
  if (kind == "virtual") return "Virtual methods";
  if (kind == "field") return "Public fields";
  if (kind == "function") return "Free functions";
  if (kind == "enum") return "Enums";
  if (kind == "macro") return "Macros";
  if (kind == "schema") return "Operator schemas";
  return kind;
}

std::string short_detail(const std::string& s, std::size_t max = 160) {
  return s.size() <= max ? s : s.substr(0, max - 3) + "...";
}

}  // namespace

std::string declared_at(const ItemChange& ch) {
  return ch.line > 0 ? ch.file + ":" + std::to_string(ch.line) : ch.file;
}

int ContractDiff::touching_backend() const {
  return static_cast<int>(std::count_if(changes.begin(), changes.end(), [](const ItemChange& c) { return !c.uses.empty(); }));
}

int ContractDiff::unknown_touching_backend() const {
  return static_cast<int>(std::count_if(changes.begin(), changes.end(), [](const ItemChange& c) {
    return !c.uses.empty() && c.explained_by.empty();
  }));
}

namespace {

std::string use_text(const BackendUse& use) {
  return use.path + ":" + std::to_string(use.line) + " (" + (use.generated ? "generated" : "yours") + "): " + use.text;
}

}  // namespace

std::string render_text(const ContractDiff& d, bool color) {
  auto c = [&](const std::string& code, const std::string& text) {
    return color ? "\x1b[" + code + "m" + text + "\x1b[0m" : text;
  };
  std::ostringstream out;
  out << c("1", "Contract diff: torch " + (d.old_version.empty() ? "?" : d.old_version) + " -> " +
                    (d.new_version.empty() ? "?" : d.new_version))
      << "\n";
  int added = 0, removed = 0, changed = 0;
  for (const auto& ch : d.changes) {
    (ch.kind == ItemChange::Kind::Added ? added : ch.kind == ItemChange::Kind::Removed ? removed : changed)++;
  }
  out << d.changes.size() << " item(s) differ: " << added << " added, " << removed << " removed, " << changed
      << " changed; " << d.unexplained() << " not explained by the knowledge base (marked " << c("1;33", "[new]")
      << ").\n";
  if (!d.backend.empty()) {
    out << d.touching_backend() << " of them touch the backend in " << d.backend << " (listed with what to do).\n";
  }
  for (const char* kind : kOrder) {
    bool header = false;
    for (const auto& ch : d.changes) {
      if (kind_of(ch.id) != kind) continue;
      if (!header) {
        out << "\n" << c("1", "== " + section(kind) + " ==") << "\n";
        header = true;
      }
      const std::string mark = ch.kind == ItemChange::Kind::Added ? c("32", "+ added  ")
                               : ch.kind == ItemChange::Kind::Removed ? c("31", "- removed")
                                                                      : c("33", "~ changed");
      out << mark << " " << name_of(ch.id);
      if (ch.explained_by.empty()) out << " " << c("1;33", "[new]");
      else out << "  (" << [&] {
        std::string s;
        for (const auto& e : ch.explained_by) s += (s.empty() ? "" : ", ") + e;
        return s;
      }() << ")";
      out << "\n";
      if (!ch.file.empty()) out << "      at " << declared_at(ch) << "\n";
      if (!ch.note.empty()) out << "      " << ch.note << "\n";
      if (kind_of(ch.id) != "enum" && kind_of(ch.id) != "header") {
        if (!ch.old_detail.empty() && ch.kind == ItemChange::Kind::Changed) out << "      old: " << short_detail(ch.old_detail) << "\n";
        if (!ch.new_detail.empty() && ch.kind == ItemChange::Kind::Changed) out << "      new: " << short_detail(ch.new_detail) << "\n";
        if (ch.kind == ItemChange::Kind::Added && kind_of(ch.id) != "guard") out << "      " << short_detail(ch.new_detail) << "\n";
      }
      if (!ch.uses.empty()) {
        out << "      " << c("1", "do:") << " " << ch.action << "\n";
        for (const auto& use : ch.uses) out << "      in: " << use_text(use) << "\n";
      }
    }
  }
  if (d.old_error_count || d.new_error_count) {
    out << "\n" << c("1;31", "Parse errors") << " (items after an error may be missing): old " << d.old_error_count
        << ", new " << d.new_error_count << "\n";
    for (const auto& e : d.old_errors) out << "  old: " << e << "\n";
    for (const auto& e : d.new_errors) out << "  new: " << e << "\n";
  }
  return out.str();
}

std::string render_markdown(const ContractDiff& d) {
  std::ostringstream out;
  out << "# Contract diff: torch " << d.old_version << " → " << d.new_version << "\n\n";
  out << d.changes.size() << " item(s) differ; " << d.unexplained() << " not explained by the knowledge base.\n\n";
  out << "| Change | Item | Header | Note | Explained by |\n|---|---|---|---|---|\n";
  for (const auto& ch : d.changes) {
    std::string by;
    for (const auto& e : ch.explained_by) by += (by.empty() ? "" : ", ") + ("`" + e + "`");
    out << "| " << to_string(ch.kind) << " | `" << ch.id << "` | `" << declared_at(ch) << "` | " << ch.note << " | "
        << (by.empty() ? "**not in the knowledge base**" : by) << " |\n";
  }
  if (!d.backend.empty()) {
    out << "\n## What the backend in `" << d.backend << "` uses\n\n" << d.touching_backend()
        << " change(s) touch it.\n";
    for (const auto& ch : d.changes) {
      if (ch.uses.empty()) continue;
      out << "\n### " << to_string(ch.kind) << " `" << ch.id << "`\n\n" << ch.action << ".\n\n";
      for (const auto& use : ch.uses) {
        out << "- `" << use.path << ":" << use.line << "` (" << (use.generated ? "generated" : "yours") << "): `"
            << use.text << "`\n";
      }
    }
  }
  if (d.old_error_count || d.new_error_count) {
    out << "\nParse errors: old " << d.old_error_count << ", new " << d.new_error_count << ".\n";
  }
  return out.str();
}

std::string render_json(const ContractDiff& d) {
  nlohmann::ordered_json j;
  j["schema"] = "accelgen-contract-diff/1";
  j["old"] = {{"torch", d.old_version}, {"parse_errors", d.old_error_count}, {"errors", d.old_errors}};
  j["new"] = {{"torch", d.new_version}, {"parse_errors", d.new_error_count}, {"errors", d.new_errors}};
  j["unexplained"] = d.unexplained();
  if (!d.backend.empty()) {
    j["backend"] = {{"tree", d.backend},
                    {"changes_touching_it", d.touching_backend()},
                    {"unknown_changes_touching_it", d.unknown_touching_backend()}};
  }
  nlohmann::ordered_json items = nlohmann::ordered_json::array();
  for (const auto& ch : d.changes) {
    nlohmann::ordered_json i;
    i["change"] = to_string(ch.kind);
    i["id"] = ch.id;
    i["file"] = ch.file;
    i["line"] = ch.line;
    i["old"] = ch.old_detail;
    i["new"] = ch.new_detail;
    i["note"] = ch.note;
    i["explained_by"] = ch.explained_by;
    if (!d.backend.empty()) {
      i["action"] = ch.action;
      nlohmann::ordered_json uses = nlohmann::ordered_json::array();
      for (const auto& use : ch.uses) {
        uses.push_back({{"path", use.path}, {"line", use.line}, {"owner", use.generated ? "generated" : "yours"},
                        {"text", use.text}});
      }
      i["uses"] = std::move(uses);
    }
    items.push_back(i);
  }
  j["items"] = items;
  return j.dump(2) + "\n";
}

std::string render_list(const ContractDiff& d) {
  std::string out;
  for (const auto& ch : d.changes) out += to_string(ch.kind) + " " + ch.id + "\n";
  return out;
}

}  // namespace accelgen::contract_diff
