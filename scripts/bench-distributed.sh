#!/usr/bin/env bash
# Distributed benchmark of a generated backend, on 2 and on 4 processes: all_reduce bus bandwidth from 1 KiB to
# 256 MiB and a DDP training step (small MLP and CNN), each through the driver's collectives (the seam), through
# the Gloo fallback with host staging, and with CPU tensors through Gloo.
#
#   scripts/bench-distributed.sh [TORCH_LINE]        (default 2.14)
#
# Builds accelgen (build-dist/), renders the example device "mydevice" into build-dist/out, installs it into a
# virtual environment inside the torch root filesystem (incremental on re-runs), runs
# benchmarks/bench_distributed.py there and writes docs/benchmarks/distributed.md
# (scripts/report-distributed-benchmark.py).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
line=${1:-2.14}
build=$repo/build-dist
out=$build/out
report=$repo/docs/benchmarks/distributed.md

cmake -S "$repo" -B "$build" -G Ninja -DACCELGEN_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" --target accelgen >/dev/null
rm -rf "$build/render"
"$build/generator/accelgen" init mydevice --dir "$build/render" --torch "$line" >/dev/null
# Copy only changed files, so that the CMake build of the backend stays incremental.
mkdir -p "$out/mydevice"
(cd "$build/render/mydevice" && find . -type f) | while read -r f; do
  if ! cmp -s "$build/render/mydevice/$f" "$out/mydevice/$f"; then
    mkdir -p "$(dirname "$out/mydevice/$f")"
    cp "$build/render/mydevice/$f" "$out/mydevice/$f"
  fi
done

"$repo/scripts/torch-rootfs.sh" run "$line" -- bash -euo pipefail -c '
  cd "$1"
  [ -d venv ] || python3 -m venv --system-site-packages venv
  MYDEVICE_BUILD_DIR="$1/cmake-build" PIP_NO_CACHE_DIR=1 \
    venv/bin/pip install -q --no-build-isolation --no-index --no-deps ./mydevice
  for world in 2 4; do
    cut -d" " -f1-3 /proc/loadavg > "$1/load_before_$world.txt"
    (cd /tmp && "$1/venv/bin/python" "$1/mydevice/benchmarks/bench_distributed.py" --world "$world" \
      --json "$1/bench_distributed_$world.json" >/dev/null \
      2> >(grep -v "Warning: Overriding\|previous kernel\|new kernel\|dispatch key\|operator: aten\|registered at\|^\[W\|INFO" >&2))
  done
' bench "$out"

mkdir -p "$(dirname "$report")"
"$repo/scripts/report-distributed-benchmark.py" "$out" "$report" "$line" "$(nproc)"
