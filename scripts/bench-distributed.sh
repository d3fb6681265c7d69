#!/usr/bin/env bash
# Distributed benchmark of a generated backend: 64 MiB all_reduce over 2 processes on the device against the
# same Gloo all_reduce of CPU tensors, and a DDP training step on the device against the CPU.
#
#   scripts/bench-distributed.sh [TORCH_LINE]        (default 2.14)
#
# Builds accelgen (build-dist/), renders the example device "mydevice" into build-dist/out, installs it into a
# virtual environment inside the torch root filesystem (incremental on re-runs), runs
# benchmarks/bench_distributed.py there and writes docs/benchmarks/distributed.md.
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

json=$out/bench_distributed.json
"$repo/scripts/torch-rootfs.sh" run "$line" -- bash -euo pipefail -c '
  cd "$1"
  [ -d venv ] || python3 -m venv --system-site-packages venv
  MYDEVICE_BUILD_DIR="$1/cmake-build" PIP_NO_CACHE_DIR=1 \
    venv/bin/pip install -q --no-build-isolation --no-index --no-deps ./mydevice
  cd /tmp && "$1/venv/bin/python" "$1/mydevice/benchmarks/bench_distributed.py" --world 2 --mib 64 --iters 5 --json "$2" \
    2> >(grep -v "Warning: Overriding\|previous kernel\|new kernel\|dispatch key\|operator: aten\|registered at\|^\[W" >&2)
' bench "$out" "$json"

mkdir -p "$(dirname "$report")"
python3 - "$json" "$report" "$line" "$(nproc)" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
report, line, cores = sys.argv[2], sys.argv[3], sys.argv[4]
with open(report, "w") as f:
    f.write(f"""# Distributed benchmark (mydevice_gloo)

Command: `scripts/bench-distributed.sh {line}` (torch {r['torch']}, {r['world']} processes on one machine with {cores} cores,
TCP store and Gloo over loopback; the simulated device runs on the same CPUs). Medians of {r['iters']} iterations after 2 warm-up
iterations. A ratio is CPU time / device time: 1.0 means the device path costs nothing over plain Gloo on CPU tensors.

| measurement | device (mydevice_gloo) | CPU (gloo) | ratio |
|---|---|---|---|
| all_reduce, {r['mib']} MiB float32 | {r['all_reduce_mydevice_s']*1000:.1f} ms ({r['all_reduce_mydevice_GBps']:.2f} GiB/s) | {r['all_reduce_cpu_s']*1000:.1f} ms | **{r['all_reduce_ratio']:.2f}x** (target >= 0.8x) |
| DDP step, MLP 512-1024-512, batch 64 per rank | {r['ddp_step_mydevice_s']*1000:.1f} ms | {r['ddp_step_cpu_s']*1000:.1f} ms | {r['ddp_step_ratio']:.2f}x |

The device all_reduce adds a device-to-pinned-host copy before Gloo and a host-to-device copy after it, both on the
process group's communication stream; Gloo's TCP transfer dominates at this size. The DDP step on the device also pays
for the simulated device's kernels and for operators that fall back to the CPU.
""")
print(open(report).read())
EOF
