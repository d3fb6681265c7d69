"""Writes docs/benchmarks/compile-discrete.md from bench_compile.py's JSON (scripts/bench-discrete.sh)."""
import json
import sys

bench, out, cores, load_before, load_after, torch_version = sys.argv[1:]
r = json.load(open(bench))
step, graphed = r["compiled_step"], r.get("reduce_overhead_step")
assert step["route"] == "aten" and not step["host_accessible_memory"], step


def verdict(met):
    return "yes" if met else "**no**"


lines = [
    f"# torch.compile on a discrete device with ported kernels (torch {torch_version})",
    "",
    "Measured by `scripts/bench-discrete.sh`: accelsim without host access (`ACCELSIM_HOST_ACCESS=0`: no host code",
    "touches device memory), the default spec with `operators.native` reduced to the computing operators of the",
    "training step below, each ported to an accelsim device function (`benchmarks/discrete_port/`: the device's own",
    "code, which runs without host access, as a vendor's kernels do). Before measuring, the script checks that eager,",
    "compiled and reduce-overhead training come as close to float64 on the CPU as float32 on the CPU does, that the",
    "graphs are captured and that no operator reaches the CPU fallback.",
    "",
    "The benchmark is the backend's `benchmarks/bench_compile.py --only training_steps`: a stack of 50 layers (a",
    "32 x 32 `nn.Linear`, a `tanh`, a residual add), batch 8, trained (forward, `square().mean()` loss, backward, SGD)",
    f"for 20 steps per sample after 4 warm-up steps, {step['samples']} samples of each; the samples of eager, compiled,",
    "eager again and reduce-overhead alternate, and a ratio is the median of the ratios of samples taken side by side",
    "(their range in brackets). \"Host µs\" is the CPU time of the threads that issue the work: the Python thread",
    "and the autograd engine's device thread (`pt_autograd_0`, which issues the backward), not accelsim's stream",
    "workers, which stand in for the device; \"wall µs\" stops the clock after synchronizing the device. On a discrete",
    "device `torch.compile` takes the ATen route: each graph runs as a C++ program of calls of the device's operators.",
    f"Machine: {cores} cores; load average {load_before} before the run, {load_after} after (a shared machine:",
    "absolute times vary).",
    "",
    "| measurement | eager | compiled | ratio | target | met |",
    "|---|---|---|---|---|---|",
]
if graphed:
    ratio = graphed["ratio"]
    low, high = graphed["ratio_range"]
    lines.append(f"| reduce-overhead: eager / graphed host µs per step | {graphed['eager_host_us']:.0f} | "
                 f"{graphed['graphed_host_us']:.0f} | {ratio:.1f}x [{low:.1f}-{high:.1f}] | at least 2x | "
                 f"{verdict(ratio >= 2)} |")
    lines.append(f"| reduce-overhead: eager / graphed wall µs per step | {graphed['eager_wall_us']:.0f} | "
                 f"{graphed['graphed_wall_us']:.0f} | {graphed['eager_wall_us'] / graphed['graphed_wall_us']:.1f}x "
                 "| - | - |")
ratio = step["ratio"]
low, high = step["ratio_range"]
lines.append(f"| compiled without graphs: compiled / eager wall µs per step | {step['eager_us']:.0f} | "
             f"{step['compiled_us']:.0f} | {ratio:.3f} [{low:.2f}-{high:.2f}] | at most 1.0 (no slower) | "
             f"{verdict(ratio <= 1.0)} |")
low, high = step["eager_again_range"]
lines.append(f"| the same, eager against eager (the resolution of the row above) | {step['eager_us']:.0f} | - | "
             f"{step['eager_again_ratio']:.2f} [{low:.2f}-{high:.2f}] | - | - |")
lines.append(f"| compiled without graphs: host µs per step | {step['eager_host_us']:.0f} | "
             f"{step['compiled_host_us']:.0f} | {step['compiled_host_us'] / step['eager_host_us']:.2f} | - | - |")
lines.append("")
if graphed:
    lines.append(f"Graphs captured: {graphed['graphs_captured']}, replayed: {graphed['graphs_replayed']}"
                 + (f"; capture skipped: {graphed['graphs_skipped'][0]}" if graphed["graphs_skipped"] else "") + ".")
else:
    lines.append("Reduce-overhead was not measured: the device has no graphs.")
lines.append("")
open(out, "w", encoding="utf-8").write("\n".join(lines))
print("\n".join(lines))
