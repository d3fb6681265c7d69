#!/usr/bin/env python3
"""Writes docs/benchmarks/opencl.md from the JSON of the OpenCL example's benchmarks/bench_eager.py.

    report-opencl-benchmark.py BENCH_JSON OUTPUT_MD CORES LOAD_BEFORE LOAD_AFTER TORCH_VERSION POCL_VERSION

Run by `scripts/example-opencl.sh --bench`, which builds the example and measures it in a torch root filesystem.
Every figure in the report comes from that one run.
"""

import json
import sys

# What each benchmark measures on the example, in the order of the report, and how its ratio reads.
ROWS = [
    ("add_1_latency", "torch.add, 1-element float32 tensors (OpenCL kernel): device time / CPU time",
     ("cpu_us", "device_us")),
    ("add_1m_time", "torch.add, 1M float32 elements, result allocated (OpenCL kernel): device time / CPU time",
     ("cpu_us", "device_us")),
    ("add_16m_throughput", "torch.add, 16M float32 elements (OpenCL kernel): CPU time / device time",
     ("cpu_ms", "device_ms")),
    ("h2d_64mib", "host-to-device copy of 64 MiB (clEnqueueSVMMemcpy): copy time / the CPU's copy_ time",
     ("host_copy_ms", "copy_ms")),
    ("d2h_64mib", "device-to-host copy of 64 MiB (clEnqueueSVMMemcpy): copy time / the CPU's copy_ time",
     ("host_copy_ms", "copy_ms")),
    ("empty_1024_latency", "torch.empty(1024), caching allocator warm: device / CPU", ("cpu_us", "device_us")),
    ("cnn_train_step", "small CNN SGD training step (convolutions through the CPU bridge): device / CPU",
     ("cpu_ms", "device_ms")),
]


def main() -> None:
    bench_json, output, cores, load_before, load_after, torch_version, pocl_version = sys.argv[1:8]
    with open(bench_json) as f:
        results = json.load(f)
    lines = [
        f"# OpenCL example benchmarks (examples/opencl on PoCL {pocl_version or 'unknown'}, torch {torch_version})",
        "",
        "Written by `scripts/example-opencl.sh --bench`: the `ocl` backend of `examples/opencl`, measured with its",
        "generated `benchmarks/bench_eager.py` in the torch root filesystem. This is a correctness proof of the",
        "driver and kernel seams, not a performance target: PoCL runs OpenCL kernels on the same CPU cores as the CPU",
        "baseline. `add`, `sub`, `mul`, `div`, `mm` and `fill_` on contiguous float32 tensors are the example's own",
        "OpenCL kernels (`csrc/kernels/`, enqueued on the stream's command queue); copies are `clEnqueueSVMMemcpy`,",
        "measured against a CPU-to-CPU `copy_` of the same 64 MiB, every copy into a preallocated tensor (no",
        "allocation on either side). The CPU and the device are timed in alternation; a ratio is the median of the",
        "ratios of each repeat, device work synchronized before the clock stops. The targets are the generated",
        "backend's on accelsim, shown for reference.",
        "",
        f"Machine: {cores} cores; load average {load_before} before the run, {load_after} after.",
        "",
        "| measurement | ratio | raw | target (accelsim) | met |",
        "|---|---|---|---|---|",
    ]
    for key, label, (first, second) in ROWS:
        if key not in results:
            continue
        result = results[key]
        raw = f"{first} {result[first]:.3f}, {second} {result[second]:.3f}"
        lines.append(f"| {label} | {result['ratio']:.2f} | {raw} | {result['target']} | "
                     f"{'yes' if result['met'] else 'no'} |")
    lines.append("")
    with open(output, "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
