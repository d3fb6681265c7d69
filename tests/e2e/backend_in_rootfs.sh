#!/usr/bin/env bash
# End-to-end: generate a backend with accelgen, build and install it into a virtual environment inside the
# root filesystem of a real torch, and run its own pytest suite there with nothing but `import torch`.
#
#   backend_in_rootfs.sh ACCELGEN ROOTFS_TORCH WORKDIR [GENERATE_TORCH]
#
# ACCELGEN        the accelgen binary (built on the host)
# ROOTFS_TORCH    which root filesystem runs the backend: 2.6 or 2.14
# WORKDIR         scratch directory (recreated); the backend, venv and logs go there
# GENERATE_TORCH  what the backend is generated for (default: ROOTFS_TORCH); e.g. 2.6:2.14 for a range
set -euo pipefail
accelgen=$(realpath "$1")
rootfs_torch=$2
work=$(realpath -m "$3")
generate_torch=${4:-$rootfs_torch}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

rm -rf "$work"
mkdir -p "$work"
"$accelgen" init mydevice --dir "$work" --torch "$generate_torch"

# Everything below runs inside the root filesystem, as a PyTorch user would run it.
"$repo/scripts/torch-rootfs.sh" run "$rootfs_torch" --bind "$work" -- bash -euo pipefail -c '
  work=$1
  cd "$work"
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
  python3 -m venv --system-site-packages venv
  start=$(date +%s)
  venv/bin/pip install --no-build-isolation --no-index --no-deps ./mydevice > pip-install.log 2>&1 || {
    tail -n 80 pip-install.log; exit 1; }
  echo "e2e: pip install took $(( $(date +%s) - start )) s (torch $(venv/bin/python -c "import torch; print(torch.__version__)" 2>/dev/null | tail -n 1))"
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
  # From outside the source tree, so that `import torch_mydevice` finds the installed package, not the sources.
  cd "$work"
  "$work/venv/bin/python" -m pytest -q -p no:cacheprovider mydevice/tests
' e2e "$work"
