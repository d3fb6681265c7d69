#!/usr/bin/env bash
# End-to-end: a port starts with `accelgen init NAME --runtime custom`. The tree (custom driver scaffold, no bundled
# simulator) builds in the torch 2.14 root filesystem; `import torch` loads it, torch.gdev.device_count() is 0
# (peek_device_count is still a stub) and the first real use of the device fails with the stub's message naming the
# driver function and csrc/driver/driver.cc. Then, on a copy of an accelsim tree (no build), switching
# device.runtime to custom names the user's driver files that no longer fit and writes the custom scaffolds beside
# them, never over them. operators.native is emptied to keep the build short (about 3 minutes on 2 cores).
#
#   init_runtime_custom.sh ACCELGEN WORKDIR
set -euo pipefail
accelgen=$(realpath "$1")
work=$(realpath -m "$2")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

rm -rf "$work"
mkdir -p "$work"
"$accelgen" init gdev --runtime custom --dir "$work" | tee "$work/init.log"
backend=$work/gdev
grep -q '^  runtime: custom$' "$backend/accelgen.yaml"
test ! -e "$backend/third_party/accelsim"
if grep -q 'accelsim' "$backend/csrc/driver/driver.cmake" "$backend/csrc/driver/driver.cc"; then
  echo "init_runtime_custom: the custom scaffold still names accelsim" >&2
  exit 1
fi
# A small spec for a short build: every operator through the CPU fallback.
"$repo/tests/e2e/set_native_operators.py" "$backend/accelgen.yaml"
"$accelgen" generate "$backend" > "$work/generate.log"

"$repo/scripts/torch-rootfs.sh" run 2.14 --bind "$work" -- bash -euo pipefail -c '
  work=$1
  cd "$work"
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
  python3 -m venv --system-site-packages venv
  venv/bin/pip install --no-build-isolation --no-index --no-deps ./gdev > pip-install.log 2>&1 || {
    tail -n 80 pip-install.log; exit 1; }
  cd /
  "$work/venv/bin/python" - <<PY
import torch
assert torch.gdev.device_count() == 0, torch.gdev.device_count()
assert not torch.gdev.is_available()
try:
    torch.empty(3, device="gdev")
except Exception as error:  # the stub fails loudly, naming itself and the file to write it in
    message = str(error)
    print("first use:", type(error).__name__, message)
    assert "is not implemented yet" in message, message
    assert "Driver::" in message, message
    assert "csrc/driver/driver.cc" in message, message
else:
    raise AssertionError("the first use of a custom-runtime device succeeded with a stub driver")
print("custom runtime: builds, imports, device_count() == 0, stubs fail naming themselves")
PY
' check "$work"

# The runtime switch on an accelsim tree (host only: nothing is built).
"$accelgen" init sdev --dir "$work" > /dev/null
switched=$work/sdev
cp "$switched/csrc/driver/driver.cc" "$work/driver.cc.before"
cp "$switched/csrc/driver/driver.cmake" "$work/driver.cmake.before"
sed -i 's/^  runtime: accelsim$/  runtime: custom/' "$switched/accelgen.yaml"
"$accelgen" generate "$switched" | tee "$work/switch.log"
grep -q 'device.runtime changed: accelsim -> custom' "$work/switch.log"
grep -Eq 'csrc/driver/driver.cmake:[0-9]+: still add_subdirectory.s third_party/accelsim' "$work/switch.log"
grep -Eq 'csrc/driver/driver.cc:[0-9]+: still includes <accelsim/' "$work/switch.log"
cmp "$work/driver.cc.before" "$switched/csrc/driver/driver.cc"
cmp "$work/driver.cmake.before" "$switched/csrc/driver/driver.cmake"
grep -q 'is not implemented yet' "$switched/csrc/driver/driver.cc.custom-scaffold"
test -f "$switched/csrc/driver/driver.cmake.custom-scaffold"
echo "init_runtime_custom: custom runtime built and failed clearly at first use; the runtime switch named the user's files"
