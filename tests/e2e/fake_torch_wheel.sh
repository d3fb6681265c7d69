#!/usr/bin/env bash
# Lays out Debian's torch the way `pip install torch` would, for the tests of the pip-wheel install path (no wheel
# can be downloaded here). Run it inside a torch root filesystem (scripts/torch-rootfs.sh run 2.14 -- ...):
#
#   fake_torch_wheel.sh SITE_PACKAGES
#
# SITE_PACKAGES/torch then has a wheel's layout, built from the root filesystem's torch:
#   torch/*.py, torch/_C*.so, ...   Debian's Python package (dist-packages/torch), copied (and its .dist-info)
#   torch/include/                  ATen, c10, caffe2, torch, kineto (libtorch-dev) and the pybind11 and fmt headers
#                                   a wheel bundles, copied; no Gloo headers (a wheel has none)
#   torch/lib/                      libtorch.so, libtorch_cpu.so, libtorch_python.so, libc10.so, ...: a wheel's
#                                   unversioned names, linked to Debian's libraries (the same files)
#   torch/share/cmake/              Debian's TorchConfig.cmake and Caffe2 package, adapted to the wheel's layout
# so that torch.utils.cmake_prefix_path, torch.utils.cpp_extension.include_paths() and TORCH_INSTALL_PREFIX all
# point into SITE_PACKAGES/torch, as they do for a wheel.
set -euo pipefail
site=$1
arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -dumpmachine)
dist=/usr/lib/python3/dist-packages
torch=$site/torch

rm -rf "$torch"
mkdir -p "$site"
cp -a "$dist/torch" "$torch"
cp -a "$dist"/torch-*.dist-info "$site/"
# Debian's package links include/ and lib/ to /usr (relative links, wrong once copied): a wheel has real ones.
rm -rf "$torch/include" "$torch/lib"

mkdir -p "$torch/include"
for dir in ATen c10 caffe2 torch kineto pybind11 fmt; do
  cp -a "/usr/include/$dir" "$torch/include/"
done

mkdir -p "$torch/lib"
for lib in libtorch libtorch_cpu libtorch_python libtorch_global_deps libc10 libshm; do
  ln -s "$(readlink -f "/usr/lib/$arch/$lib.so")" "$torch/lib/$lib.so"
done

# Debian's CMake package sits in /usr/lib/<multiarch>/cmake/{Torch,Caffe2} and finds everything relative to itself:
# TORCH_INSTALL_PREFIX four levels up (/usr), libraries at ${_IMPORT_PREFIX}/<multiarch>/libX.so.<version>
# (_IMPORT_PREFIX being /usr/lib), headers at ${_IMPORT_PREFIX}/../include. A wheel's sits in torch/share/cmake:
# three levels below torch/, libraries in ${_IMPORT_PREFIX}/lib/libX.so (_IMPORT_PREFIX being torch/), headers in
# ${_IMPORT_PREFIX}/include.
mkdir -p "$torch/share/cmake"
cp -a "/usr/lib/$arch/cmake/Torch" "/usr/lib/$arch/cmake/Caffe2" "$torch/share/cmake/"
sed -i 's|${CMAKE_CURRENT_LIST_DIR}/../../../../|${CMAKE_CURRENT_LIST_DIR}/../../../|' \
  "$torch/share/cmake/Torch/TorchConfig.cmake" "$torch/share/cmake/Caffe2/Caffe2Config.cmake"
sed -i -E -e 's|\$\{_IMPORT_PREFIX\}/\.\./include|${_IMPORT_PREFIX}/include|g' \
  -e "s|\\$\\{_IMPORT_PREFIX\\}/$arch/(lib[a-z0-9_]+\\.so)[.0-9]*|\${_IMPORT_PREFIX}/lib/\\1|g" \
  "$torch"/share/cmake/Caffe2/Caffe2Targets*.cmake
# Nothing of the adapted files may still point at /usr or the multiarch directory.
if grep -n -e "/usr" -e "$arch" "$torch/share/cmake/Torch/"*.cmake "$torch/share/cmake/Caffe2/"Caffe2*.cmake |
   grep -v '^[^:]*:[0-9]*:[[:space:]]*#'; then
  echo "fake_torch_wheel.sh: the adapted CMake package above still names Debian paths" >&2
  exit 1
fi
