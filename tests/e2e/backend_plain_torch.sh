#!/usr/bin/env bash
# End-to-end: a generated backend on a plain Debian torch, as a user who installed only what the generated
# README's first command lists (python3-torch, libtorch-dev, the build tools): the 2.14-plain root filesystem
# has neither libgloo-dev nor libfmt-dev nor pybind11-dev. The default spec turns distributed and profiler on, so
# the build must leave those parts out with CMake warnings that name the Debian package and the spec switch, say
# that the Python bindings translate errors without torch's HANDLE_TH_ERRORS, the backend must work (its error
# translation too), and torch_mydevice.distributed must say why it is unavailable.
#
#   backend_plain_torch.sh ACCELGEN WORKDIR
set -euo pipefail
accelgen=$(realpath "$1")
work=$(realpath -m "$2")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

rm -rf "$work"
mkdir -p "$work"
"$accelgen" init mydevice --dir "$work" --torch 2.14
grep -q 'libgloo-dev' "$work/mydevice/README.md" || { echo "the generated README names no libgloo-dev" >&2; exit 1; }

"$repo/scripts/torch-rootfs.sh" run 2.14-plain --bind "$work" -- bash -euo pipefail -c '
  work=$1
  cd "$work"
  for absent in /usr/include/gloo /usr/include/fmt /usr/include/pybind11; do
    [ ! -e "$absent" ] || { echo "the plain root filesystem has $absent" >&2; exit 1; }
  done
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
  python3 -m venv --system-site-packages venv
  # -v: pip shows the CMake output, where the warnings are.
  venv/bin/pip install -v --no-build-isolation --no-index --no-deps ./mydevice > pip-install.log 2>&1 || {
    tail -n 80 pip-install.log; exit 1; }
  for text in "Debian package libgloo-dev" "capabilities.distributed: false" \
              "Debian package libfmt-dev" "capabilities.profiler: false" "Debian package pybind11-dev"; do
    tr -s " \n" " " < pip-install.log | grep -qF "$text" || {
      echo "the build log does not say \"$text\"" >&2; grep -n -A4 "CMake Warning" pip-install.log >&2; exit 1; }
  done
  cd /
  "$work/venv/bin/python" - <<PY
import torch
import torch_mydevice.distributed as d

x = torch.ones(3, device="mydevice")
assert torch.equal((x + 1).cpu(), torch.full((3,), 2.0))
assert not d.is_available()
assert not d.is_built()
reason = d.unavailable_reason()
assert "libgloo-dev" in reason and "capabilities.distributed: false" in reason, reason
print("distributed unavailable:", reason)
PY
  cd "$work"
  # torch 2.14 has the PrivateUse1 profiler registry, so the Kineto test fails, naming libfmt-dev, instead of
  # skipping: the one failure this tree may have.
  status=0
  "$work/venv/bin/python" -m pytest -q -p no:cacheprovider -rsf mydevice/tests/test_smoke.py \
    mydevice/tests/test_device_module.py mydevice/tests/test_distributed.py mydevice/tests/test_profiler.py \
    > pytest.log 2>&1 || status=$?
  cat pytest.log
  [ "$status" -eq 1 ] && grep -q "^1 failed" pytest.log \
    && grep -q "^FAILED .*test_torch_profiler_records_device_kernels" pytest.log \
    && grep -q "^E  *Failed: this torch has the PrivateUse1 profiler registry.*libfmt-dev" pytest.log || {
    echo "expected exactly one failure, the Kineto test naming libfmt-dev (pytest exited with $status)" >&2; exit 1; }
  grep -q "SKIPPED.*libgloo-dev" pytest.log || { echo "test_distributed.py was not skipped naming libgloo-dev" >&2; exit 1; }
' e2e "$work"
