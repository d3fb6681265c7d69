"""Checks the discrete port before it is measured: with ACCELSIM_HOST_ACCESS=0, the launch-bound model's training
steps (eager, compiled, mode="reduce-overhead") on the device come as close to float64's parameters on the CPU as
float32 on the CPU does, and reduce-overhead captures its graphs. Run it with MYDEVICE_LOG_FALLBACK=1: the caller
checks that no operator reached the CPU fallback, whose copies synchronize the device.

    ACCELSIM_HOST_ACCESS=0 python check_port.py BENCH_COMPILE_DIR
"""
import sys

import torch

import torch_mydevice  # noqa: F401


DEVICE = "mydevice"


def trained(model, device, steps=3):
    dtype = next(model.parameters()).dtype
    x = torch.randn(8, 32, generator=torch.Generator().manual_seed(1)).to(device, dtype)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(steps):
        optimizer.zero_grad(set_to_none=True)
        model(x).square().mean().backward()
        optimizer.step()
    return [p.detach().cpu() for p in model.parameters()]


def error(got, reference):
    return max((g.double() - r).abs().max().item() for g, r in zip(got, reference))


def main():
    sys.path.insert(0, sys.argv[1])
    global bench_compile
    import bench_compile
    assert not torch.mydevice.get_device_properties(0).host_accessible_memory, "run with ACCELSIM_HOST_ACCESS=0"
    # Training is sensitive to rounding: the reference is float64 on the CPU, and the device must come as close to
    # it as float32 on the CPU does (within twice its error).
    reference = trained(bench_compile.launch_bound_model().double(), "cpu")
    cpu_error = error(trained(bench_compile.launch_bound_model(), "cpu"), reference)
    runs = {
        "eager": bench_compile.launch_bound_model().to(DEVICE),
        "compiled": torch.compile(bench_compile.launch_bound_model().to(DEVICE)),
        "reduce-overhead": torch.compile(bench_compile.launch_bound_model().to(DEVICE), mode="reduce-overhead"),
    }
    from torch_mydevice._compile import paths
    for name, model in runs.items():
        device_error = error(trained(model, DEVICE), reference)
        assert device_error <= 2 * cpu_error + 1e-6, (name, device_error, cpu_error)
        print(f"check_port: {name}: parameters after 3 steps within {device_error:.2e} of float64 "
              f"(float32 on the CPU: {cpu_error:.2e})")
    counters = paths.graph_counters()
    assert counters["captures"] >= 2 and not counters["skipped"], counters
    print(f"check_port: reduce-overhead captured {counters['captures']} graphs, replayed {counters['replays']}")


if __name__ == "__main__":
    main()
