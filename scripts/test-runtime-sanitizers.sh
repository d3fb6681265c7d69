#!/usr/bin/env bash
# Builds the accelsim runtime tests under ThreadSanitizer and AddressSanitizer (+UBSan), each in its own build
# directory, and runs them with ctest. Any sanitizer report fails the run (halt_on_error / abort_on_error).
#
# Usage: scripts/test-runtime-sanitizers.sh [thread|address ...]   (default: both)
# Env:   BUILD_ROOT (default: <repo>/build-sanitizers), JOBS (default: nproc), CMAKE_GENERATOR (default: Ninja
#        when available).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_root="${BUILD_ROOT:-$repo/build-sanitizers}"
jobs="${JOBS:-$(nproc)}"
generator=()
if [[ -z "${CMAKE_GENERATOR:-}" ]] && command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
sanitizers=("$@")
[[ ${#sanitizers[@]} -eq 0 ]] && sanitizers=(thread address)

# Reports are fatal; death tests and the runtime's own SIGSEGV handling are compatible with these options.
export TSAN_OPTIONS="halt_on_error=1 abort_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
export ASAN_OPTIONS="halt_on_error=1 abort_on_error=1 detect_leaks=1 allow_user_segv_handler=1 ${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="halt_on_error=1 abort_on_error=1 print_stacktrace=1 ${UBSAN_OPTIONS:-}"

status=0
for san in "${sanitizers[@]}"; do
  case "$san" in thread|address) ;; *) echo "unknown sanitizer '$san' (thread|address)" >&2; exit 2 ;; esac
  dir="$build_root/$san"
  echo "==> accelsim runtime tests with -fsanitize=$san in $dir"
  cmake -S "$repo" -B "$dir" "${generator[@]}" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DACCELGEN_SANITIZER="$san" \
    -DACCELGEN_BUILD_GENERATOR=OFF \
    -DACCELGEN_BUILD_BENCHMARKS=OFF \
    -DACCELGEN_BUILD_TESTS=ON >/dev/null
  cmake --build "$dir" --parallel "$jobs" --target accelsim_tests
  # Only the runtime suites (label "runtime"): the generator is not built in these trees anyway.
  if ! ctest --test-dir "$dir" -L runtime --output-on-failure --parallel "$jobs" --timeout 300; then
    echo "==> FAILED under -fsanitize=$san" >&2
    status=1
  else
    echo "==> clean under -fsanitize=$san"
  fi
done
exit "$status"
