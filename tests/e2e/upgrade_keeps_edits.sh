#!/usr/bin/env bash
# End-to-end: a backend generated for torch 2.6 is customised (a kernel of the user's own in the user-owned
# csrc/user/ directory, an edit to a generated Python file), built and tested in the torch 2.6 root filesystem,
# then regenerated for torch 2.14: the edits must survive, and the same tree must build and pass in torch 2.14.
# In each torch the user's kernel and edit are exercised, then a smoke subset of the generated suite runs (this is
# the e2e run of a tree generated for 2.6 alone; the whole suite runs, in torch 2.6, on the range tree of
# e2e.backend_range_2_6_to_2_14, and on the 2.14 tree in e2e.conformance_report_chromium).
#
#   upgrade_keeps_edits.sh ACCELGEN WORKDIR
set -euo pipefail
accelgen=$(realpath "$1")
work=$(realpath -m "$2")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
backend=$work/mydevice

rm -rf "$work"
mkdir -p "$work"
"$accelgen" init mydevice --dir "$work" --torch 2.6

# 1. The user's own kernel: a new operator in the user-owned directory (never touched by accelgen).
cat >"$backend/csrc/user/scaled_add.cc" <<'CC'
// A kernel of the user's own: mydevice_ext::scaled_add(a, b, alpha) = a + alpha * b, on the device.
#include <ATen/ATen.h>
#include <torch/library.h>

namespace {
at::Tensor scaled_add(const at::Tensor& a, const at::Tensor& b, double alpha) {
  return a.add(b, alpha);
}
}  // namespace

TORCH_LIBRARY(mydevice_ext, m) { m.def("scaled_add(Tensor a, Tensor b, float alpha) -> Tensor"); }
TORCH_LIBRARY_IMPL(mydevice_ext, PrivateUse1, m) { m.impl("scaled_add", scaled_add); }
CC
# 2. An edit to a generated file: a helper appended to the package's __init__.py.
init_py=$backend/src/torch_mydevice/__init__.py
cat >>"$init_py" <<'PY'


def user_banner():
    """Added by the user: must survive regeneration."""
    return "edited by the user"
PY

check_in_rootfs() {
  local torch_line=$1
  "$repo/scripts/torch-rootfs.sh" run "$torch_line" --bind "$work" -- bash -euo pipefail -c '
    work=$1
    cd "$work"
    export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
    rm -rf venv mydevice/build
    python3 -m venv --system-site-packages venv
    venv/bin/pip install --no-build-isolation --no-index --no-deps ./mydevice > pip-install.log 2>&1 || {
      tail -n 80 pip-install.log; exit 1; }
    venv/bin/python - <<PY
import torch, torch_mydevice
a = torch.ones(4, device="mydevice")
b = torch.full((4,), 2.0, device="mydevice")
out = torch.ops.mydevice_ext.scaled_add(a, b, 0.5)
assert out.device.type == "mydevice" and torch.equal(out.cpu(), torch.full((4,), 2.0)), out
assert torch_mydevice.user_banner() == "edited by the user"
print("user kernel and edit OK on torch", torch.__version__)
PY
    # A smoke subset of the generated suite: loading through `import torch` and the package imported first (the
    # edited __init__.py), the device module, copies through the runtime, the operators. This test is about the
    # upgrade; the whole suite runs in e2e.backend_range_2_6_to_2_14 (torch 2.6) and e2e.conformance_report_chromium
    # (without the kernel and the edit of this test, checked above), and CI time is shared.
    venv/bin/python -m pytest -q -p no:cacheprovider mydevice/tests/test_smoke.py \
      mydevice/tests/test_device_module.py mydevice/tests/test_copies.py mydevice/tests/test_ops.py
  ' check "$work"
}

check_in_rootfs 2.6

# 3. Regenerate for torch 2.14 (the spec is the user's: they change its torch field).
sed -i 's/^torch: "2.6"$/torch: "2.14"/' "$backend/accelgen.yaml"
grep -q '^torch: "2.14"$' "$backend/accelgen.yaml"
"$accelgen" generate "$backend"
grep -q "def user_banner" "$init_py" || { echo "the edit to __init__.py was lost" >&2; exit 1; }
grep -q "scaled_add" "$backend/csrc/user/scaled_add.cc" || { echo "the user kernel was lost" >&2; exit 1; }
grep -q '"max": "2.14"' "$backend/.accelgen/manifest.json"

check_in_rootfs 2.14
echo "upgrade_keeps_edits: edits survived the 2.6 -> 2.14 regeneration; both builds passed"
