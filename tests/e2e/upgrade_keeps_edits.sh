#!/usr/bin/env bash
# End-to-end: what is the user's survives a PyTorch upgrade. A backend generated for torch 2.6 is customised the
# ways a vendor customises it:
#   - a kernel of the user's own in the user-owned csrc/user/ directory (mydevice_ext::scaled_add),
#   - an edit to a generated file (a helper appended to the package's __init__.py: kept by the three-way merge),
#   - the driver adapter (csrc/driver/driver.cc: the device name carries a vendor prefix),
#   - an operator of the vendor's own launched through the generated kernel seam (mydevice_vendor::fill_iota),
#   - a native operator's device kernel (csrc/kernels/neg.cc: a loop over device pointers, counted),
#   - a kernel ported to a device without host access (csrc/kernels/add_Tensor.cc: the third stage of a discrete
#     port; with ACCELSIM_HOST_ACCESS=0 it runs while the kernels still scaffolded raise an error naming their file).
# It is built and tested in the torch 2.6 root filesystem, then regenerated for torch 2.14: zero conflicts, the
# user-owned files byte for byte unchanged, the edit kept, and the same tree builds and passes in torch 2.14. In
# each torch every customisation is exercised, then the generated tests that go through them run (loading, the
# device module, the generic device tests, copies, the operators). This is the e2e run of a tree generated for 2.6
# alone; the whole suite runs, in torch 2.6, on the range tree of e2e.backend_range_2_6_to_2_14, and on the 2.14
# tree in e2e.conformance_report_chromium.
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

# 3. The driver adapter, customised: the device name the driver reports carries a vendor prefix.
adapter=$backend/csrc/driver/driver.cc
grep -q 'properties->name = prop.name;' "$adapter"
sed -i 's|properties->name = prop.name;|properties->name = std::string("vendor ") + prop.name;|' "$adapter"
# 4. A kernel of the vendor's own, in the user-owned directory, launched through the generated kernel seam.
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
# 5. The device kernel of a native operator, the vendor's own: neg on contiguous float32 tensors as a plain loop
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
# 6. A kernel ported to a device whose memory the host cannot address (the third stage of a discrete port):
#    add.Tensor without host tasks. With ACCELSIM_HOST_ACCESS=0 it runs, while the kernels still scaffolded (mm,
#    relu) raise an error naming their file, and the process carries on.
cat > "$backend/csrc/kernels/add_Tensor.cc" <<'CC'
// add.Tensor ported to a device whose memory the host cannot address. The "device code" is simulated with the
// driver's copies (host mirrors of the operands, ATen's CPU add, the result copied back); a real port enqueues
// its own kernel on the current stream here instead.
#include "kernels/kernels.h"
#include "ops/host_staging.h"

namespace torch_mydevice::kernels {

void add_Tensor(const at::Tensor& out, const at::Tensor& self, const at::Tensor& other, const c10::Scalar& alpha) {
  const auto operand = [](const at::Tensor& t) { return t.is_cpu() ? t : ops::host_mirror(t, true); };
  const at::Tensor self_host = operand(self);
  const at::Tensor other_host = operand(other);
  ops::modify_on_host(out, [&](at::Tensor& out_host) { at::add_out(out_host, self_host, other_host, alpha); });
}

} // namespace torch_mydevice::kernels
CC
user_files="csrc/driver/driver.cc csrc/driver/driver.cmake csrc/user/vendor_fill.cc csrc/kernels/neg.cc
  csrc/kernels/add_Tensor.cc csrc/user/scaled_add.cc"
for file in $user_files; do sha256sum "$backend/$file"; done >"$work/user-files.sha256"

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
    # The generated tests that go through the customisations: loading through `import torch` and the package
    # imported first (the edited __init__.py), the device module and the generic device tests (device name and
    # properties come from the adapter), copies (through the adapter), the operators (neg on contiguous float32
    # through the vendor kernel, on other dtypes and layouts through its default path). This test is about the
    # upgrade; the whole suite runs in e2e.backend_range_2_6_to_2_14 (torch 2.6) and e2e.conformance_report_chromium
    # (torch 2.14), and CI time is shared.
    venv/bin/python -m pytest -q -p no:cacheprovider mydevice/tests/test_smoke.py \
      mydevice/tests/test_device_module.py mydevice/tests/test_device_generic.py mydevice/tests/test_copies.py \
      mydevice/tests/test_ops.py
    # After the upgrade, the ported kernel without host access (ACCELSIM_HOST_ACCESS=0: no host code may touch
    # device memory).
    [ "$2" = 2.14 ] || exit 0
    ACCELSIM_HOST_ACCESS=0 timeout 600 venv/bin/python - <<PY
import torch

assert torch.mydevice.get_device_properties(0).host_accessible_memory is False
# Made on the CPU and copied: fill_ and zero_ are native operators of the default spec, and host tasks too.
x = torch.arange(16, dtype=torch.float32).reshape(4, 4).to("mydevice")
big = torch.randn(64, 128).to("mydevice")  # past the small-tensor path of the elementwise kernels
# The ported kernel runs, broadcasting and in place included.
assert torch.equal((x + x).cpu(), x.cpu() * 2)
assert torch.allclose((big + big[0]).cpu(), big.cpu() + big.cpu()[0])
y = x.clone()
y.add_(x, alpha=2)
assert torch.equal(y.cpu(), x.cpu() * 3)
print("upgrade_keeps_edits: the ported add.Tensor kernel runs without host access")
cases = [
    ("mm", "csrc/kernels/mm.cc", lambda: x @ x),
    ("relu", "csrc/kernels/relu.cc", lambda: torch.relu(x)),
]
for op, kernel_file, call in cases:
    try:
        call()
    except RuntimeError as error:
        message = str(error)
        for expected in (kernel_file, op, "operators.native", "host task", "not host-accessible"):
            assert expected in message, f"{op}: {expected!r} not in: {message}"
        print(f"upgrade_keeps_edits: {op}: {message.splitlines()[0][:160]}...")
    else:
        raise AssertionError(f"{op} ran a host task on a device without host access")
# The process carries on: the inputs are intact and copies still work.
assert torch.equal(x.cpu(), torch.arange(16, dtype=torch.float32).reshape(4, 4))
# torch.compile without host access takes the ATen path: the compiled graph calls the operators of the device, so
# the ported add runs and the scaffolded mul fails the same way as in eager mode.
compiled = torch.compile(lambda t: t + t)(x)
assert torch.equal(compiled.cpu(), x.cpu() * 2), compiled
try:
    torch.compile(lambda t: t * 2 + 1)(x)
except Exception as error:  # Dynamo wraps what the operator raised (BackendCompilerFailed, or the RuntimeError)
    assert "csrc/kernels/mul_Tensor.cc" in str(error) and "not host-accessible" in str(error), error
else:
    raise AssertionError("a compiled graph ran a scaffolded host-task kernel on a device without host access")
print("upgrade_keeps_edits: every kernel not ported failed with its file named; the process survived")
PY
  ' check "$work" "$torch_line"
}

check_in_rootfs 2.6

# The upgrade: the user changes the spec's torch field (the spec is theirs) and regenerates.
sed -i 's/^torch: "2.6"$/torch: "2.14"/' "$backend/accelgen.yaml"
grep -q '^torch: "2.14"$' "$backend/accelgen.yaml"
"$accelgen" generate "$backend" | tee "$work/upgrade.log"
if grep -qi conflict "$work/upgrade.log"; then
  echo "upgrade_keeps_edits: the upgrade reported conflicts" >&2
  exit 1
fi
sha256sum --check --quiet "$work/user-files.sha256"
grep -q "def user_banner" "$init_py" || { echo "the edit to __init__.py was lost" >&2; exit 1; }
grep -q "scaled_add" "$backend/csrc/user/scaled_add.cc" || { echo "the user kernel was lost" >&2; exit 1; }
grep -q '"max": "2.14"' "$backend/.accelgen/manifest.json"

check_in_rootfs 2.14
echo "upgrade_keeps_edits: the user's files and edit survived the 2.6 -> 2.14 regeneration; both builds passed"
