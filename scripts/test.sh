#!/usr/bin/env bash
# Runs every accelgen test on a fresh Debian machine (as root): installs the packages it needs, creates or reuses
# the real-torch root filesystems, builds accelgen, runs the unit tests, fuzzes the spec reader briefly (in its own
# build folder, ACCELGEN_BUILD_DIR-fuzz), runs the runtime's sanitizer builds and the end-to-end tests of generated
# backends in torch 2.14 (and 2.6).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${ACCELGEN_BUILD_DIR:-$repo/build}
start=$(date +%s)
step() { echo; echo "== $* ($(( $(date +%s) - start )) s)"; }

step "host packages"
"$repo/scripts/install-deps.sh"

step "root filesystems (cached in ${ACCELGEN_ROOTFS_CACHE:-/var/cache/accelgen/rootfs}), in the background"
# Creating one is mostly downloading and unpacking packages: it overlaps the build and the unit tests, which do not
# use them; the end-to-end tests wait for it below.
rootfs_log=$(mktemp)
(
  for version in $("$repo/scripts/torch-rootfs.sh" versions); do
    "$repo/scripts/torch-rootfs.sh" ensure "$version"
  done
  # A plain Debian torch (no libgloo-dev, no libfmt-dev): a generated backend must still build there.
  "$repo/scripts/torch-rootfs.sh" ensure 2.14-plain
) >"$rootfs_log" 2>&1 &
rootfs_pid=$!
trap 'kill "$rootfs_pid" 2>/dev/null || true' EXIT

step "build"
cmake -S "$repo" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build"

step "unit tests"
ctest --test-dir "$build" --output-on-failure -j 2 -LE e2e

step "spec reader under libFuzzer (30 s; a finding fails the run)"
ACCELGEN_FUZZ_BUILD_DIR="$build-fuzz" "$repo/scripts/fuzz-spec.sh" 30 --no-merge

step "runtime under ThreadSanitizer and AddressSanitizer"
"$repo/scripts/test-runtime-sanitizers.sh"

step "root filesystems: waiting for the background step"
rootfs_rc=0
wait "$rootfs_pid" || rootfs_rc=$?
cat "$rootfs_log"
rm -f "$rootfs_log"
[ "$rootfs_rc" -eq 0 ] || { echo "creating the torch root filesystems failed (exit $rootfs_rc)" >&2; exit 1; }

step "end-to-end tests in the torch root filesystems"
# Two at a time (tests/e2e/CMakeLists.txt: a suite run overlaps another test's build; COST orders them).
ctest --test-dir "$build" --output-on-failure -L e2e -j 2

step "all tests passed"
