#!/usr/bin/env python3
"""Writes docs/benchmarks/distributed.md from bench_distributed.py's results on 2 and 4 processes.

    scripts/report-distributed-benchmark.py RESULTS_DIR REPORT TORCH_LINE CORES
"""
import json
import sys

out, report, line, cores = sys.argv[1:5]
runs = {w: json.load(open(f"{out}/bench_distributed_{w}.json")) for w in (2, 4)}


def size(n):
    return f"{n >> 20} MiB" if n >= 1 << 20 else f"{n >> 10} KiB"


lines = [f"""# Distributed benchmark (mydevice_gloo)

Command: `scripts/bench-distributed.sh {line}` (torch {runs[2]["torch"]}, processes on one machine with {cores} cores;
the simulated devices run on the same CPUs). Each process measures three ways side by side, in one run:
- **driver**: mydevice tensors through the driver's collectives (csrc/driver/driver.h section 10, implemented by
  accelsim over shared memory: device memory to device memory, stream-ordered);
- **fallback**: mydevice tensors through Gloo with host staging (a second process group made with
  MYDEVICE_DIST_DRIVER_COLLECTIVES=0: what an adapter without collectives gets);
- **cpu**: CPU tensors through Gloo over TCP loopback, the reference.

Bus bandwidth is nccl-tests' definition: bytes / time * 2 (world - 1) / world. Time: the median of 5 to 50
iterations (fewer for larger sizes) after 2 warm-up ones; the three ways take turns 3 times and each keeps its best
median, so that a burst of load on the shared machine does not decide a ratio. The target: the driver path at least
2x Gloo's bandwidth from 1 MiB on.
"""]
for world, r in runs.items():
    after = ", ".join(f"{x:.2f}" for x in r["load_average"])
    try:
        before = open(f"{out}/load_before_{world}.txt").read().split()
        before = ", ".join(before[:3])
    except OSError:
        before = "not recorded"
    lines.append(f"## all_reduce, float32, {world} processes (load average before the run: {before}; after: {after})\n")
    lines.append("| size | driver GB/s | fallback GB/s | cpu (Gloo) GB/s | driver / cpu | target | met |")
    lines.append("|---|---|---|---|---|---|---|")
    for row in r["all_reduce"]:
        bw = row["bus_GBps"]
        ratio = bw["driver"] / bw["cpu"]
        if row["bytes"] >= 1 << 20:
            target, met = "at least 2x", "yes" if ratio >= 2 else "**no**"
        else:
            target, met = "-", "-"
        lines.append(f"| {size(row['bytes'])} | {bw['driver']:.3f} | {bw['fallback']:.3f} | {bw['cpu']:.3f} | "
                     f"{ratio:.1f}x | {target} | {met} |")
    lines.append("")
lines.append(f"## DDP training step, median of {runs[2]['iters']} steps\n")
lines.append("| model | processes | driver | fallback | cpu (Gloo) | cpu / driver | fallback / driver |")
lines.append("|---|---|---|---|---|---|---|")
shapes = {"mlp": "MLP 512-1024-512, batch 64 per rank", "cnn": "CNN 2 conv + pool + linear, 16x3x32x32 per rank"}
for world, r in runs.items():
    for model, t in r["ddp_step_s"].items():
        lines.append(f"| {shapes[model]} | {world} | {t['driver'] * 1000:.1f} ms | {t['fallback'] * 1000:.1f} ms | "
                     f"{t['cpu'] * 1000:.1f} ms | {t['cpu'] / t['driver']:.2f}x | {t['fallback'] / t['driver']:.2f}x |")
lines.append("""
A DDP step is mostly compute, and the simulated device computes on the same CPUs as the CPU reference: the step
times say what the collectives cost inside a training step, not how fast a real accelerator would be. With 4
processes on 2 cores the ranks also compete for the CPUs. Both device paths run collectives on the group's
communication stream, so DDP's bucket reductions overlap the rest of the backward pass; the fallback adds the
host staging copies and Gloo's TCP transfer to each bucket.
""")
with open(report, "w") as f:
    f.write("\n".join(lines))
print("\n".join(lines))
