#!/usr/bin/env bash
# The main job, on a fresh Debian machine (as root): build accelgen, `accelgen init` a demo device, build and
# install the generated backend against real torch 2.14 (in its root filesystem), and run a short script on the
# device with nothing but `import torch`.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${ACCELGEN_BUILD_DIR:-$repo/build}
demo=${ACCELGEN_DEMO_DIR:-$repo/build/demo}

"$repo/scripts/install-deps.sh"
"$repo/scripts/torch-rootfs.sh" ensure 2.14
cmake -S "$repo" -B "$build" -G Ninja >/dev/null
cmake --build "$build" --target accelgen

rm -rf "$demo"
mkdir -p "$demo"
"$build/generator/accelgen" init mydevice --dir "$demo" --torch 2.14

"$repo/scripts/torch-rootfs.sh" run 2.14 --bind "$demo" -- bash -euo pipefail -c '
  cd "$1"
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
  python3 -m venv --system-site-packages venv
  echo "Building and installing torch_mydevice (pip install --no-build-isolation) ..."
  venv/bin/pip install --no-build-isolation --no-index --no-deps ./mydevice > pip-install.log 2>&1 || {
    tail -n 60 pip-install.log; exit 1; }
  cd /
  "$1/venv/bin/python" - <<PY
import torch  # the backend arrives through the torch.backends entry point: no other import

print("torch", torch.__version__, "| accelerator:", torch.accelerator.current_accelerator())
print("mydevice available:", torch.mydevice.is_available(), "| devices:", torch.mydevice.device_count())
x = torch.ones(3, device="mydevice")
print("x =", x)
print("(x + 1).cpu() =", (x + 1).cpu())
a = torch.randn(4, 3, device="mydevice")
b = torch.randn(3, 2, device="mydevice")
print("a @ b on", (a @ b).device, "matches the CPU:", torch.allclose((a @ b).cpu(), a.cpu() @ b.cpu()))
PY
' demo "$demo"
