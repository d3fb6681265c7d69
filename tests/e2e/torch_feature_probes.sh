#!/usr/bin/env bash
# End-to-end: every C++ torch feature probe of a generated backend (cmake/torch_features.cmake), both ways.
#
#   1. One tree generated for the range 2.6:2.14 is configured in the torch 2.14.1 and the torch 2.6.0 root
#      filesystems: every probe is 1 on 2.14 and 0 on 2.6 (read from <build>/generated/torch_features.h, checked
#      against the configure log).
#   2. For each probed feature, a header tree derived from the real 2.14 one with just that feature taken away (an
#      overlay of modified copies of the affected torch headers, first on the include path, and hidden headers;
#      the recipes are in torch_feature_overlays.py): its probe is 0, every other probe keeps its 2.14 value, and
#      the translation units that use the feature's macro compile on the removal path (object files only).
#      Where giving a feature to the 2.6 headers is a small edit, the same the other way round (probe 1, the
#      translation units compile on the feature's path against otherwise-2.6 headers). And for each feature, the
#      2.14 headers with the feature present but different (a declaration its code uses with another signature,
#      name or macro arity): the probe is 0 as well, and the translation units compile on the path it then takes.
#   3. A summary table (feature, 2.6 real, 2.14 real, 2.14 without it, the other probes, the translation units
#      compiled, 2.6 with it); any mismatch fails with the probe's or the compiler's output.
# About 6-8 minutes on 2 cores (no full backend build: the object files of the code that depends on each feature, at
# -O0, without the precompiled header). ACCELGEN_E2E_REPROBE_ALL=1 re-runs every probe in every configuration
# (instead of only those that read a header the overlay changes); ACCELGEN_E2E_PCH=1 compiles with the backend's
# precompiled header, as its own build does (both slower).
#
#   torch_feature_probes.sh ACCELGEN WORKDIR
set -euo pipefail
accelgen=$(realpath "$1")
work=$(realpath -m "$2")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
rootfs_tool=$repo/scripts/torch-rootfs.sh
driver=$repo/tests/e2e/torch_feature_overlays.py
start=$(date +%s)

"$rootfs_tool" ensure 2.6
"$rootfs_tool" ensure 2.14
rm -rf "$work"
mkdir -p "$work"
# The default spec: every capability on, so that every probe of the range is generated (only the translation units
# that use a probed feature are compiled, so the operator list costs nothing).
"$accelgen" init mydevice --dir "$work" --torch 2.6:2.14 >/dev/null
tree=$work/mydevice
grep -q '^backend_probe_torch_feature(' "$tree/cmake/torch_features.cmake" || {
  echo "the tree generated for 2.6:2.14 probes nothing (cmake/torch_features.cmake)" >&2; exit 1; }

# Both root filesystems at once: the 2.6 phase (fewer features) runs one job at a time next to the 2.14 phase's
# jobs. Each phase writes $work/results-VERSION.json; the report below decides.
options=(${ACCELGEN_E2E_REPROBE_ALL:+--reprobe-all} ${ACCELGEN_E2E_PCH:+--pch})
"$rootfs_tool" run 2.6 --bind "$work" -- python3 "$driver" phase --tree "$tree" --work "$work" --version 2.6 \
  --direction add --jobs 1 "${options[@]}" > "$work/phase-2.6.log" 2>&1 &
pid_26=$!
rc_214=0
"$rootfs_tool" run 2.14 --bind "$work" -- python3 "$driver" phase --tree "$tree" --work "$work" --version 2.14 \
  --direction remove vary --jobs "$(nproc)" "${options[@]}" 2>&1 | tee "$work/phase-2.14.log" || rc_214=$?
rc_26=0
wait "$pid_26" || rc_26=$?
cat "$work/phase-2.6.log"
[ "$rc_214" -eq 0 ] || echo "the torch 2.14 phase failed (exit $rc_214)" >&2
[ "$rc_26" -eq 0 ] || echo "the torch 2.6 phase failed (exit $rc_26)" >&2

rc=0
"$rootfs_tool" run 2.14 --bind "$work" -- python3 "$driver" report --work "$work" || rc=$?
echo "e2e: torch_feature_probes took $(( $(date +%s) - start )) s"
[ "$rc" -eq 0 ] && [ "$rc_214" -eq 0 ] && [ "$rc_26" -eq 0 ]
