#!/usr/bin/env bash
# End-to-end: generate a backend with accelgen, build and install it into a virtual environment inside the
# root filesystem of a real torch, and run its own pytest suite there with nothing but `import torch`, from the
# backend's folder as its README says (the installed package is the one tested); then check that without a test
# requirement (expecttest hidden) pytest stops with one message naming the `test` extra.
#
#   backend_in_rootfs.sh ACCELGEN ROOTFS_TORCH WORKDIR [GENERATE_TORCH [SUITE]]
#
# ACCELGEN        the accelgen binary (built on the host)
# ROOTFS_TORCH    which root filesystem runs the backend: 2.6 or 2.14, or several separated by commas
#                 (2.6,2.14): the one generated tree is then built from scratch and tested in each, in turn
# WORKDIR         scratch directory (recreated); the backend, venv and logs go there (the venv of the last root
#                 filesystem stays: e2e.conformance_report_chromium runs the whole suite with it)
# GENERATE_TORCH  what the backend is generated for (default: ROOTFS_TORCH); e.g. 2.6:2.14 for a range
# SUITE           how much of the generated suite runs in each root filesystem, one word per ROOTFS_TORCH entry
#                 (separated by commas): "whole" (default) or "smoke" (loading, the device module, copies, the
#                 operators: the test files that show the build works, in seconds)
set -euo pipefail
accelgen=$(realpath "$1")
rootfs_list=$2
work=$(realpath -m "$3")
if [[ $rootfs_list == *,* && -z ${4:-} ]]; then
  echo "backend_in_rootfs.sh: name GENERATE_TORCH (e.g. 2.6:2.14) when testing in several root filesystems" >&2
  exit 2
fi
generate_torch=${4:-$rootfs_list}
IFS=, read -r -a rootfs_torches <<<"$rootfs_list"
IFS=, read -r -a suites <<<"${5:-}"
for i in "${!rootfs_torches[@]}"; do
  case ${suites[$i]:=whole} in
    whole|smoke) ;;
    *) echo "backend_in_rootfs.sh: SUITE is whole or smoke for each root filesystem, not '${suites[$i]}'" >&2
       exit 2 ;;
  esac
done
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

rm -rf "$work"
mkdir -p "$work"
"$accelgen" init mydevice --dir "$work" --torch "$generate_torch"

for i in "${!rootfs_torches[@]}"; do
rootfs_torch=${rootfs_torches[$i]}
pytest_selection=(tests)
if [ "${suites[$i]}" = smoke ]; then
  pytest_selection=(tests/test_smoke.py tests/test_device_module.py tests/test_copies.py tests/test_ops.py)
fi
echo "e2e: torch $generate_torch backend in the torch $rootfs_torch root filesystem (${suites[$i]} suite)"
# Everything below runs inside the root filesystem, as a PyTorch user would run it.
"$repo/scripts/torch-rootfs.sh" run "$rootfs_torch" --bind "$work" -- bash -euo pipefail -c '
  work=$1
  cd "$work"
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
  # A fresh build per root filesystem: nothing compiled against another torch may be reused.
  rm -rf venv mydevice/build mydevice/src/*.egg-info
  python3 -m venv --system-site-packages venv
  start=$(date +%s)
  # -Werror: the generated code builds without a warning (the backend compiles with -Wall -Wextra; torch'"'"'s headers
  # are system headers, so their own warnings stay out).
  CXXFLAGS=-Werror venv/bin/pip install --no-build-isolation --no-index --no-deps ./mydevice > pip-install.log 2>&1 || {
    tail -n 80 pip-install.log; exit 1; }
  echo "e2e: pip install took $(( $(date +%s) - start )) s (torch $(venv/bin/python -c "import torch; print(torch.__version__)" 2>/dev/null | tail -n 1))"
  # These root filesystems hold pybind11-dev: the Python bindings translate errors with torch'"'"'s HANDLE_TH_ERRORS.
  module=$(find venv -path "*torch_mydevice/_C*.so" -print -quit)
  nm -DC "$module" > module-symbols.txt  # not piped into grep -q: nm would die of SIGPIPE under pipefail
  grep -q "torch::PyWarningHandler::PyWarningHandler" module-symbols.txt || {
    echo "$module does not use torch'"'"'s HANDLE_TH_ERRORS although pybind11-dev is installed" >&2; exit 1; }
  # Only `import torch`: the backend must arrive through the torch.backends entry point.
  cd /
  "$work/venv/bin/python" - <<PY
import torch
x = torch.ones(3, device="mydevice")
y = (x + 1).cpu()
print(y)
assert x.device.type == "mydevice", x.device
assert torch.equal(y, torch.full((3,), 2.0)), y
PY
  # From the backend'"'"'s root, as its README says: the src layout (src/torch_mydevice/) means Python started here
  # imports the installed package with its extension module, never the bare sources.
  cd "$work/mydevice"
  "$work/venv/bin/python" -c "import torch_mydevice; assert torch_mydevice.__file__.startswith(\"$work/venv/\"), \
    torch_mydevice.__file__"
  "$work/venv/bin/python" -m pytest -q -p no:cacheprovider -rs "${@:2}"
  # Without a test requirement (here expecttest, hidden from this one run) the suite stops at once with one
  # message naming it and the extra to install, and exit status 5 (no tests collected), not an import error per
  # file.
  mkdir -p "$work/hide-expecttest"
  echo "import sys; sys.modules[\"expecttest\"] = None" > "$work/hide-expecttest/sitecustomize.py"
  status=0
  PYTHONPATH="$work/hide-expecttest" "$work/venv/bin/python" -m pytest -q -p no:cacheprovider tests \
    > "$work/pytest-without-expecttest.log" 2>&1 || status=$?
  cat "$work/pytest-without-expecttest.log"
  [ "$status" -eq 5 ] || { echo "pytest without expecttest exited with $status, not 5" >&2; exit 1; }
  grep -q "they need expecttest.*pip install .torch_mydevice\[test\]" "$work/pytest-without-expecttest.log" || {
    echo "pytest without expecttest did not name it and the test extra" >&2; exit 1; }
  ! grep -q "Error" "$work/pytest-without-expecttest.log" || {
    echo "pytest without expecttest reported errors instead of one message" >&2; exit 1; }
' e2e "$work" "${pytest_selection[@]}"
done
