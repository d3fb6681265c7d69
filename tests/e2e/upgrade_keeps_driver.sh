#!/usr/bin/env bash
# End-to-end: the vendor's code lives in user-owned files, so a PyTorch upgrade never touches it. A backend is
# generated for torch 2.6 (default accelsim adapter), its driver adapter (csrc/driver/driver.cc) and a kernel of
# its own (csrc/user/) are customised, then it is regenerated for torch 2.14: zero conflicts, the user's files
# byte for byte unchanged, and the tree builds and passes its tests in the torch 2.14 root filesystem.
#
#   upgrade_keeps_driver.sh ACCELGEN WORKDIR
set -euo pipefail
accelgen=$(realpath "$1")
work=$(realpath -m "$2")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
backend=$work/mydevice

rm -rf "$work"
mkdir -p "$work"
"$accelgen" init mydevice --dir "$work" --torch 2.6

# 1. The adapter, customised: the device name the driver reports carries a vendor prefix.
adapter=$backend/csrc/driver/driver.cc
grep -q 'properties->name = prop.name;' "$adapter"
sed -i 's|properties->name = prop.name;|properties->name = std::string("vendor ") + prop.name;|' "$adapter"
# 2. A kernel of the vendor's own, in the user-owned directory, launched through the generated kernel seam.
cat >"$backend/csrc/user/vendor_fill.cc" <<'CC'
// A kernel of the vendor's own: mydevice_vendor::fill_iota(t) writes 0, 1, 2, ... into a float tensor.
#include "ops/launch.h"

#include <torch/library.h>

namespace {
at::Tensor fill_iota(const at::Tensor& t) {
  TORCH_CHECK(t.scalar_type() == at::kFloat && t.is_contiguous(), "fill_iota: a contiguous float tensor");
  const auto out = torch_mydevice::ops::KernelTensor(t);
  torch_mydevice::ops::launch_on_current_stream(t.device().index(), [out] {
    auto cpu = out.cpu();
    float* data = cpu.data_ptr<float>();
    for (int64_t i = 0; i < cpu.numel(); ++i) {
      data[i] = static_cast<float>(i);
    }
  });
  return t;
}
} // namespace

TORCH_LIBRARY(mydevice_vendor, m) { m.def("fill_iota(Tensor(a!) t) -> Tensor(a!)"); }
TORCH_LIBRARY_IMPL(mydevice_vendor, PrivateUse1, m) { m.impl("fill_iota", fill_iota); }
CC
user_files="csrc/driver/driver.cc csrc/driver/driver.cmake csrc/user/vendor_fill.cc"
for file in $user_files; do sha256sum "$backend/$file"; done >"$work/user-files.sha256"

# 3. The upgrade: the user changes the spec's torch field and regenerates.
sed -i 's/^torch: "2.6"$/torch: "2.14"/' "$backend/accelgen.yaml"
"$accelgen" generate "$backend" | tee "$work/upgrade.log"
if grep -qi conflict "$work/upgrade.log"; then
  echo "upgrade_keeps_driver: the upgrade reported conflicts" >&2
  exit 1
fi
sha256sum --check --quiet "$work/user-files.sha256"
grep -q '"max": "2.14"' "$backend/.accelgen/manifest.json"

"$repo/scripts/torch-rootfs.sh" run 2.14 --bind "$work" -- bash -euo pipefail -c '
  work=$1
  cd "$work"
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
  python3 -m venv --system-site-packages venv
  venv/bin/pip install --no-build-isolation --no-index --no-deps ./mydevice > pip-install.log 2>&1 || {
    tail -n 80 pip-install.log; exit 1; }
  cd /
  "$work/venv/bin/python" - <<PY
import torch
assert torch.mydevice.get_device_name(0).startswith("vendor "), torch.mydevice.get_device_name(0)
t = torch.ops.mydevice_vendor.fill_iota(torch.empty(5, device="mydevice"))
assert torch.equal(t.cpu(), torch.arange(5, dtype=torch.float32)), t
print("customised adapter and vendor kernel OK on torch", torch.__version__)
PY
  cd "$work"
  # The whole suite but torch.compile and the OpInfo sweep, which the e2e.backend_torch_* tests run for both
  # versions: this test is about the upgrade, and CI time is shared.
  "$work/venv/bin/python" -m pytest -q -p no:cacheprovider mydevice/tests -m "not opinfo" --ignore=mydevice/tests/test_compile.py
' check "$work"
echo "upgrade_keeps_driver: the 2.6 -> 2.14 regeneration left the vendor's files alone; the 2.14 build passed"
