// libclang extraction of the PrivateUse1 contract from one libtorch tree.
//
// The tree's torch headers are parsed with the HOST C++ standard library (bookworm's libstdc++ 12), not the tree's
// own: libclang 14 cannot parse the newest libstdc++ (g++ 16 in the torch 2.14 root filesystem). To keep the tree's
// libc and libstdc++ headers out of the search path, a private include directory is built from symbolic links to
// the tree's torch-related include directories only.
#include <clang-c/Index.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "contract/torch_layout.h"
#include "contract/torch_support.h"
#include "contract/torch_version.h"
#include "contract_diff/contract_diff.h"
#include "contract_diff/operator_schemas.h"

namespace accelgen::contract_diff {

namespace fs = std::filesystem;

const std::vector<std::string>& contract_headers() {
  static const std::vector<std::string> headers = [] {
    std::vector<std::string> paths;
    for (const auto& h : contract::torch_support().contract_headers) paths.push_back(h.path);
    return paths;
  }();
  return headers;
}

namespace {

// Headers read for preprocessor facts only (guards, cxx-gate): their declarations belong to other headers.
bool token_only(const std::string& rel) {
  for (const auto& h : contract::torch_support().contract_headers) {
    if (h.path == rel) return h.tokens_only;
  }
  return false;
}

const std::regex& macro_name_re() {
  static const std::regex re(
      "^(REGISTER_[A-Z0-9_]+|DECLARE_[A-Z0-9_]+|KERNEL_[A-Z0-9_]+|AT_FORALL_[A-Z0-9_]+|C10_FORALL_[A-Z0-9_]+|"
      "C10_REGISTER_[A-Z0-9_]+|TORCH_LIBRARY[A-Z0-9_]*|TORCH_DECLARE_REGISTRY|AT_AUTOCAST_[A-Z0-9_]+)$");
  return re;
}

std::string str(CXString s) {
  const char* c = clang_getCString(s);
  std::string out = c ? c : "";
  clang_disposeString(s);
  return out;
}

struct Location {
  std::string file;  // absolute as opened
  unsigned line = 0;
};

Location location_of(CXCursor c) {
  CXFile file = nullptr;
  unsigned line = 0, column = 0, offset = 0;
  clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, &column, &offset);
  return {file ? str(clang_getFileName(file)) : "", line};
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
  return out;
}

// Host include directories of the C++ compiler (libstdc++ first), so libclang finds <cstddef> & co.
std::vector<std::string> host_cxx_include_dirs() {
  std::vector<std::string> dirs;
  FILE* pipe = popen("g++ -E -x c++ - -v </dev/null 2>&1", "r");
  if (!pipe) return dirs;
  std::string output;
  char buffer[4096];
  while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
  pclose(pipe);
  std::istringstream lines(output);
  std::string line;
  bool in_list = false;
  while (std::getline(lines, line)) {
    if (line.starts_with("#include <...> search starts here")) {
      in_list = true;
      continue;
    }
    if (line.starts_with("End of search list")) break;
    if (in_list && !line.empty() && line[0] == ' ') {
      std::string dir = line.substr(line.find_first_not_of(' '));
      // GCC's own intrinsic headers are replaced by clang's resource directory.
      if (dir.find("/lib/gcc/") != std::string::npos && dir.ends_with("/include")) continue;
      dirs.push_back(dir);
    }
  }
  return dirs;
}

std::string clang_resource_dir() {
  std::error_code ec;
  for (const char* base : {"/usr/lib/llvm-14/lib/clang", "/usr/lib/clang"}) {
    if (!fs::is_directory(base, ec)) continue;
    std::vector<fs::path> versions;
    for (const auto& e : fs::directory_iterator(base, ec)) versions.push_back(e.path());
    std::sort(versions.begin(), versions.end());
    if (!versions.empty()) return versions.back().string();
  }
  return "";
}

class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "accelgen-contract-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary directory");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

struct Extractor {
  CXTranslationUnit tu = nullptr;
  fs::path include_root;  // the private include directory
  std::set<std::string> contract_files;  // relative paths present in this tree
  Snapshot* snap = nullptr;

  std::string relative(const std::string& file) const {
    const fs::path p(file);
    const fs::path rel = p.lexically_relative(include_root);
    if (rel.empty() || *rel.begin() == "..") return "";
    return rel.generic_string();
  }

  bool in_contract(CXCursor c, std::string* rel_out = nullptr, unsigned* line_out = nullptr) const {
    const Location loc = location_of(c);
    if (loc.file.empty()) return false;
    const std::string rel = relative(loc.file);
    if (!contract_files.count(rel) || token_only(rel)) return false;
    if (rel_out) *rel_out = rel;
    if (line_out) *line_out = loc.line;
    return true;
  }

  // clang spells an unnamed type by where it is ("union (unnamed union at <dir>/c10/core/X.h:48:3)"): the private
  // include directory differs on every run, so it is cut out, or the same tree would differ from itself.
  std::string portable(std::string text) const {
    const std::string root = include_root.string() + "/";
    for (std::size_t at = text.find(root); at != std::string::npos; at = text.find(root, at)) text.erase(at, root.size());
    return text;
  }

  void add(const std::string& id, const std::string& raw_detail, const std::string& file, int line) {
    const std::string detail = portable(raw_detail);
    auto [it, inserted] = snap->items.emplace(id, Item{id, detail, file, line});
    if (!inserted && it->second.detail != detail) it->second.detail += " | " + detail;  // redeclaration
  }

  static std::string qualified_name(CXCursor c) {
    std::vector<std::string> parts;
    for (CXCursor p = c; !clang_Cursor_isNull(p); p = clang_getCursorSemanticParent(p)) {
      const CXCursorKind k = clang_getCursorKind(p);
      if (k == CXCursor_TranslationUnit || clang_isInvalid(k)) break;
      std::string name = str(clang_getCursorSpelling(p));
      if (name.empty()) name = k == CXCursor_Namespace ? "(anonymous)" : "(unnamed)";
      parts.push_back(name);
    }
    std::reverse(parts.begin(), parts.end());
    return join(parts, "::");
  }

  static std::string type_of(CXCursor c) { return str(clang_getTypeSpelling(clang_getCursorType(c))); }

  static std::vector<std::string> parameter_types(CXCursor c) {
    std::vector<std::string> types;
    const int n = clang_Cursor_getNumArguments(c);
    for (int i = 0; i < n; ++i) types.push_back(type_of(clang_Cursor_getArgument(c, static_cast<unsigned>(i))));
    return types;
  }

  static bool is_noexcept(CXCursor c) {
    switch (clang_getCursorExceptionSpecificationType(c)) {
      case CXCursor_ExceptionSpecificationKind_BasicNoexcept:
      case CXCursor_ExceptionSpecificationKind_ComputedNoexcept:
      case CXCursor_ExceptionSpecificationKind_DynamicNone:
      case CXCursor_ExceptionSpecificationKind_NoThrow: return true;
      default: return false;
    }
  }

  static std::string method_signature(CXCursor m) {
    std::string sig = str(clang_getTypeSpelling(clang_getCursorResultType(m))) + " " +
                      str(clang_getCursorSpelling(m)) + "(" + join(parameter_types(m), ", ") + ")";
    if (clang_CXXMethod_isConst(m)) sig += " const";
    if (is_noexcept(m)) sig += " noexcept";
    if (clang_CXXMethod_isPureVirtual(m)) sig += " = 0";
    return sig;
  }

  std::string class_detail(CXCursor c) {
    std::vector<std::string> params, bases;
    std::string keyword;
    const CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_ClassTemplate) {
      keyword = clang_getTemplateCursorKind(c) == CXCursor_ClassDecl ? "class" : "struct";
    } else {
      keyword = kind == CXCursor_ClassDecl ? "class" : "struct";
    }
    std::pair<std::vector<std::string>*, std::vector<std::string>*> lists(&params, &bases);
    clang_visitChildren(
        c,
        [](CXCursor child, CXCursor, CXClientData data) {
          auto* out = static_cast<std::pair<std::vector<std::string>*, std::vector<std::string>*>*>(data);
          switch (clang_getCursorKind(child)) {
            case CXCursor_TemplateTypeParameter:
              out->first->push_back("typename " + str(clang_getCursorSpelling(child)));
              break;
            case CXCursor_NonTypeTemplateParameter:
              out->first->push_back(type_of(child) + " " + str(clang_getCursorSpelling(child)));
              break;
            case CXCursor_TemplateTemplateParameter:
              out->first->push_back("template<...> class " + str(clang_getCursorSpelling(child)));
              break;
            case CXCursor_CXXBaseSpecifier: {
              const auto access = clang_getCXXAccessSpecifier(child);
              const std::string a = access == CX_CXXPublic ? "public " : access == CX_CXXProtected ? "protected " : "private ";
              out->second->push_back(a + type_of(child));
              break;
            }
            default: break;
          }
          return CXChildVisit_Continue;
        },
        &lists);
    std::string detail;
    if (kind == CXCursor_ClassTemplate) detail += "template <" + join(params, ", ") + "> ";
    detail += keyword + " " + qualified_name(c);
    if (!bases.empty()) detail += " : " + join(bases, ", ");
    return detail;
  }

  void record_class(CXCursor c, const std::string& rel, unsigned line) {
    const std::string qname = qualified_name(c);
    add("class:" + qname, class_detail(c), rel, static_cast<int>(line));
    // Virtual methods (overloads get their parameter types in the id), public fields.
    std::vector<CXCursor> methods;
    clang_visitChildren(
        c,
        [](CXCursor child, CXCursor, CXClientData data) {
          static_cast<std::vector<CXCursor>*>(data)->push_back(child);
          return CXChildVisit_Continue;
        },
        &methods);
    std::map<std::string, int> virtual_names;
    for (CXCursor m : methods) {
      if (clang_getCursorKind(m) == CXCursor_CXXMethod && clang_CXXMethod_isVirtual(m)) {
        ++virtual_names[str(clang_getCursorSpelling(m))];
      }
    }
    for (CXCursor m : methods) {
      const CXCursorKind k = clang_getCursorKind(m);
      const unsigned mline = location_of(m).line;
      if (k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate || k == CXCursor_Destructor) {
        const std::string name = str(clang_getCursorSpelling(m));
        const bool is_virtual = (k == CXCursor_CXXMethod || k == CXCursor_Destructor) && clang_CXXMethod_isVirtual(m);
        if (!is_virtual) {
          snap->non_virtual_methods.emplace(qname + "::" + name, method_signature(m));
          continue;
        }
        std::string id = "virtual:" + qname + "::" + name;
        if (virtual_names[name] > 1) id += "(" + join(parameter_types(m), ", ") + ")";
        add(id, method_signature(m), rel, static_cast<int>(mline));
      } else if (k == CXCursor_FieldDecl && clang_getCXXAccessSpecifier(m) == CX_CXXPublic) {
        add("field:" + qname + "::" + str(clang_getCursorSpelling(m)), type_of(m), rel, static_cast<int>(mline));
      } else if (k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_ClassTemplate) {
        if (clang_isCursorDefinition(m) && !str(clang_getCursorSpelling(m)).empty() &&
            clang_Cursor_isNull(clang_getSpecializedCursorTemplate(m))) {
          record_class(m, rel, mline);
        }
      } else if (k == CXCursor_EnumDecl) {
        record_enum(m, rel, mline);
      }
    }
  }

  void record_enum(CXCursor e, const std::string& rel, unsigned line) {
    if (!clang_isCursorDefinition(e) || str(clang_getCursorSpelling(e)).empty()) return;
    const std::string qname = qualified_name(e);
    std::vector<std::pair<std::string, long long>> constants;
    clang_visitChildren(
        e,
        [](CXCursor child, CXCursor, CXClientData data) {
          if (clang_getCursorKind(child) == CXCursor_EnumConstantDecl) {
            static_cast<std::vector<std::pair<std::string, long long>>*>(data)->emplace_back(
                str(clang_getCursorSpelling(child)), clang_getEnumConstantDeclValue(child));
          }
          return CXChildVisit_Continue;
        },
        &constants);
    std::string numbering;
    for (const auto& [name, value] : constants) {
      numbering += (numbering.empty() ? "" : " ") + name + "=" + std::to_string(value);
      add("enum:" + qname + "::" + name, "constant", rel, static_cast<int>(line));
    }
    add("enum:" + qname, numbering, rel, static_cast<int>(line));
  }

  void record_function(CXCursor f, const std::string& rel, unsigned line) {
    const std::string qname = qualified_name(f);
    if (qname.find("(anonymous)") != std::string::npos) return;
    std::string sig = str(clang_getTypeSpelling(clang_getCursorResultType(f))) + " " + qname + "(" +
                      join(parameter_types(f), ", ") + ")";
    if (is_noexcept(f)) sig += " noexcept";
    add("function:" + qname + "(" + join(parameter_types(f), ", ") + ")", sig, rel, static_cast<int>(line));
  }

  // Walks namespaces and records declarations located in contract headers.
  void walk(CXCursor parent) {
    clang_visitChildren(
        parent,
        [](CXCursor c, CXCursor, CXClientData data) {
          auto* self = static_cast<Extractor*>(data);
          const CXCursorKind k = clang_getCursorKind(c);
          if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec) {
            self->walk(c);  // namespaces are reopened in every header: decide per declaration
            return CXChildVisit_Continue;
          }
          std::string rel;
          unsigned line = 0;
          if (!self->in_contract(c, &rel, &line)) return CXChildVisit_Continue;
          if ((k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_ClassTemplate) &&
              clang_isCursorDefinition(c) && !str(clang_getCursorSpelling(c)).empty() &&
              clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c)) &&
              qualified_name(c).find("(anonymous)") == std::string::npos) {
            self->record_class(c, rel, line);
          } else if (k == CXCursor_EnumDecl && qualified_name(c).find("(anonymous)") == std::string::npos) {
            self->record_enum(c, rel, line);
          } else if (k == CXCursor_FunctionDecl) {
            self->record_function(c, rel, line);
          } else if (k == CXCursor_MacroDefinition) {
            self->record_macro(c, rel, line);
          }
          return CXChildVisit_Continue;
        },
        this);
  }

  std::vector<std::pair<std::string, unsigned>> tokens(CXSourceRange range) const {
    CXToken* toks = nullptr;
    unsigned n = 0;
    clang_tokenize(tu, range, &toks, &n);
    std::vector<std::pair<std::string, unsigned>> out;
    out.reserve(n);
    for (unsigned i = 0; i < n; ++i) {
      unsigned line = 0;
      clang_getSpellingLocation(clang_getTokenLocation(tu, toks[i]), nullptr, &line, nullptr, nullptr);
      out.emplace_back(str(clang_getTokenSpelling(tu, toks[i])), line);
    }
    clang_disposeTokens(tu, toks, n);
    return out;
  }

  void record_macro(CXCursor c, const std::string& rel, unsigned line) {
    const std::string name = str(clang_getCursorSpelling(c));
    if (!std::regex_match(name, macro_name_re())) return;
    auto toks = tokens(clang_getCursorExtent(c));
    std::string params, body;
    std::size_t i = 1;  // toks[0] is the name
    if (clang_Cursor_isMacroFunctionLike(c) && i < toks.size() && toks[i].first == "(") {
      std::vector<std::string> ps;
      for (++i; i < toks.size() && toks[i].first != ")"; ++i) {
        if (toks[i].first != ",") ps.push_back(toks[i].first);
      }
      ++i;
      params = "(" + join(ps, ", ") + ")";
    }
    std::vector<std::string> b;
    for (; i < toks.size(); ++i) b.push_back(toks[i].first);
    body = join(b, " ");
    add("macro:" + name, name + params + " => " + body, rel, static_cast<int>(line));
  }

  // #if / #ifdef / #ifndef / #elif conditions of a contract header: the macros they test and C++ standard gates.
  void record_preprocessor(const std::string& rel) {
    const std::string path = (include_root / rel).string();
    CXFile file = clang_getFile(tu, path.c_str());
    if (!file) return;
    std::size_t size = 0;
    clang_getFileContents(tu, file, &size);
    const CXSourceRange range =
        clang_getRange(clang_getLocationForOffset(tu, file, 0), clang_getLocationForOffset(tu, file, static_cast<unsigned>(size)));
    const auto toks = tokens(range);
    static const std::regex guard_re("^(TORCH_[A-Z0-9_]+|C10_MOBILE|USE_[A-Z0-9_]+)$");
    for (std::size_t i = 0; i + 1 < toks.size(); ++i) {
      if (toks[i].first != "#") continue;
      const std::string& directive = toks[i + 1].first;
      if (directive != "if" && directive != "ifdef" && directive != "ifndef" && directive != "elif") continue;
      const unsigned line = toks[i].second;
      std::vector<std::string> cond;
      for (std::size_t j = i + 2; j < toks.size() && toks[j].second == line; ++j) cond.push_back(toks[j].first);
      for (std::size_t j = 0; j < cond.size(); ++j) {
        if (std::regex_match(cond[j], guard_re)) add("guard:" + cond[j], "tested", rel, static_cast<int>(line));
        if (cond[j] == "__cplusplus" && j + 2 < cond.size() && cond[j + 1] == "<") {
          std::string value = cond[j + 2];
          while (!value.empty() && (value.back() == 'L' || value.back() == 'l')) value.pop_back();
          std::string standard = value == "201103" ? "C++11" : value == "201402" ? "C++14" : value == "201703" ? "C++17"
                               : value == "202002" ? "C++20" : value == "202302" ? "C++23" : value;
          add("cxx-gate:" + rel, "requires " + standard + " (__cplusplus >= " + value + "L)", rel, static_cast<int>(line));
        }
      }
    }
  }
};

std::string read_torch_version(const fs::path& include_dir) {
  // 2.14: torch/headeronly/version.h; 2.6: torch/csrc/api/include/torch/version.h.
  for (const char* rel : {"torch/headeronly/version.h", "torch/csrc/api/include/torch/version.h"}) {
    std::ifstream in(include_dir / rel);
    if (!in) continue;
    std::map<std::string, std::string> parts;
    std::string line;
    static const std::regex re("#define\\s+TORCH_VERSION_(MAJOR|MINOR|PATCH)\\s+([0-9]+)");
    while (std::getline(in, line)) {
      std::smatch m;
      if (std::regex_search(line, m, re)) parts[m[1]] = m[2];
    }
    if (parts.count("MAJOR") && parts.count("MINOR")) {
      return parts["MAJOR"] + "." + parts["MINOR"] + (parts.count("PATCH") ? "." + parts["PATCH"] : "");
    }
  }
  return "";
}

// A Python package names its build in version.py ("2.11.0+cpu", "2.14.1+debian"); the headers only say 2.11.0.
std::string torch_version_of(const contract::TorchRoot& root) {
  if (root.layout != contract::TorchLayout::InstallPrefix && root.layout != contract::TorchLayout::RootFilesystem) {
    if (auto detected = contract::detect_torch_version(root.dir / "version.py")) return detected.torch->full_version;
  }
  return read_torch_version(root.dir / "include");
}

}  // namespace

Snapshot extract(const fs::path& prefix_or_root, const ExtractOptions& options) {
  std::error_code ec;
  const auto root = contract::find_torch_headers(prefix_or_root);
  if (!root) {
    throw std::runtime_error(prefix_or_root.string() + ": no torch headers here (looked for " +
                             contract::torch_headers_looked_for(prefix_or_root) + ")");
  }
  // Absolute: the parser reads a translation unit in a temporary directory, where a relative path means nothing.
  const fs::path prefix = fs::absolute(root->dir, ec);
  const fs::path include_dir = prefix / "include";

  Snapshot snap;
  snap.prefix = prefix;
  snap.layout = contract::to_string(root->layout);
  snap.torch_version = torch_version_of(*root);

  // Private include directory: only the torch-related trees of the prefix (not its libc or libstdc++).
  TempDir tmp;
  const fs::path shadow = tmp.path() / "include";
  fs::create_directories(shadow);
  for (const char* dir : {"ATen", "c10", "caffe2", "torch", "kineto", "google", "gloo", "pybind11", "fmt"}) {
    if (fs::exists(include_dir / dir, ec)) fs::create_directory_symlink(include_dir / dir, shadow / dir, ec);
  }

  Extractor x;
  x.include_root = shadow;
  x.snap = &snap;
  std::string main_source = "// accelgen contract-diff translation unit\n";
  for (const auto& rel : contract_headers()) {
    if (fs::is_regular_file(include_dir / rel, ec)) {
      snap.headers.push_back(rel);
      x.contract_files.insert(rel);
      snap.items.emplace("header:" + rel, Item{"header:" + rel, "present", rel, 0});
      main_source += "#include <" + rel + ">\n";
    }
  }
  const fs::path main_file = tmp.path() / "contract.cc";
  std::ofstream(main_file) << main_source;

  std::vector<std::string> args{"-x", "c++", "-std=c++20", "-fsyntax-only", "-w",
                                "-I" + shadow.string(), "-I" + (shadow / "torch/csrc/api/include").string()};
  const std::string resource = clang_resource_dir();
  if (!resource.empty()) {
    args.push_back("-resource-dir");
    args.push_back(resource);
  }
  for (const auto& dir : host_cxx_include_dirs()) args.push_back("-isystem" + dir);
  for (const auto& a : options.extra_args) args.push_back(a);
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());

  CXIndex index = clang_createIndex(0, 0);
  const unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_SkipFunctionBodies |
                         CXTranslationUnit_KeepGoing;
  const CXErrorCode rc = clang_parseTranslationUnit2(index, main_file.c_str(), argv.data(), static_cast<int>(argv.size()),
                                                     nullptr, 0, flags, &x.tu);
  if (rc != CXError_Success || !x.tu) {
    clang_disposeIndex(index);
    throw std::runtime_error("libclang could not parse the torch headers of " + prefix.string() + " (error " +
                             std::to_string(static_cast<int>(rc)) + ")");
  }
  const unsigned ndiag = clang_getNumDiagnostics(x.tu);
  for (unsigned i = 0; i < ndiag; ++i) {
    CXDiagnostic d = clang_getDiagnostic(x.tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      ++snap.error_count;
      if (snap.errors.size() < 20) {
        std::string text = str(clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation));
        // Show paths relative to the include directory, not the private one.
        const std::string root = shadow.string() + "/";
        for (std::size_t at = text.find(root); at != std::string::npos; at = text.find(root)) text.erase(at, root.size());
        snap.errors.push_back(text);
      }
    }
    clang_disposeDiagnostic(d);
  }
  x.walk(clang_getTranslationUnitCursor(x.tu));
  for (const auto& rel : snap.headers) x.record_preprocessor(rel);
  add_operator_schemas(include_dir, snap.items);
  clang_disposeTranslationUnit(x.tu);
  clang_disposeIndex(index);
  return snap;
}

}  // namespace accelgen::contract_diff
