#!/bin/sh
# Fuzzes the spec reader with libFuzzer (clang-14 and libclang-rt-14-dev from Debian).
#   scripts/fuzz-spec.sh [SECONDS]     default 600 (ten minutes); builds build-fuzz/ first
# New interesting inputs are kept in tests/fuzz/corpus/spec_reader (commit them); crashes, leaks and timeouts land
# in build-fuzz/findings/ and make the script fail. The libFuzzer summary (executions, coverage) is printed last.
set -eu
seconds=${1:-600}
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build-fuzz"
corpus="$root/tests/fuzz/corpus/spec_reader"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DACCELGEN_FUZZ=ON -DACCELGEN_BUILD_TESTS=OFF -DACCELGEN_BUILD_BENCHMARKS=OFF >/dev/null
nice -n 10 cmake --build "$build" -j2 --target accelgen_spec_fuzzer
mkdir -p "$build/findings" "$build/new-corpus"
# -max_len: a little above the reader's 1 MiB limit is pointless to explore; 64 KiB covers every structure.
# -rss_limit_mb / -timeout: memory growth and hangs are findings too.
nice -n 10 "$build/generator/accelgen_spec_fuzzer" "$build/new-corpus" "$corpus" \
  -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=512 -timeout=5 -print_final_stats=1 \
  -dict="$root/tests/fuzz/spec.dict" -artifact_prefix="$build/findings/" 2>&1 | tee "$build/fuzz.log" | tail -30
# Keep a minimised corpus: merge what the run found into the kept one.
nice -n 10 "$build/generator/accelgen_spec_fuzzer" -merge=1 "$corpus" "$build/new-corpus" >/dev/null 2>&1
if ls "$build/findings/" | grep -q .; then
  echo "findings in $build/findings/:" && ls "$build/findings/"
  exit 1
fi
