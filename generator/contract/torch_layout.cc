#include "contract/torch_layout.h"

#include <algorithm>
#include <system_error>

namespace accelgen::contract {

namespace fs = std::filesystem;

namespace {

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// P/lib/python3.*/site-packages/torch (and lib64), sorted so that the choice is the same on every run.
std::vector<fs::path> venv_torch_dirs(const fs::path& given) {
  std::vector<fs::path> found;
  for (const char* lib : {"lib", "lib64"}) {
    std::error_code ec;
    for (fs::directory_iterator it(given / lib, ec), end; !ec && it != end; it.increment(ec)) {
      const fs::path torch = it->path() / "site-packages" / "torch";
      if (it->path().filename().string().starts_with("python3") && is_dir(torch)) found.push_back(torch);
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

bool has_torch_headers(const fs::path& root) {
  return is_dir(root / "include" / "torch") && is_dir(root / "include" / "ATen");
}

}  // namespace

std::string to_string(TorchLayout layout) {
  switch (layout) {
    case TorchLayout::InstallPrefix: return "installation prefix";
    case TorchLayout::TorchPackage: return "torch package (pip wheel)";
    case TorchLayout::RootFilesystem: return "root filesystem";
    case TorchLayout::SitePackages: return "site-packages";
    case TorchLayout::VirtualEnv: return "virtual environment";
  }
  return "unknown layout";
}

std::vector<TorchRoot> torch_root_candidates(const fs::path& given) {
  // A torch package and an installation prefix look alike below include/; the package has Python files beside.
  const bool python_package = is_file(given / "__init__.py") || is_file(given / "version.py");
  std::vector<TorchRoot> roots{
      {given, python_package ? TorchLayout::TorchPackage : TorchLayout::InstallPrefix},
      {given / "usr", TorchLayout::RootFilesystem},
      {given / "torch", TorchLayout::SitePackages},
  };
  for (const auto& dir : venv_torch_dirs(given)) roots.push_back({dir, TorchLayout::VirtualEnv});
  return roots;
}

std::optional<TorchRoot> find_torch_headers(const fs::path& given) {
  for (const auto& root : torch_root_candidates(given)) {
    if (has_torch_headers(root.dir)) return root;
  }
  return std::nullopt;
}

std::string torch_headers_looked_for(const fs::path& given) {
  const std::string p = given.string();
  return "include/torch and include/ATen under " + p + " (an installation prefix such as /usr, or a pip wheel's "
         "site-packages/torch), " + p + "/usr (a root filesystem), " + p + "/torch (site-packages) and " + p +
         "/lib/python3.*/site-packages/torch (a virtual environment)";
}

}  // namespace accelgen::contract
