#!/usr/bin/env bash
# The OpenCL example (examples/opencl): generate the `ocl` backend from the example's spec into a scratch folder,
# copy the example's user-owned files (driver adapter, its build) over the scaffolds, build and install it in a
# torch root filesystem and run its generated tests there, on PoCL, with nothing but `import torch`.
#
#   scripts/example-opencl.sh [--accelgen BIN] [--torch 2.14] [--upgrade-from 2.6] [--work DIR] [--bench]
#
# --accelgen      the accelgen binary (default: build/generator/accelgen, or $ACCELGEN_BUILD_DIR/generator/accelgen;
#                 when that is not built yet, the script builds it first, as scripts/demo.sh does: installs
#                 accelgen's Debian packages, configures CMake in that build folder and builds the accelgen target)
# --torch         the root filesystem and the torch version generated for (default: 2.14)
# --upgrade-from  generate for this torch first, copy the example's files in, then regenerate for --torch: the
#                 regeneration must report no conflict and leave every file of the example untouched
# --work          scratch folder, recreated (default: /tmp/accelgen-example-opencl)
# --bench         instead of the tests, run the backend's benchmarks/bench_eager.py and write
#                 docs/benchmarks/opencl.md from it (scripts/report-opencl-benchmark.py)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${ACCELGEN_BUILD_DIR:-$repo/build}
accelgen=
torch=2.14
upgrade_from=
work=/tmp/accelgen-example-opencl
bench=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --accelgen) accelgen=$2; shift 2 ;;
    --torch) torch=$2; shift 2 ;;
    --upgrade-from) upgrade_from=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --bench) bench=1; shift ;;
    *) echo "example-opencl.sh: unknown argument '$1' (see the comment at the top)" >&2; exit 2 ;;
  esac
done
if [[ -z $accelgen ]]; then
  accelgen=$build/generator/accelgen
  if [[ ! -x $accelgen ]]; then
    echo "example-opencl: $accelgen is not built yet: building it first (cmake in $build)"
    "$repo/scripts/install-deps.sh"
    [[ -f $build/CMakeCache.txt ]] || cmake -S "$repo" -B "$build" -G Ninja >/dev/null
    cmake --build "$build" --target accelgen
  fi
fi
[[ -x $accelgen ]] || { echo "example-opencl: no accelgen binary at $accelgen" >&2; exit 2; }
accelgen=$(realpath "$accelgen")
work=$(realpath -m "$work")
example=$repo/examples/opencl

rm -rf "$work"
mkdir -p "$work/ocl"
cp "$example/accelgen.yaml" "$work/ocl/accelgen.yaml"
"$accelgen" generate "$work/ocl" --torch "${upgrade_from:-$torch}"
# The example's files are user-owned: once copied, accelgen never rewrites them.
user_files=$(cd "$example" && find . -type f ! -name accelgen.yaml ! -name README.md | sort)
for file in $user_files; do
  mkdir -p "$(dirname "$work/ocl/$file")"
  cp "$example/$file" "$work/ocl/$file"
done
if [[ -n $upgrade_from ]]; then
  echo "example-opencl: regenerating the torch $upgrade_from backend for torch $torch"
  "$accelgen" generate "$work/ocl" --torch "$torch" | tee "$work/upgrade.log"
  if grep -qi conflict "$work/upgrade.log"; then
    echo "example-opencl: the upgrade reported conflicts" >&2
    exit 1
  fi
  for file in $user_files; do
    cmp -s "$example/$file" "$work/ocl/$file" || { echo "example-opencl: the upgrade changed $file" >&2; exit 1; }
  done
fi

echo "example-opencl: the ocl backend (torch $torch) in the torch $torch root filesystem"
"$repo/scripts/torch-rootfs.sh" run "$torch" --bind "$work" --bind "$repo" -- bash -euo pipefail -c '
  work=$1 repo=$2 bench=$3
  cd "$work"
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
  ls /etc/OpenCL/vendors/*.icd > /dev/null || { echo "no OpenCL ICD (pocl-opencl-icd) here" >&2; exit 1; }
  python3 -m venv --system-site-packages venv
  venv/bin/pip install --no-build-isolation --no-index --no-deps ./ocl > pip-install.log 2>&1 || {
    tail -n 80 pip-install.log; exit 1; }
  cd /
  "$work/venv/bin/python" - <<PY
import torch
y = torch.ones(3, device="ocl") + 1
print(y.device, y.cpu())
assert torch.equal(y.cpu(), torch.full((3,), 2.0)), y
# The OpenCL kernels (csrc/kernels/) against the CPU: elementwise arithmetic, fill_ and mm.
a, b = torch.randn(1000), torch.rand(1000) + 0.5
da, db = a.to("ocl"), b.to("ocl")
for name, got, want in [("add", da + 2 * db, a + 2 * b), ("sub", da - db, a - b), ("mul", da * db, a * b),
                        ("div", da / db, a / b), ("fill_", torch.full((7,), 3.5, device="ocl"), torch.full((7,), 3.5)),
                        ("mm", da[:600].view(20, 30) @ db[:450].view(30, 15), a[:600].view(20, 30) @ b[:450].view(30, 15))]:
    assert torch.allclose(got.cpu(), want, rtol=1e-5, atol=1e-5), name
print("OpenCL kernels match the CPU")
PY
  cd "$work"
  if [ "$bench" = 1 ]; then
    load_before=$(cut -d" " -f1-3 /proc/loadavg)
    "$work/venv/bin/python" ocl/benchmarks/bench_eager.py --json > "$work/bench.json"
    load_after=$(cut -d" " -f1-3 /proc/loadavg)
    pocl=$(dpkg-query -W -f "\${Version}" pocl-opencl-icd 2>/dev/null || true)
    torch_version=$("$work/venv/bin/python" -c "import torch; print(torch.__version__)" 2>/dev/null | tail -n 1)
    python3 "$repo/scripts/report-opencl-benchmark.py" "$work/bench.json" "$repo/docs/benchmarks/opencl.md" \
      "$(nproc)" "$load_before" "$load_after" "$torch_version" "${pocl%%-*}"
  else
    "$work/venv/bin/python" -m pytest -q -p no:cacheprovider -rs ocl/tests
  fi
' example-opencl "$work" "$repo" "$bench"
