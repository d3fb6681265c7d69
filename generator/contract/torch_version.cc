#include "contract/torch_version.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>
#include <system_error>

#include "contract/torch_layout.h"
#include "contract/torch_support.h"

namespace accelgen::contract {

namespace fs = std::filesystem;

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Reads a non-negative decimal number at the front of `s`; false if there is none or it overflows.
bool take_number(std::string_view& s, int& out) {
  std::size_t i = 0;
  long value = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
    value = value * 10 + (s[i] - '0');
    if (value > 100000) return false;
    ++i;
  }
  if (i == 0) return false;
  out = static_cast<int>(value);
  s.remove_prefix(i);
  return true;
}

std::optional<std::string> read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

// TorchConfigVersion.cmake: set(PACKAGE_VERSION "2.14.1")
std::optional<DetectedTorch> from_cmake_version_file(const fs::path& file) {
  auto text = read_text(file);
  if (!text) return std::nullopt;
  static const std::regex re(R"re(set\s*\(\s*PACKAGE_VERSION\s+"([^"]+)"\s*\))re");
  std::smatch m;
  if (!std::regex_search(*text, m, re)) return std::nullopt;
  auto v = TorchVersion::parse(m[1].str());
  if (!v) return std::nullopt;
  return DetectedTorch{*v, m[1].str(), file};
}

// torch/version.h (and torch/headeronly/version.h, which 2.14's version.h includes):
// #define TORCH_VERSION_MAJOR 2 / #define TORCH_VERSION_MINOR 14 / #define TORCH_VERSION_PATCH 1
std::optional<DetectedTorch> from_version_header(const fs::path& file) {
  auto text = read_text(file);
  if (!text) return std::nullopt;
  auto macro = [&](const char* name) -> std::optional<int> {
    const std::regex re(std::string("#\\s*define\\s+") + name + "\\s+\\(?\\s*([0-9]+)");
    std::smatch m;
    if (!std::regex_search(*text, m, re)) return std::nullopt;
    return std::stoi(m[1].str());
  };
  auto major = macro("TORCH_VERSION_MAJOR");
  auto minor = macro("TORCH_VERSION_MINOR");
  if (!major || !minor) {
    // 2.14: the macros live in <torch/headeronly/version.h>; follow the include next to the standard layout.
    if (text->find("torch/headeronly/version.h") != std::string::npos) {
      // file = <inc>/torch/csrc/api/include/torch/version.h  ->  <inc>/torch/headeronly/version.h
      for (fs::path dir = file.parent_path(); !dir.empty() && dir != dir.parent_path(); dir = dir.parent_path()) {
        fs::path candidate = dir / "torch" / "headeronly" / "version.h";
        if (candidate != file && is_file(candidate)) {
          if (auto r = from_version_header(candidate)) return r;
          break;
        }
      }
    }
    return std::nullopt;
  }
  auto patch = macro("TORCH_VERSION_PATCH");
  TorchVersion v{*major, *minor};
  std::string full = v.to_string() + (patch ? "." + std::to_string(*patch) : std::string());
  return DetectedTorch{v, full, file};
}

// torch/version.py: __version__ = '2.14.1+debian'
std::optional<DetectedTorch> from_version_py(const fs::path& file) {
  auto text = read_text(file);
  if (!text) return std::nullopt;
  static const std::regex re(R"re(__version__\s*(?::\s*str\s*)?=\s*['"]([^'"]+)['"])re");
  std::smatch m;
  if (!std::regex_search(*text, m, re)) return std::nullopt;
  auto v = TorchVersion::parse(m[1].str());
  if (!v) return std::nullopt;
  return DetectedTorch{*v, m[1].str(), file};
}

std::optional<DetectedTorch> from_file(const fs::path& file) {
  const std::string name = file.filename().string();
  if (name.ends_with(".cmake")) return from_cmake_version_file(file);
  if (name.ends_with(".py")) return from_version_py(file);
  return from_version_header(file);
}

}  // namespace

// ------------------------------------------------------------------------------------------------ TorchVersion

std::optional<TorchVersion> TorchVersion::parse(std::string_view text) {
  std::string_view s = trim(text);
  if (!s.empty() && (s.front() == 'v' || s.front() == 'V')) s.remove_prefix(1);
  TorchVersion v;
  if (!take_number(s, v.major)) return std::nullopt;
  if (s.empty() || s.front() != '.') return std::nullopt;
  s.remove_prefix(1);
  if (!take_number(s, v.minor)) return std::nullopt;
  // Optional ".PATCH" and then any local/pre-release suffix ("+debian", "a0+git...", "rc1").
  if (!s.empty() && s.front() == '.') {
    std::string_view rest = s.substr(1);
    int patch = 0;
    if (!take_number(rest, patch)) return std::nullopt;  // "2.14." or "2.14.x"
    s = rest;
  }
  if (!s.empty()) {
    const char c = s.front();
    if (!(c == '+' || c == '-' || std::isalpha(static_cast<unsigned char>(c)))) return std::nullopt;
  }
  return v;
}

std::string TorchVersion::to_string() const { return std::to_string(major) + "." + std::to_string(minor); }

std::string TorchRange::display() const {
  return single() ? min.to_string() : min.to_string() + " to " + max.to_string();
}

RangeParse parse_torch_range(std::string_view text, BeyondKnowledge beyond) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) return parse_torch_range(text, text, beyond);
  return parse_torch_range(text.substr(0, colon), text.substr(colon + 1), beyond);
}

RangeParse parse_torch_range(std::string_view min_text, std::string_view max_text, BeyondKnowledge beyond) {
  RangeParse result;
  for (const auto text : {min_text, max_text}) {
    result.problem = torch_version_problem(text, beyond);
    if (!result.problem.empty()) {
      const auto v = TorchVersion::parse(text);
      result.hint = v && is_beyond_knowledge(*v) ? beyond_knowledge_hint(*v)
                                                 : "use one version such as 2.14 or a range such as 2.6:2.14";
      return result;
    }
  }
  result.range = {*TorchVersion::parse(min_text), *TorchVersion::parse(max_text)};
  result.problem = validate_range(result.range, beyond);
  if (!result.problem.empty()) result.hint = "write the range as MIN:MAX, the lower bound first";
  return result;
}

// ------------------------------------------------------------------------------------------------ supported set

const std::vector<TorchVersion>& supported_versions() {
  static const std::vector<TorchVersion> versions = [] {
    const TorchSupport& support = torch_support();  // knowledge/torch-versions.yaml
    std::vector<TorchVersion> v;
    for (int minor = support.min.minor; minor <= support.max.minor; ++minor) v.push_back({support.min.major, minor});
    return v;
  }();
  return versions;
}

TorchVersion min_supported_version() { return supported_versions().front(); }
TorchVersion max_supported_version() { return supported_versions().back(); }

bool is_supported(TorchVersion v) {
  for (const auto& s : supported_versions()) {
    if (s == v) return true;
  }
  return false;
}

std::string supported_versions_text() {
  std::string list;
  for (const auto& v : supported_versions()) {
    if (!list.empty()) list += ", ";
    list += v.to_string();
  }
  return min_supported_version().to_string() + " to " + max_supported_version().to_string() + " (" + list + ")";
}

bool is_beyond_knowledge(TorchVersion v) { return v > max_supported_version(); }

bool is_beyond_knowledge(const TorchRange& range) { return is_beyond_knowledge(range.max); }

std::string torch_version_problem(std::string_view text, BeyondKnowledge beyond) {
  auto v = TorchVersion::parse(text);
  if (!v) {
    return "\"" + std::string(trim(text)) + "\" is not a torch version (expected MAJOR.MINOR such as \"2.14\"); " +
           "accelgen supports torch " + supported_versions_text();
  }
  if (is_beyond_knowledge(*v)) {
    if (beyond == BeyondKnowledge::Accept) return "";
    return "torch " + v->to_string() + " is newer than the newest release accelgen knows; accelgen supports torch " +
           supported_versions_text() + ", and generates for a newer torch only when it is installed";
  }
  if (!is_supported(*v)) {
    return "torch " + v->to_string() + " is not supported; accelgen supports torch " + supported_versions_text();
  }
  return "";
}

std::string beyond_knowledge_hint(TorchVersion v) {
  return "name the installed torch " + v.to_string() +
         ": --torch auto --torch-prefix PREFIX (a virtual environment, a site-packages directory or an "
         "installation prefix such as /usr)";
}

std::string validate_range(const TorchRange& range, BeyondKnowledge beyond) {
  auto acceptable = [&](TorchVersion v) {
    return is_supported(v) || (beyond == BeyondKnowledge::Accept && is_beyond_knowledge(v));
  };
  std::vector<std::string> bad;
  if (!acceptable(range.min)) bad.push_back(range.min.to_string());
  if (!range.single() && !acceptable(range.max)) bad.push_back(range.max.to_string());
  if (!bad.empty()) {
    std::string what = bad.size() == 1 ? "torch " + bad[0] + " is" : "torch " + bad[0] + " and " + bad[1] + " are";
    return what + " not supported; accelgen supports torch " + supported_versions_text();
  }
  if (range.max < range.min) {
    return "torch range " + range.min.to_string() + " to " + range.max.to_string() +
           " is empty (min is above max); accelgen supports torch " + supported_versions_text();
  }
  return "";
}

// ------------------------------------------------------------------------------------------------ detection

DetectResult detect_torch_version(const fs::path& prefix) {
  DetectResult result;
  if (is_file(prefix)) {
    if (auto t = from_file(prefix)) {
      result.torch = *t;
    } else {
      result.error = "no torch version found in " + prefix.string();
    }
    return result;
  }
  if (!is_dir(prefix)) {
    result.error = "torch prefix " + prefix.string() + " does not exist";
    return result;
  }

  // Roots to look in (contract/torch_layout.h): the prefix itself (or a wheel's torch package), <prefix>/usr of a
  // root filesystem, <prefix>/torch of a site-packages directory, lib/python3.*/site-packages/torch of a venv.
  std::vector<fs::path> roots;
  for (const auto& candidate : torch_root_candidates(prefix)) {
    if (is_dir(candidate.dir)) roots.push_back(candidate.dir);
  }

  std::vector<fs::path> cmake_candidates;
  std::vector<fs::path> header_candidates;
  std::vector<fs::path> py_candidates;
  for (const auto& root : roots) {
    cmake_candidates.push_back(root / "lib" / "cmake" / "Torch" / "TorchConfigVersion.cmake");
    cmake_candidates.push_back(root / "lib64" / "cmake" / "Torch" / "TorchConfigVersion.cmake");
    // Multiarch (Debian): lib/x86_64-linux-gnu/cmake/Torch; sorted for a deterministic choice.
    std::error_code ec;
    std::vector<fs::path> multiarch;
    for (fs::directory_iterator it(root / "lib", ec), end; !ec && it != end; it.increment(ec)) {
      fs::path c = it->path() / "cmake" / "Torch" / "TorchConfigVersion.cmake";
      if (is_file(c)) multiarch.push_back(c);
    }
    std::sort(multiarch.begin(), multiarch.end());
    cmake_candidates.insert(cmake_candidates.end(), multiarch.begin(), multiarch.end());
    cmake_candidates.push_back(root / "share" / "cmake" / "Torch" / "TorchConfigVersion.cmake");
    header_candidates.push_back(root / "include" / "torch" / "csrc" / "api" / "include" / "torch" / "version.h");
    header_candidates.push_back(root / "include" / "torch" / "headeronly" / "version.h");
    py_candidates.push_back(root / "version.py");
  }

  std::vector<std::string> looked;
  for (const auto* list : {&cmake_candidates, &header_candidates, &py_candidates}) {
    for (const auto& c : *list) {
      if (!is_file(c)) continue;
      if (auto t = from_file(c)) {
        result.torch = *t;
        return result;
      }
      looked.push_back(c.string() + " (no version in it)");
    }
  }
  result.error = "no torch installation found under " + prefix.string() +
                 " (looked for lib/[<arch>/]cmake/Torch/TorchConfigVersion.cmake, share/cmake/Torch/"
                 "TorchConfigVersion.cmake, include/torch/csrc/api/include/torch/version.h and version.py there, "
                 "in usr/ (a root filesystem), in torch/ (site-packages) and in lib/python3.*/site-packages/torch "
                 "(a virtual environment))";
  for (const auto& l : looked) result.error += "; " + l;
  return result;
}

}  // namespace accelgen::contract
