#!/usr/bin/env bash
# End-to-end: the vendor's code lives in user-owned files, so a PyTorch upgrade never touches it. A backend is
# generated for torch 2.6 (default accelsim adapter), its driver adapter (csrc/driver/driver.cc), a native
# operator's device kernel (csrc/kernels/neg.cc) and an operator of its own (csrc/user/) are customised, then it
# is regenerated for torch 2.14: zero conflicts, the user's files byte for byte unchanged, and the tree builds in
# the torch 2.14 root filesystem, where the customised adapter, the vendor's operator and the vendor's neg kernel
# are exercised and a subset of the generated suite that runs through them passes (the whole suite of the same
# generated code with the default adapter and kernels is e2e.backend_torch_2_14's).
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

extern std::atomic<int64_t> vendor_neg_calls; // csrc/kernels/neg.cc

TORCH_LIBRARY(mydevice_vendor, m) {
  m.def("fill_iota(Tensor(a!) t) -> Tensor(a!)");
  m.def("neg_calls() -> int", [] { return vendor_neg_calls.load(); });
}
TORCH_LIBRARY_IMPL(mydevice_vendor, PrivateUse1, m) { m.impl("fill_iota", fill_iota); }
CC
sed -i 's|#include <torch/library.h>|#include <torch/library.h>\n\n#include <atomic>|' "$backend/csrc/user/vendor_fill.cc"
# 3. The device kernel of a native operator, the vendor's own: neg on contiguous float32 tensors as a plain loop
#    over device pointers (counted, so the test can see it ran); everything else keeps the default.
test -f "$backend/csrc/kernels/neg.cc"
cat >"$backend/csrc/kernels/neg.cc" <<'CC'
// The vendor's neg kernel: a loop over device pointers for contiguous float32, PyTorch's CPU kernel otherwise.
#include "kernels/kernels.h"

#include <atomic>

std::atomic<int64_t> vendor_neg_calls{0};

namespace torch_mydevice::kernels {

void neg(const at::Tensor& out, const at::Tensor& self) {
  if (out.scalar_type() == at::kFloat && self.scalar_type() == at::kFloat && out.is_contiguous() &&
      self.is_contiguous() && self.device() == out.device() && self.sizes().equals(out.sizes())) {
    ++vendor_neg_calls;
    struct Args {
      float* out;
      const float* in;
      int64_t n;
    };
    const Args args{out.data_ptr<float>(), self.const_data_ptr<float>(), out.numel()};
    launch_on_current_stream(out.device().index(), [args] {
      auto* o = static_cast<float*>(kernel_access(args.out));
      const auto* a = static_cast<const float*>(kernel_access(args.in));
      for (int64_t i = 0; i < args.n; ++i) {
        o[i] = -a[i];
      }
    });
    return;
  }
  run_kernel(out.device(), [o = KernelArg(out), a = KernelArg(self)] {
    at::Tensor r = o.cpu();
    at::neg_out(r, a.cpu());
  });
}

} // namespace torch_mydevice::kernels
CC
user_files="csrc/driver/driver.cc csrc/driver/driver.cmake csrc/user/vendor_fill.cc csrc/kernels/neg.cc"
for file in $user_files; do sha256sum "$backend/$file"; done >"$work/user-files.sha256"

# 4. The upgrade: the user changes the spec's torch field and regenerates.
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
x = torch.randn(64, device="mydevice")
before = torch.ops.mydevice_vendor.neg_calls()
assert torch.equal((-x).cpu(), -(x.cpu()))
assert torch.ops.mydevice_vendor.neg_calls() == before + 1, "the vendor neg kernel did not run"
assert torch.equal((-x.double()).cpu(), -(x.double().cpu()))  # the default path for other dtypes
print("customised adapter, vendor operator and vendor neg kernel OK on torch", torch.__version__)
PY
  cd "$work"
  # The generated tests that go through the customised adapter and neg kernel: loading, the device module and the
  # generic device tests (device name and properties come from the adapter), copies (through the adapter), the
  # operators (neg on contiguous float32 through the vendor kernel, on other dtypes and layouts through its default
  # path). This test is about the upgrade; the whole suite of the same generated code runs in
  # e2e.backend_torch_2_14, and CI time is shared.
  "$work/venv/bin/python" -m pytest -q -p no:cacheprovider mydevice/tests/test_smoke.py \
    mydevice/tests/test_device_module.py mydevice/tests/test_device_generic.py mydevice/tests/test_copies.py \
    mydevice/tests/test_ops.py
' check "$work"
echo "upgrade_keeps_driver: the 2.6 -> 2.14 regeneration left the vendor's files alone; the 2.14 build passed"
