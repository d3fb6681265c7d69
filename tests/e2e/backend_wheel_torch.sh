#!/usr/bin/env bash
# End-to-end: a generated backend on a torch installed the way most users have it, from a pip wheel. No wheel can be
# downloaded here, so fake_torch_wheel.sh lays out the torch 2.14 root filesystem's torch as a wheel inside a
# virtual environment (venv/lib/python3.X/site-packages/torch: include/, lib/, share/cmake/, no Gloo headers). The
# root filesystem also holds Debian's own torch headers in /usr/include, with Gloo's, pybind11's and fmt's: the
# build must take nothing torch-related from there.
#
#   1. `accelgen contract-diff` reads the wheel, from the venv and from its site-packages/torch, and finds exactly
#      the contract of the root filesystem's /usr (no difference);
#   2. a small backend (every capability, one native operator: the build is what is tested) is built with
#      `pip install --no-build-isolation`: CMake's Torch_DIR, torch_python, pybind11, Kineto and fmt come from the
#      wheel, no compiled file read a torch, pybind11, fmt or Gloo header from /usr/include, and the build warns that
#      the wheel has no Gloo headers (not "install libgloo-dev");
#   3. the backend runs with nothing but `import torch`, torch_mydevice.distributed says why it is unavailable, and
#      the smoke, device-module, distributed (skipped, saying why) and profiler tests pass;
#   4. naming Gloo headers (CMAKE_ARGS=-DBACKEND_GLOO_INCLUDE_DIR) puts the distributed sources back, without a
#      Gloo library (configure only, standalone cmake: Torch found through the venv's Python alone);
#   5. relinked with a static libstdc++ (exported or hidden), the module refuses to load, saying how to rebuild;
#   6. a compiler without a shared libstdc++ is refused at configure time.
#
#   backend_wheel_torch.sh ACCELGEN WORKDIR
set -euo pipefail
accelgen=$(realpath "$1")
work=$(realpath -m "$2")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
rootfs_tool=$repo/scripts/torch-rootfs.sh
start=$(date +%s)

rm -rf "$work"
mkdir -p "$work/mydevice"
"$rootfs_tool" ensure 2.14
cp "$repo/specs/mydevice.yaml" "$work/mydevice/accelgen.yaml"
"$repo/tests/e2e/set_native_operators.py" "$work/mydevice/accelgen.yaml" add.Tensor
"$accelgen" generate "$work/mydevice" >/dev/null

# Inside the root filesystem: the fake wheel in a venv (--system-site-packages for pytest, numpy and setuptools;
# the venv's own site-packages comes first, as after `pip install torch` in it), then the build.
"$rootfs_tool" run 2.14 --bind "$work" -- bash -euo pipefail -c '
  work=$1 repo=$2
  cd "$work"
  python3 -m venv --system-site-packages venv
  site=$(venv/bin/python -c "import sysconfig; print(sysconfig.get_paths()[\"purelib\"])")
  "$repo/tests/e2e/fake_torch_wheel.sh" "$site"
  echo "$site" > site-packages.path
  cd /
  "$work/venv/bin/python" - "$site" <<PY
import sys
import torch
import torch.utils.cpp_extension as ext
site = sys.argv[1]
assert torch.__file__.startswith(site + "/torch/"), torch.__file__
assert torch.utils.cmake_prefix_path == site + "/torch/share/cmake", torch.utils.cmake_prefix_path
for path in ext.include_paths() + ext.library_paths():
    assert path.startswith(site + "/torch/"), path
print("e2e: torch", torch.__version__, "laid out as a wheel in", site)
PY
' e2e "$work" "$repo"
site=$(cat "$work/site-packages.path")

# 1. contract-diff on the host: the venv and the wheel package against the root filesystem they came from.
rootfs=$("$rootfs_tool" path 2.14)
"$accelgen" contract-diff --format list "$rootfs" "$work/venv" > "$work/contract-diff.list" 2> "$work/contract-diff.err"
"$accelgen" contract-diff "$rootfs" "$site/torch" > "$work/contract-diff.txt" 2>> "$work/contract-diff.err"
cat "$work/contract-diff.txt"
if [ -s "$work/contract-diff.list" ] || [ -s "$work/contract-diff.err" ] ||
   ! grep -q "^0 item(s) differ" "$work/contract-diff.txt" ||
   ! grep -q "^Contract diff: torch 2.14.1 -> 2.14.1+debian" "$work/contract-diff.txt"; then
  echo "contract-diff of the wheel and its root filesystem differ (the list from the venv):" >&2
  cat "$work/contract-diff.list" "$work/contract-diff.err" >&2
  exit 1
fi
echo "e2e: contract-diff reads the wheel (from the venv and from site-packages/torch): no difference from /usr"

# 2.-4. Build, checks and tests inside the root filesystem.
"$rootfs_tool" run 2.14 --bind "$work" -- bash -euo pipefail -c '
  work=$1 site=$2
  wheel=$site/torch
  cd "$work"
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
  export MYDEVICE_BUILD_DIR=$work/build
  build_start=$(date +%s)
  # -v: pip shows the CMake output, where the warnings are.
  venv/bin/pip install -v --no-build-isolation --no-index --no-deps ./mydevice > pip-install.log 2>&1 || {
    tail -n 80 pip-install.log; exit 1; }
  echo "e2e: pip install took $(( $(date +%s) - build_start )) s"

  # The CMake cache: everything torch-related found in the wheel.
  cache_value() { sed -n "s|^$1:[A-Z]*=||p" build/CMakeCache.txt; }
  expect_in_wheel() {
    local value
    value=$(cache_value "$1")
    case "$value" in
      "$wheel"/*) echo "e2e: $1=$value" ;;
      *) echo "$1 is \"$value\", not inside the wheel $wheel" >&2; exit 1 ;;
    esac
  }
  expect_in_wheel Torch_DIR
  expect_in_wheel BACKEND_TORCH_PYTHON_LIBRARY
  expect_in_wheel BACKEND_PYBIND11_INCLUDE_DIR
  expect_in_wheel BACKEND_KINETO_INCLUDE_DIR
  expect_in_wheel BACKEND_FMT_INCLUDE_DIR
  case "$(cache_value BACKEND_GLOO_INCLUDE_DIR)" in
    *NOTFOUND) ;;
    *) echo "Gloo headers were found for a wheel: $(cache_value BACKEND_GLOO_INCLUDE_DIR)" >&2; exit 1 ;;
  esac

  # Every header the compiler read (ninja keeps the depfiles): torch'"'"'s, from the wheel only.
  (cd build && ninja -t deps) > header-deps.txt
  if grep -E "^ +/usr/include/(ATen|c10|caffe2|torch|kineto|pybind11|fmt|gloo)/" header-deps.txt | head -n 5 |
     grep .; then
    echo "the build read the headers above from /usr/include instead of the wheel" >&2; exit 1
  fi
  grep -q "^ *$wheel/include/ATen/" header-deps.txt || { echo "no ATen header was read from the wheel" >&2; exit 1; }
  # The libraries linked: torch'"'"'s from the wheel only (TorchConfig.cmake alone would take /usr/lib'"'"'s libc10).
  grep "^ *LINK_LIBRARIES = " build/build.ninja | grep -oE "/[^ \",]*/lib(torch|c10|gloo)[a-z_]*\.so[.0-9]*" |
    sort -u > linked-torch-libraries.txt
  if grep -v "^$wheel/lib/" linked-torch-libraries.txt; then
    echo "the backend links the torch libraries above from outside the wheel" >&2; exit 1
  fi

  # The Gloo warning names what a wheel lacks, not a Debian package.
  log=$(tr -s " \n" " " < pip-install.log)
  for text in "from a pip wheel: $wheel" "Gloo headers not found" "ships no Gloo headers" \
              "BACKEND_GLOO_INCLUDE_DIR" "capabilities.distributed: false"; do
    grep -qF "$text" <<<"$log" || { echo "the build log does not say \"$text\"" >&2; exit 1; }
  done
  if grep -qF "Debian package libgloo-dev" <<<"$log"; then
    echo "the build tells a wheel user to install libgloo-dev" >&2; exit 1
  fi

  cd /
  "$work/venv/bin/python" - <<PY
import torch
import torch_mydevice
import torch_mydevice.distributed as d

assert torch_mydevice.__file__.startswith("$site/"), torch_mydevice.__file__
x = torch.ones(3, device="mydevice")
assert torch.equal((x + 1).cpu(), torch.full((3,), 2.0))
assert not d.is_built() and not d.is_available()
reason = d.unavailable_reason()
for text in ("pip wheel", "gloo/config.h", "BACKEND_GLOO_INCLUDE_DIR", "capabilities.distributed: false"):
    assert text in reason, (text, reason)
print("e2e: distributed unavailable:", reason)
PY
  cd "$work"
  venv/bin/python -m pytest -q -p no:cacheprovider -rs mydevice/tests/test_smoke.py \
    mydevice/tests/test_device_module.py mydevice/tests/test_distributed.py mydevice/tests/test_profiler.py \
    > pytest.log 2>&1 || { cat pytest.log; exit 1; }
  tail -n 3 pytest.log
  grep -q "SKIPPED.*pip wheel" pytest.log || {
    echo "test_distributed.py was not skipped naming the wheel" >&2; exit 1; }

  # 4. Gloo headers named explicitly (here Debian'"'"'s, which match this torch): the distributed sources are built
  # and no Gloo library is linked, Gloo being inside libtorch_cpu. Standalone cmake, no CMAKE_PREFIX_PATH.
  cmake -S mydevice -B build-gloo -G Ninja -DPython3_EXECUTABLE="$work/venv/bin/python" \
    -DBACKEND_GLOO_INCLUDE_DIR=/usr/include > cmake-gloo.log 2>&1 || { cat cmake-gloo.log; exit 1; }
  # (A unity build names its sources in the unity files of CMakeFiles/, not in build.ninja.)
  grep -rqs "csrc/distributed/" build-gloo/build.ninja build-gloo/CMakeFiles/*/Unity || {
    echo "the distributed sources are not built although Gloo headers were named" >&2; exit 1; }
  if grep -qE "libgloo\.so|-lgloo" build-gloo/build.ninja; then
    echo "a Gloo library is linked for a wheel" >&2; exit 1
  fi
  grep -q "^Torch_DIR:PATH=$wheel/" build-gloo/CMakeCache.txt || {
    echo "standalone cmake did not find the wheel'"'"'s torch" >&2; exit 1; }

  # 5. A private copy of the C++ standard library (a toolchain that links libstdc++ statically, as one GPU
  # image'"'"'s /opt/gcc did: the suite then crashed at the first formatted error message): the module refuses to
  # load and says how to rebuild, whether the copy'"'"'s symbols are exported or hidden. Relinking only.
  module=$(ls "$site"/torch_mydevice/_C*.so)
  cp "$module" module-dynamic.so
  for flags in "-static-libstdc++" "-static-libstdc++ -Wl,--exclude-libs,ALL"; do
    cmake -S mydevice -B build "-DCMAKE_MODULE_LINKER_FLAGS=$flags" "-DCMAKE_SHARED_LINKER_FLAGS=$flags" \
      > relink.log 2>&1 && cmake --build build >> relink.log 2>&1 || { cat relink.log; exit 1; }
    out=$(sed -n "s|^BACKEND_OUTPUT_DIR:[A-Z]*=||p" build/CMakeCache.txt)
    cp "$(ls "$out"/_C*.so)" "$module"
    if TORCH_DEVICE_BACKEND_AUTOLOAD=0 venv/bin/python -c "import torch_mydevice" > import.log 2>&1; then
      echo "torch_mydevice loaded although linked with $flags" >&2; exit 1
    fi
    for text in "ImportError" "own copy of the C++ standard library" "CXX=/usr/bin/g++"; do
      grep -qF "$text" import.log || { echo "linked with $flags, the import error lacks \"$text\":" >&2
        cat import.log >&2; exit 1; }
    done
    echo "e2e: linked with $flags, the module refuses to load: $(grep -o "own copy.*torch uses" import.log)"
  done
  cp module-dynamic.so "$module"
' e2e "$work" "$site"
# 6. A GCC without a shared libstdc++ is refused at configure time, before anything is built (the check runs
# before torch is looked for, so the host's cmake serves).
cat > "$work/g++-without-shared-libstdc++" <<'SH'
#!/bin/sh
# Such a GCC answers the query for the shared library with its bare name: it has none.
[ "$1" = "-print-file-name=libstdc++.so" ] && { echo libstdc++.so; exit 0; }
exec g++ "$@"
SH
chmod +x "$work/g++-without-shared-libstdc++"
if cmake -S "$work/mydevice" -B "$work/build-no-shared-libstdcxx" \
     -DCMAKE_CXX_COMPILER="$work/g++-without-shared-libstdc++" > "$work/cmake-no-shared.log" 2>&1; then
  echo "configure accepted a compiler without a shared libstdc++" >&2; exit 1
fi
tr -s " \n" " " < "$work/cmake-no-shared.log" | grep -q "has no shared libstdc++ (libstdc++.so)" || { cat "$work/cmake-no-shared.log" >&2; exit 1; }
echo "e2e: a compiler without a shared libstdc++ is refused at configure time"
echo "e2e: backend_wheel_torch passed in $(( $(date +%s) - start )) s"
