#!/usr/bin/env bash
# Benchmark the device caching allocator of the default generated backend in the torch 2.14 root filesystem and
# write docs/benchmarks/allocator.md.
#
#   scripts/bench-allocator.sh [ACCELGEN]
#
# Generates the default backend (`accelgen init mydevice`), builds it in the root filesystem, runs the backend's
# benchmarks/bench_fragmentation.py (every workload, seeds 0 to 4) with the default options and with
# PYTORCH_ALLOC_CONF=expandable_segments:True, and writes the report (scripts/report-allocator-benchmark.py).
# ACCELGEN defaults to build-bench-backend/accelgen/generator/accelgen, built here if missing. The ratios do not
# depend on timing.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$repo/build-bench-allocator
accelgen=${1:-}
if [ -z "$accelgen" ]; then
  accelgen=$repo/build-bench-backend/accelgen/generator/accelgen
  cmake -S "$repo" -B "$repo/build-bench-backend/accelgen" -G Ninja -DACCELGEN_BUILD_BENCHMARKS=OFF >/dev/null
  cmake --build "$repo/build-bench-backend/accelgen" --target accelgen >/dev/null
fi
accelgen=$(realpath "$accelgen")
rm -rf "$work"
mkdir -p "$work"
"$accelgen" init mydevice --dir "$work" >/dev/null
"$repo/scripts/torch-rootfs.sh" run 2.14 --bind "$work" --bind "$repo" -- bash -euo pipefail -c '
  work=$1 repo=$2
  cd "$work"
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2}
  python3 -m venv --system-site-packages venv
  venv/bin/pip install --no-build-isolation --no-index --no-deps ./mydevice > pip-install.log 2>&1 || {
    tail -n 60 pip-install.log; exit 1; }
  cd /tmp
  venv=$work/venv/bin/python
  "$venv" "$work/mydevice/benchmarks/bench_fragmentation.py" --json > "$work/default.json"
  PYTORCH_ALLOC_CONF=expandable_segments:True \
    "$venv" "$work/mydevice/benchmarks/bench_fragmentation.py" --json > "$work/expandable.json"
  torch_version=$("$venv" -c "import torch; print(torch.__version__)" 2>/dev/null | tail -n 1)
  "$venv" "$repo/scripts/report-allocator-benchmark.py" "$work/default.json" "$work/expandable.json" \
    "$repo/docs/benchmarks/allocator.md" "$torch_version"
' _ "$work" "$repo"
echo "bench-allocator: wrote docs/benchmarks/allocator.md"
