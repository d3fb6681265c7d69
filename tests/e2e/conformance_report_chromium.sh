#!/usr/bin/env bash
# The conformance report end to end, on the backend e2e.backend_torch_2_14 built and installed (the default spec,
# in the torch 2.14 root filesystem: its work directory holds mydevice/ and venv/): `accelgen conformance` runs
# every area with that Python (the backend's whole suite: its own tests, PyTorch's device-generic tests, the full
# OpInfo sweep, torch.compile, distributed, profiler), each area must pass, then the HTML page is checked in
# headless Chromium (Debian's `chromium`, installed with apt if absent): it renders every area and the Quality
# Levels table, with no console error, and a screenshot is written.
#
#   tests/e2e/conformance_report_chromium.sh ACCELGEN_BINARY BACKEND_WORKDIR ARTIFACTS_DIR
set -euo pipefail
usage="usage: conformance_report_chromium.sh ACCELGEN BACKEND_WORKDIR ARTIFACTS_DIR"
accelgen=$(realpath "${1:?$usage}")
work=$(realpath "${2:?$usage}")
artifacts=${3:?$usage}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$artifacts"
artifacts=$(cd "$artifacts" && pwd)
[ -x "$work/venv/bin/python" ] && [ -f "$work/mydevice/accelgen.yaml" ] || {
  echo "conformance_report_chromium: $work holds no built backend (mydevice/ and venv/): run e2e.backend_torch_2_14" \
    "first (ctest runs it as this test's fixture)" >&2; exit 1; }
rm -rf "$work/report"
# The conformance areas of the default backend (every capability on), in report order.
areas=(smoke eager training device-generic opinfo compile distributed profiler)

# `accelgen conformance` runs on this machine; the Python it is given runs in the root filesystem, where torch
# and the installed backend are (the work directory is bind-mounted at the same path).
printf '#!/bin/sh\nexec "%s" run 2.14 --bind "%s" -- "%s" "$@"\n' \
  "$repo/scripts/torch-rootfs.sh" "$work" "$work/venv/bin/python" > "$work/python-in-rootfs"
chmod +x "$work/python-in-rootfs"
start=$(date +%s)
"$accelgen" conformance "$work/mydevice" --python "$work/python-in-rootfs" --out "$work/report" --timeout 900 \
  | tee "$work/conformance.log"
echo "e2e: conformance run took $(( $(date +%s) - start )) s"
# The report is written whatever the results are; this run is the backend's whole suite in torch 2.14, so every
# area must have run with no failure and no error (such as a timeout).
for area in "${areas[@]}"; do
  grep -Eq "^conformance: $area: [1-9][0-9]* passed, 0 failed, [0-9]+ skipped$" "$work/conformance.log" || {
    grep -F "conformance: $area" "$work/conformance.log" >&2
    [ -f "$work/report/logs/$area.log" ] && tail -n 60 "$work/report/logs/$area.log" >&2
    echo "FAIL: conformance area $area did not pass (see $work/report/logs/$area.log)" >&2; exit 1; }
done

report=$work/report/conformance.html
for f in conformance.md conformance.html junit/smoke.xml junit/compile.xml; do
  [ -s "$work/report/$f" ] || { echo "FAIL: the run wrote no $f" >&2; exit 1; }
done
grep -q "Compute Platform Quality Levels" "$work/report/conformance.md" || {
  echo "FAIL: conformance.md has no Quality Levels section" >&2; exit 1; }
cp "$work/report/conformance.md" "$report" "$artifacts/"

browser=$(command -v chromium || true)
if [ -z "$browser" ]; then
  echo "conformance_report_chromium: installing chromium with apt" >&2
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -q >&2 || true
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q chromium >&2
  browser=$(command -v chromium)
fi
chromium_flags=(
  --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --disable-default-apps --disable-extensions
  --enable-logging=stderr --v=0
)
profile=$(mktemp -d /tmp/accelgen-conformance-XXXXXX)
trap 'rm -rf "$profile"' EXIT

# 1) The DOM as Chromium parsed it: one row per area and the Quality Levels table.
"$browser" "${chromium_flags[@]}" --user-data-dir="$profile/dom" --dump-dom "file://$report" \
  >"$profile/dom.html" 2>"$profile/dom.log" || {
  echo "FAIL: chromium --dump-dom failed" >&2; cat "$profile/dom.log" >&2; exit 1; }
for area in "${areas[@]}"; do
  grep -q "data-area=\"$area\"" "$profile/dom.html" || { echo "FAIL: no row for area $area" >&2; exit 1; }
done
grep -q 'id="quality"' "$profile/dom.html" || { echo "FAIL: no Quality Levels table" >&2; exit 1; }

# 2) Screenshot.
screenshot=$artifacts/conformance-report.png
rm -f "$screenshot"
"$browser" "${chromium_flags[@]}" --user-data-dir="$profile/shot" --window-size=1400,2400 --hide-scrollbars \
  --screenshot="$screenshot" "file://$report" >"$profile/shot.out" 2>"$profile/shot.log" || {
  echo "FAIL: chromium --screenshot failed" >&2; cat "$profile/shot.log" >&2; exit 1; }
[ "$(head -c 8 "$screenshot" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || {
  echo "FAIL: $screenshot is not a PNG" >&2; exit 1; }

# 3) No console output, no blocked or failed load (the page is self-contained).
errors=$(cat "$profile/dom.log" "$profile/shot.log" |
  grep -E 'Uncaught|:CONSOLE|Content Security Policy|Refused to|net::ERR_' || true)
if [ -n "$errors" ]; then
  echo "FAIL: console errors while rendering the report:" >&2
  echo "$errors" >&2
  exit 1
fi
echo "PASS: conformance report rendered; $artifacts/conformance.md, screenshot $screenshot"
grep -A12 '^## Results by area' "$work/report/conformance.md"
