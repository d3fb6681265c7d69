#!/usr/bin/env python3
"""Writes docs/benchmarks/allocator.md from bench_fragmentation.py's results (scripts/bench-allocator.sh).

    scripts/report-allocator-benchmark.py DEFAULT_JSON EXPANDABLE_JSON REPORT TORCH_VERSION
"""
import json
import sys

default_json, expandable_json, report, torch_version = sys.argv[1:5]
results = {"default options": json.load(open(default_json)), "expandable segments": json.load(open(expandable_json))}
target = results["default options"]["target"]
seeds = next(iter(results["default options"]["summary"].values()))["seeds"]
WORKLOADS = {
    "transformer": "2-layer TransformerEncoder (d_model 128), training steps on random sequence lengths 8 to 192, "
                   "batch 16, four short-lived buffers of random sizes up to 1 MiB beside it",
    "cnn": "two conv + pool layers, 48x48 images, training steps on random batch sizes 1 to 128",
    "trace": "random allocations and frees, 512 B to 32 MiB log-uniform, up to 64 live, frees in random order",
    "lstm": "2-layer LSTM language model with Adam, random batch sizes 1 to 48 and lengths 4 to 96 "
            "(not used to choose the policy)",
}


def mib(n):
    return f"{n / 2**20:.1f}"


lines = [
    f"# Device allocator: memory held against memory asked for (default spec, torch {torch_version})",
    "",
    "Measured by `scripts/bench-allocator.sh`: the default backend's `benchmarks/bench_fragmentation.py`, every",
    f"workload with seeds {', '.join(map(str, seeds))}, 40 iterations each, from an emptied cache with reset peaks.",
    "The measure is **peak reserved / peak requested** (`reserved_bytes.all.peak / requested_bytes.all.peak`): the most memory the",
    "allocator held from the device, per byte of the most that tensors asked for at once. Nothing the allocator does",
    "can lower it but holding less memory: rounding, unsplit blocks and cached segments all count against it. 1.0 is a",
    f"perfect fit. Target: at most {target} on every workload and every seed. The ratios do not depend on timing.",
    "",
    f"| workload | options | peak reserved / peak requested: median [worst] over {len(seeds)} seeds | target | met | "
    "reserved / allocated (median) | device allocations (median) | device synchronizations (median) |",
    "|---|---|---|---|---|---|---|---|",
]
for name, description in WORKLOADS.items():
    for options, r in results.items():
        s = r["summary"][name]
        lines.append(f"| {name}: {description} | {options} | {s['ratio_median']:.2f} [{s['ratio_worst']:.2f}] | "
                     f"at most {target} | {'yes' if s['target_met'] else '**no**'} | "
                     f"{s['ratio_to_allocated_median']:.2f} | {s['device_allocs_median']:.0f} | "
                     f"{s['device_synchronizations_median']:.0f} |")
lines += [
    "",
    "Per run (default options): peak requested and peak reserved in MiB, segments at the peak.",
    "",
    "| workload | seed | peak requested | peak reserved | ratio | segments | device allocations | device frees |",
    "|---|---|---|---|---|---|---|---|",
]
for r in results["default options"]["runs"]:
    lines.append(f"| {r['workload']} | {r['seed']} | {mib(r['peak_requested'])} | {mib(r['peak_reserved'])} | "
                 f"{r['ratio']:.2f} | {r['segments_peak']} | {r['device_allocs']} | {r['device_frees']} |")
lines += [
    "",
    "What the policy costs, beside the memory (the tour, `docs/generated-backend-tour.md`, describes each):",
    "",
    "- **Device calls.** \"Device allocations\" counts the allocator's calls to the driver (`Driver::malloc`; with",
    "  expandable segments each `map` of a range, which the driver may implement as one create and one map per 2 MiB",
    "  granule, so the driver sees more calls than the count). Releasing cached memory to stay under the peak costs",
    "  allocations later.",
    "- **Synchronizations.** Every release of cached segments by the peak rule synchronizes the streams that last",
    "  used them (not counted above: the count is of device-wide synchronizations, `num_sync_all_streams`, made when",
    "  an allocation fails and the whole cache is freed).",
    "- **Resetting the peak.** `reset_peak_memory_stats()` also resets the peak the rule keeps under: a loop that",
    "  resets statistics every step makes the rule release cached memory every step.",
    "",
    "The policy (CUDA's, with its own rounding of large segments and the peak rule) was chosen by replaying recorded",
    "allocation traces of the first three workloads in a simulator of the allocator that is not in the repository; the",
    "lstm workload was added afterwards and was not used to choose it.",
    "",
]
open(report, "w", encoding="utf-8").write("\n".join(lines))
print("\n".join(lines))
