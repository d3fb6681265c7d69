#!/usr/bin/env bash
# End-to-end: the staged port of a discrete accelerator, proven on accelsim without host access
# (ACCELSIM_HOST_ACCESS=0: no host code runs over device memory, as on a device whose memory the host cannot
# address; in stage 1 also ACCELSIM_VIRTUAL_MEMORY=0, a driver without the optional virtual memory), in the torch
# 2.14 root filesystem.
#   (a) Stage 1, everything through the CPU fallback: the default spec with `operators.native: []` and the stage 2
#       capabilities (events, pinned_memory, graphs, profiler) off. Switching them off names the adapter's overrides
#       driver.h no longer declares; the adapter is taken fresh with `accelgen scaffold`. Its whole generated suite
#       passes in that mode (events are stood in for by synchronizing, so the event and stream tests run;
#       torch.compile runs, each graph calling the device's ATen operators, and only its mode="reduce-overhead"
#       tests are skipped, because graphs are off), and the device reports host_accessible_memory False.
#   (a2) Stage 2: the same tree with those capabilities turned back on (the adapter taken fresh again): the suite
#       passes in that mode too, less the test files of code those capabilities do not change (operators through
#       the CPU fallback with the OpInfo sweep and the models, autograd, AMP, the generator, serialization, fork,
#       torch.distributed), which (a) ran in the same mode (no native operator, no host access).
#   Stage 3, the kernels ported one at a time with the default operators (the ported add.Tensor runs without host
#   access, the kernels still scaffolded raise an error naming their file), is e2e.upgrade_keeps_edits's: that
#   test's vendor tree carries the port through an upgrade.
#
#   discrete_port_stages.sh ACCELGEN WORKDIR
set -euo pipefail
accelgen=$(realpath "$1")
work=$(realpath -m "$2")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
rm -rf "$work"
mkdir -p "$work"

# (a)'s spec: the default one with no native operator and no stage 2 capability.
stage_two=(events pinned_memory graphs profiler)
"$accelgen" init mydevice --dir "$work/stage1" --torch 2.14 > /dev/null
"$repo/tests/e2e/set_native_operators.py" "$work/stage1/mydevice/accelgen.yaml"
"$repo/tests/e2e/set_capabilities.py" "$work/stage1/mydevice/accelgen.yaml" "${stage_two[@]/%/=false}"
"$accelgen" generate "$work/stage1/mydevice" > "$work/stage1/generate.log"
# The adapter (the user's file) still overrides what driver.h no longer declares: generate names those lines.
for fn in event_create host_alloc graph_launch; do
  grep -q "csrc/driver/driver.cc:[0-9]*: $fn" "$work/stage1/generate.log" || {
    cat "$work/stage1/generate.log"; echo "e2e: (a) generate did not name the adapter's $fn override" >&2; exit 1; }
done
rm "$work/stage1/mydevice/csrc/driver/driver.cc"
"$accelgen" scaffold "$work/stage1/mydevice" csrc/driver/driver.cc > /dev/null
if grep -q "event_create" "$work/stage1/mydevice/csrc/driver/driver.h" "$work/stage1/mydevice/csrc/driver/driver.cc"; then
  echo "e2e: (a) stage 1's driver interface still declares events" >&2; exit 1
fi

# What runs in the root filesystem, one phase at a time (accelgen itself runs outside, between the phases).
rootfs_part='
  work=$1 phase=$2
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
  build() {  # build TREE_DIR: a venv of its own with the tree installed
    python3 -m venv --system-site-packages "$1/venv"
    local start=$(date +%s)
    "$1/venv/bin/pip" install --force-reinstall --no-build-isolation --no-index --no-deps "$1/mydevice" > "$1/pip-install.log" 2>&1 || {
      tail -n 80 "$1/pip-install.log"; exit 1; }
    echo "e2e: $(basename "$1"): pip install took $(( $(date +%s) - start )) s"
  }

  suite() {  # suite LOG [PYTEST_ARGS...]: the generated suite without host access (the whole of it by default)
    local status=0 log=$1
    shift
    ACCELSIM_HOST_ACCESS=0 timeout 2400 "$work/stage1/venv/bin/python" -m pytest -q -p no:cacheprovider -rs tests \
      "$@" > "$log" 2>&1 || status=$?
    tail -n 40 "$log"
    [ "$status" -eq 0 ] || { echo "e2e: the suite failed without host access (exit $status): $log" >&2; exit 1; }
  }

  case $phase in
  stage1)
  echo "e2e: (a) operators.native: [] and no stage 2 capability, ACCELSIM_HOST_ACCESS=0: the whole generated suite"
  # A stage 1 driver has none of the optional sections either: no virtual memory (driver.h section 11), so
  # expandable_segments:True falls back to ordinary segments with a warning (test_allocator checks both).
  export ACCELSIM_VIRTUAL_MEMORY=0
  build "$work/stage1"
  cd "$work/stage1/mydevice"
  ACCELSIM_HOST_ACCESS=0 "$work/stage1/venv/bin/python" -c "
import torch
props = torch.mydevice.get_device_properties(0)
assert props.host_accessible_memory is False, props
x = torch.ones(2, 3, device=\"mydevice\").t()  # a fill, then a strided copy back: no host task
assert torch.equal(x.cpu(), torch.ones(3, 2)), x.cpu()
print(\"e2e: host_accessible_memory False, ones().t().cpu() through copies\")"
  suite "$work/stage1/pytest.log"
  # Without driver events, the event and stream tests still run (the guard synchronizes instead).
  if grep -E "SKIPPED.*test_(events|streams)\.py" "$work/stage1/pytest.log"; then
    echo "e2e: (a) event or stream tests were skipped in stage 1" >&2; exit 1
  fi
  # torch.compile runs without host access (the ATen path): only its device-graph tests skip, for want of graphs.
  if grep -E "SKIPPED.*test_compile.py" "$work/stage1/pytest.log" | grep -v "capabilities.graphs is off" \
    | grep -v "host code reaches this device" | grep -v "need host access to device memory" \
    | grep -v "operators.fallback\|two devices"; then
    echo "e2e: (a) a torch.compile test was skipped for another reason than graphs being off" >&2; exit 1
  fi
  grep -q "SKIPPED.*test_compile.py.*capabilities.graphs is off" "$work/stage1/pytest.log" || {
    echo "e2e: (a) the reduce-overhead tests were not skipped with the graphs reason" >&2; exit 1; }
  ACCELSIM_HOST_ACCESS=0 "$work/stage1/venv/bin/python" -m pytest -q -p no:cacheprovider -rs \
    tests/test_compile.py -k "mlp_matches_eager or aten_path" > "$work/stage1/pytest-compile.log" 2>&1 || {
    cat "$work/stage1/pytest-compile.log"; exit 1; }
  grep -q "3 passed" "$work/stage1/pytest-compile.log" || {
    cat "$work/stage1/pytest-compile.log"; echo "e2e: (a) torch.compile did not run without host access" >&2; exit 1; }
  ;;

  stage2)
  echo "e2e: (a2) stage 2: events, pinned memory, graphs and the profiler on, ACCELSIM_HOST_ACCESS=0: the suite"
  build "$work/stage1"
  cd "$work/stage1/mydevice"
  # The test files of what these capabilities change run again: the allocator, copies, the guard, streams and
  # events, pinned memory, graphs, the profiler, memory statistics, hooks, the device module, compile, the generic
  # device tests. Those left out below run operators through the CPU fallback, autograd, AMP, the generator,
  # serialization, fork and torch.distributed (its staging through pinned memory runs in every suite with host
  # access), code these capabilities do not change or that runs the same way, and stage 1 ran them in this same
  # mode (no native operator, no host access). Operators on a side stream: test_streams.py runs them.
  ignore=()
  for name in opinfo_sweep models ops zero_fallback amp autograd complex quantized serialization train_mlp \
    random generator fork distributed; do
    ignore+=("--ignore=tests/test_$name.py")
  done
  suite "$work/stage1/pytest-stage2.log" "${ignore[@]}"
  ;;
  esac
'
in_rootfs() {  # in_rootfs PHASE
  "$repo/scripts/torch-rootfs.sh" run 2.14 --bind "$work" -- bash -euo pipefail -c "$rootfs_part" e2e "$work" "$1"
}

in_rootfs stage1
# Stage 2: the driver has events, pinned memory and graphs now (accelsim's adapter, taken fresh).
"$repo/tests/e2e/set_capabilities.py" "$work/stage1/mydevice/accelgen.yaml" "${stage_two[@]/%/=true}"
"$accelgen" generate "$work/stage1/mydevice" > /dev/null
rm "$work/stage1/mydevice/csrc/driver/driver.cc"
"$accelgen" scaffold "$work/stage1/mydevice" csrc/driver/driver.cc > /dev/null
grep -q "event_create" "$work/stage1/mydevice/csrc/driver/driver.cc" || {
  echo "e2e: (a2) the fresh adapter has no events" >&2; exit 1; }
in_rootfs stage2
echo "e2e: the discrete port stages hold"
