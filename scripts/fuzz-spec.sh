#!/usr/bin/env bash
# Fuzzes the spec reader with libFuzzer (clang-14 and libclang-rt-14-dev from Debian; scripts/install-deps.sh).
#   scripts/fuzz-spec.sh [SECONDS] [--no-merge]     default 600 (ten minutes)
# Builds only the fuzz target (accelgen_spec_fuzzer, linked against the library the tool is made of) in
# build-fuzz/ (ACCELGEN_FUZZ_BUILD_DIR overrides). New interesting inputs are merged into tests/fuzz/corpus/spec_reader
# (commit them) unless --no-merge is given (scripts/test.sh: a test run leaves the checkout alone). Crashes, leaks,
# timeouts, out-of-memory and sanitizer reports land in build-fuzz/findings/ and make the script exit 1. The
# libFuzzer summary (executions, coverage) is printed last.
set -euo pipefail
seconds=600
merge=1
for arg in "$@"; do
  case "$arg" in
    --no-merge) merge=0 ;;
    *[!0-9]* | '') echo "usage: $0 [SECONDS] [--no-merge]" >&2; exit 2 ;;
    *) seconds=$arg ;;
  esac
done
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${ACCELGEN_FUZZ_BUILD_DIR:-$root/build-fuzz}
corpus="$root/tests/fuzz/corpus/spec_reader"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DACCELGEN_FUZZ=ON -DACCELGEN_BUILD_TESTS=OFF -DACCELGEN_BUILD_BENCHMARKS=OFF >/dev/null
nice -n 10 cmake --build "$build" -j2 --target accelgen_spec_fuzzer
# Findings of an earlier run must not fail this one (nor hide that this one found nothing).
rm -rf "$build/findings" "$build/new-corpus"
mkdir -p "$build/findings" "$build/new-corpus"
# -max_len: a little above the reader's 1 MiB limit is pointless to explore; 64 KiB covers every structure.
# -rss_limit_mb / -timeout: memory growth and hangs are findings too.
status=0
nice -n 10 "$build/generator/accelgen_spec_fuzzer" "$build/new-corpus" "$corpus" \
  -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=512 -timeout=5 -print_final_stats=1 \
  -dict="$root/tests/fuzz/spec.dict" -artifact_prefix="$build/findings/" 2>&1 | tee "$build/fuzz.log" | tail -30 ||
  status=$?
if [ -n "$(ls -A "$build/findings/")" ]; then
  echo "fuzz-spec: findings in $build/findings/ (replay one: $build/generator/accelgen_spec_fuzzer FILE):" >&2
  ls "$build/findings/" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "fuzz-spec: the fuzzer exited with status $status (full output: $build/fuzz.log)" >&2
  exit 1
fi
# Keep a minimised corpus: merge what the run found into the kept one.
if [ "$merge" = 1 ]; then
  nice -n 10 "$build/generator/accelgen_spec_fuzzer" -merge=1 "$corpus" "$build/new-corpus" >/dev/null 2>&1
fi
