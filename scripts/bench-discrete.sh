#!/usr/bin/env bash
# Benchmark torch.compile on a discrete device whose kernels are ported: accelsim without host access
# (ACCELSIM_HOST_ACCESS=0), the default spec with operators.native reduced to the operators of a launch-bound
# training step, each ported to an accelsim device function (benchmarks/discrete_port/). Writes
# docs/benchmarks/compile-discrete.md.
#
#   scripts/bench-discrete.sh [--check-only] [ACCELGEN [WORKDIR]]
#
# 1. generates the backend (`accelgen init mydevice`, then `accelgen generate` with the reduced operator list),
# 2. puts the port's files in (csrc/kernels/*.cc replace the scaffolded kernels; csrc/user/device_code.*),
# 3. builds it in the torch 2.14 root filesystem,
# 4. checks the port (benchmarks/discrete_port/check_port.py: eager, compiled and reduce-overhead training match
#    the CPU, nothing reaches the CPU fallback, the graphs are captured),
# 5. runs the backend's benchmarks/bench_compile.py --only training_steps without host access and writes the report
#    (not with --check-only: e2e.discrete_port_device_code checks the port that way).
# ACCELGEN defaults to build-bench-backend/accelgen/generator/accelgen, built here if missing; WORKDIR to
# build-bench-discrete.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
port=$repo/benchmarks/discrete_port
check_only=0
if [ "${1:-}" = --check-only ]; then
  check_only=1
  shift
fi
accelgen=${1:-}
work=${2:-$repo/build-bench-discrete}
if [ -z "$accelgen" ]; then
  accelgen=$repo/build-bench-backend/accelgen/generator/accelgen
  cmake -S "$repo" -B "$repo/build-bench-backend/accelgen" -G Ninja -DACCELGEN_BUILD_BENCHMARKS=OFF >/dev/null
  cmake --build "$repo/build-bench-backend/accelgen" --target accelgen >/dev/null
fi
accelgen=$(realpath "$accelgen")
rm -rf "$work"
mkdir -p "$work"
"$accelgen" init mydevice --dir "$work" >/dev/null
# The ported operators: every computing operator of the step (views and allocation are the backend's own).
ported=()
for kernel in "$port"/csrc/kernels/*.cc; do
  ported+=("$(basename "$kernel" .cc)")
done
operators=()
for kernel in "${ported[@]}"; do
  case $kernel in
    zero_) operators+=(zero_) ;;
    fill_Scalar) operators+=(fill_.Scalar) ;;
    *_Tensor_Scalar) operators+=("${kernel%_Tensor_Scalar}.Tensor_Scalar") ;;
    *_Tensor) operators+=("${kernel%_Tensor}.Tensor") ;;
    sum_dim_IntList) operators+=(sum.dim_IntList) ;;
    mean_dim) operators+=(mean.dim) ;;
    *) operators+=("$kernel") ;;
  esac
done
"$repo/tests/e2e/set_native_operators.py" "$work/mydevice/accelgen.yaml" "${operators[@]}"
"$accelgen" generate "$work/mydevice" > "$work/generate.log"
cp "$port"/csrc/kernels/*.cc "$work/mydevice/csrc/kernels/"
cp "$port"/csrc/user/device_code.h "$port"/csrc/user/device_code.cc "$work/mydevice/csrc/user/"

"$repo/scripts/torch-rootfs.sh" run 2.14 --bind "$work" --bind "$repo" -- bash -euo pipefail -c '
  work=$1 repo=$2 port=$3 check_only=$4
  cd "$work"
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2}
  python3 -m venv --system-site-packages venv
  venv/bin/pip install --no-build-isolation --no-index --no-deps ./mydevice > pip-install.log 2>&1 || {
    tail -n 60 pip-install.log; exit 1; }
  cd /tmp
  venv=$work/venv/bin/python
  export ACCELSIM_HOST_ACCESS=0
  MYDEVICE_LOG_FALLBACK=1 "$venv" "$port/check_port.py" "$work/mydevice/benchmarks" 2> "$work/check.err" || {
    cat "$work/check.err"; exit 1; }
  if grep "CPU fallback: " "$work/check.err"; then
    echo "bench-discrete: the operators above reached the CPU fallback: port them" >&2; exit 1
  fi
  [ "$check_only" = 1 ] && exit 0
  load_before=$(cut -d" " -f1-3 /proc/loadavg)
  "$venv" "$work/mydevice/benchmarks/bench_compile.py" --only training_steps --json > "$work/bench.json"
  load_after=$(cut -d" " -f1-3 /proc/loadavg)
  torch_version=$("$venv" -c "import torch; print(torch.__version__)" 2>/dev/null | tail -n 1)
  "$venv" "$port/report.py" "$work/bench.json" "$repo/docs/benchmarks/compile-discrete.md" "$(nproc)" \
    "$load_before" "$load_after" "$torch_version"
' _ "$work" "$repo" "$port" "$check_only"
[ "$check_only" = 1 ] || echo "bench-discrete: wrote docs/benchmarks/compile-discrete.md"
