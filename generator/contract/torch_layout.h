// Where an installed torch keeps its files, for the commands that take a path to one (`contract-diff`,
// `--torch auto --torch-prefix`). Users hand accelgen whatever directory they know; each layout below is tried at
// that path P, in this order:
//
//   installation prefix   P/include/torch                      /usr, /usr/local, an unpacked libtorch zip
//   torch package         P/include/torch beside P/__init__.py  a pip wheel's site-packages/torch
//   root filesystem       P/usr/include/torch                  a chroot or unpacked container image
//   site-packages         P/torch/include/torch                the directory pip installed the wheel into
//   virtual environment   P/lib/python3.*/site-packages/torch  a venv or conda env holding a wheel
//
// A pip wheel is self-contained: headers in torch/include (pybind11, fmt and kineto bundled there too),
// libraries in torch/lib, the CMake package in torch/share/cmake, the version in torch/version.py.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace accelgen::contract {

enum class TorchLayout { InstallPrefix, TorchPackage, RootFilesystem, SitePackages, VirtualEnv };

/// "installation prefix", "torch package (pip wheel)", ...
std::string to_string(TorchLayout layout);

/// A directory that may be the root of a torch installation: <root>/include, <root>/lib, ...
struct TorchRoot {
  std::filesystem::path dir;
  TorchLayout layout = TorchLayout::InstallPrefix;
};

/// The roots the layouts above name under `given`, in the order they are tried. Only the virtual-environment
/// roots are checked for existence (their python3.* directory is globbed); the others are returned as paths.
std::vector<TorchRoot> torch_root_candidates(const std::filesystem::path& given);

/// The first candidate whose include/ holds torch/ and ATen/: the tree contract-diff parses.
std::optional<TorchRoot> find_torch_headers(const std::filesystem::path& given);

/// What find_torch_headers looked for, for an error message: "include/torch and include/ATen under P, P/usr, ...".
std::string torch_headers_looked_for(const std::filesystem::path& given);

}  // namespace accelgen::contract
