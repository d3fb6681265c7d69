#!/usr/bin/env bash
# Benchmark the default generated backend in the torch 2.14 root filesystem and write docs/benchmarks/backend.md.
#
#   scripts/bench-backend.sh [ACCELGEN]
#
# 1. generates the backend of the default spec (`accelgen init mydevice`),
# 2. builds it from scratch inside the root filesystem the way a user installs it (fresh venv,
#    `pip install --no-build-isolation`, no cache, CMAKE_BUILD_PARALLEL_LEVEL=2) and times that clean build,
# 3. runs the backend's own benchmarks/bench_eager.py (eager latency and throughput against the CPU),
# 4. writes the ratios, the targets and the build time to docs/benchmarks/backend.md,
# 5. runs benchmarks/bench_compile.py (a compiled MLP forward against the CPU's) into docs/benchmarks/compile.md.
# ACCELGEN defaults to build-bench-backend/accelgen/generator/accelgen, built here if missing. Results depend
# on the machine and its load: the report records the core count and the load average.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$repo/build-bench-backend
accelgen=${1:-}
if [ -z "$accelgen" ]; then
  accelgen=$work/accelgen/generator/accelgen
  cmake -S "$repo" -B "$work/accelgen" -G Ninja -DACCELGEN_BUILD_BENCHMARKS=OFF >/dev/null
  cmake --build "$work/accelgen" --target accelgen >/dev/null
fi
accelgen=$(realpath "$accelgen")
rm -rf "$work/backend"
mkdir -p "$work/backend"
"$accelgen" init mydevice --dir "$work/backend" >/dev/null

"$repo/scripts/torch-rootfs.sh" run 2.14 --bind "$work" -- bash -euo pipefail -c '
  work=$1 repo=$2
  cd "$work/backend"
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
  python3 -m venv --system-site-packages venv
  load_before=$(cut -d" " -f1-3 /proc/loadavg)
  start=$(date +%s.%N)
  # The build directory is kept (MYDEVICE_BUILD_DIR) for its ninja log: where the build time goes.
  rm -rf "$work/backend/cbuild"
  MYDEVICE_BUILD_DIR=$work/backend/cbuild \
    venv/bin/pip install --no-build-isolation --no-index --no-deps ./mydevice > pip-install.log 2>&1 || {
    tail -n 60 pip-install.log; exit 1; }
  end=$(date +%s.%N)
  build_s=$(python3 -c "print(round($end - $start, 1))")
  cd /
  venv=$work/backend/venv/bin/python
  # The build left hundreds of megabytes of dirty pages: flushed now, the kernel threads that write them back do
  # not share the CPUs with the benchmarks (the device path runs on two threads, the CPU path on one).
  sync
  load_bench=$(cut -d" " -f1-3 /proc/loadavg)
  # Three runs, each in a fresh process (an odd number, so that the median ratio is that of one run).
  for run in 1 2 3; do
    "$venv" "$work/backend/mydevice/benchmarks/bench_eager.py" --json > "$work/backend/bench.$run.json"
  done
  load_after=$(cut -d" " -f1-3 /proc/loadavg)
  torch_version=$("$venv" -c "import torch; print(torch.__version__)" 2>/dev/null | tail -n 1)
  "$venv" - "$work/backend/bench.?.json" "$repo/docs/benchmarks/backend.md" "$build_s" "$(nproc)" "$load_before" \
      "$torch_version" "$load_bench" "$load_after" "$work/backend/cbuild/.ninja_log" <<PY
import glob, json, os, statistics, sys, textwrap
bench, out, build_s, cores, load, torch_version, load_bench, load_after, ninja_log = sys.argv[1:]
runs = [json.load(open(path)) for path in sorted(glob.glob(bench))]
# bench_eager.py says, for each measurement, what it is, its target and whether it was met: one source of truth.
# A row is the run with the median ratio (an odd number of runs: one of them), with the range of all the runs.
rows = []
for key in runs[0]:
    ratios = sorted(run[key]["ratio"] for run in runs)
    median = statistics.median(ratios)
    rows.append((next(run[key] for run in runs if run[key]["ratio"] == median), ratios))
intro = (
    "Measured by \`scripts/bench-backend.sh\`, which generates the default backend (\`accelgen init mydevice\`), "
    "builds it from scratch in the torch 2.14 root filesystem and runs its \`benchmarks/bench_eager.py\`. The CPU "
    "and the device are timed in alternation, repeat by repeat; the ratio of a run is the median of its per-repeat "
    "ratios (the last column: repeats x iterations per repeat), so a passing load weighs on both sides alike. The "
    "benchmarks run %d times, each in a fresh process: a ratio below is the median of the ratios of the runs, "
    "their range in brackets, and the raw times (medians) are those of the run that gave it. Device work is "
    "synchronized before the clock stops. Machine: %s cores, load average %s before the build, %s when the "
    "benchmarks started and %s when they ended (a shared machine: absolute times vary from run to run). A target "
    "not met is marked **no**." % (len(runs), cores, load, load_bench, load_after))
lines = [
    "# Backend benchmarks (default spec, torch %s)" % torch_version,
    "",
    *textwrap.wrap(intro, width=115, break_on_hyphens=False),
    "",
    "| measurement | ratio | target | met | raw | sampled |",
    "|---|---|---|---|---|---|",
]
for v, ratios in rows:
    raw = ", ".join("%s %.3f" % (k, x) for k, x in sorted(v.items()) if isinstance(x, float) and k != "ratio")
    lines.append("| %s | %.2f [%.2f-%.2f] | %s | %s | %s | %d x %d |" % (
        v["what"], v["ratio"], ratios[0], ratios[-1], v["target"], "yes" if v["met"] else "**no**", raw,
        v["repeats"], v["iterations"]))
lines += [
    "",
    "Clean build of the default backend (\`pip install --no-build-isolation --no-index --no-deps ./mydevice\` in a",
    "fresh venv, no cache, CMAKE_BUILD_PARALLEL_LEVEL=2): **%s s** (target: at most 60 s on 2 cores%s)." % (
        build_s, "" if float(build_s) <= 60 else ": **not met**"),
    "",
]
# Where the build time goes: the ninja log of the compile and link steps (start and end in ms, one line per output;
# the newest entry of an output wins).
if os.path.exists(ninja_log):
    steps = {}
    for line in open(ninja_log):
        if line.startswith("#"):
            continue
        start_ms, end_ms, _, output, _ = line.rstrip("\n").split("\t")
        steps[output] = (int(start_ms), int(end_ms))
    wall = (max(e for _, e in steps.values()) - min(s for s, _ in steps.values())) / 1000
    busy = sum(e - s for s, e in steps.values()) / 1000
    lines += [
        "Of that, ninja ran %d steps in %.1f s of wall time (%.1f s of step time on %s cores); the rest is the CMake" % (
            len(steps), wall, busy, cores),
        "configure step, pip and the wheel. The longest steps:",
        "",
        "| step | seconds |",
        "|---|---|",
    ]
    for output, (s, e) in sorted(steps.items(), key=lambda kv: kv[1][0] - kv[1][1])[:10]:
        # Relative to the build folder, or to the backend for the module that setuptools places outside it.
        shown = os.path.relpath(output, os.path.dirname(os.path.dirname(ninja_log))) if os.path.isabs(output) else output
        lines.append("| \`%s\` | %.1f |" % (shown, (e - s) / 1000))
    lines.append("")

open(out, "w").write("\n".join(lines))
print("\n".join(lines))
PY
  # torch.compile: a compiled MLP forward on the device against the same compiled on the CPU.
  "$venv" "$work/backend/mydevice/benchmarks/bench_compile.py" --json > "$work/backend/bench-compile.json"
  "$venv" - "$work/backend/bench-compile.json" "$repo/docs/benchmarks/compile.md" "$(nproc)" \
      "$(cut -d" " -f1-3 /proc/loadavg)" "$torch_version" <<PY
import json, sys
bench, out, cores, load, torch_version = sys.argv[1:]
results = json.load(open(bench))
r = results["compiled_mlp_forward"]
met = lambda ok: "yes" if ok else "**no**"
lines = [
    "# torch.compile benchmark (default spec, torch %s)" % torch_version,
    "",
    "Measured by \`scripts/bench-backend.sh\` with \`benchmarks/bench_compile.py\` of the backend. Machine: %s cores, load"
    % cores,
    "average %s before the benchmark (a shared machine: absolute times vary; the ratios are from one run)." % load,
    "",
    "An MLP forward (batch 256, 1024 -> 1024 -> 1024 -> 10, GELU, inference) compiled by Inductor",
    "(\`torch.compile(model)\`) for the CPU and for the device; median of 7 repeats of 20 forwards after warm-up, device",
    "work synchronized before the clock stops.",
    "",
    "| measurement | ratio | target | met | raw |",
    "|---|---|---|---|---|",
    "| compiled MLP forward: device time / CPU time | %.2f | at most 1.2x | %s | cpu_ms %.3f, device_ms %.3f |"
    % (r["ratio"], met(r["ratio"] <= 1.2), r["cpu_ms"], r["device_ms"]),
    "",
    "## Training a launch-bound model: mode=\"reduce-overhead\"",
    "",
    "A stack of 50 layers (a 32 x 32 \`nn.Linear\`, a \`tanh\`, a residual add), batch 8, trained (forward,",
    "\`square().mean()\` loss, backward, SGD) for 20 steps per sample after 4 warm-up steps, 9 samples each; the samples",
    "of eager, compiled, eager again and reduce-overhead alternate, and a ratio is the median of the ratios of samples",
    "taken side by side (their range in brackets). \"Host µs\" is the CPU time of the threads that issue the work",
    "(the Python thread and the device thread of the autograd engine, which issues the backward; not the stream",
    "workers of accelsim, which stand in for the device); \"wall µs\" stops the clock after synchronizing the device.",
    "Two routes on this device (host access on): its own (the fused kernels of Inductor, as host tasks) and the ATen",
    "route of a device without host access (\`MYDEVICE_COMPILE_PATH=aten\`: each graph runs as a C++ program of calls",
    "of the operators of the device). The discrete device itself, without host access and with its kernels ported",
    "to device code, is measured by \`scripts/bench-discrete.sh\`: [compile-discrete.md](compile-discrete.md).",
    "",
    "| route | measurement | eager | compiled | ratio | target | met |",
    "|---|---|---|---|---|---|---|",
]
for suffix, route in (("", "fused kernels"), ("_aten_route", "ATen")):
    graphed, step = results.get("reduce_overhead_step" + suffix), results.get("compiled_step" + suffix)
    if graphed:
        lines.append("| %s | reduce-overhead: eager / graphed host µs per step | %.0f | %.0f | %.1fx [%.1f-%.1f] | "
                     "at least 2x | %s |" % (route, graphed["eager_host_us"], graphed["graphed_host_us"],
                                            graphed["ratio"], graphed["ratio_range"][0], graphed["ratio_range"][1],
                                            met(graphed["ratio"] >= 2)))
    if step:
        lines.append("| %s | compiled without graphs: compiled / eager wall µs per step | %.0f | %.0f | "
                     "%.3f [%.2f-%.2f] | at most 1.0 (no slower) | %s |"
                     % (route, step["eager_us"], step["compiled_us"], step["ratio"], step["ratio_range"][0],
                        step["ratio_range"][1], met(step["ratio"] <= 1.0)))
        lines.append("| %s | the same, eager against eager (its resolution) | %.0f | - | %.2f [%.2f-%.2f] | - | - |"
                     % (route, step["eager_us"], step["eager_again_ratio"], step["eager_again_range"][0],
                        step["eager_again_range"][1]))
lines.append("")
open(out, "w").write("\n".join(lines))
print("\n".join(lines))
PY
' bench "$work" "$repo"
