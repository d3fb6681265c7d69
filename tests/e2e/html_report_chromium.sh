#!/usr/bin/env bash
# The HTML upgrade report in a real browser: headless Chromium (Debian's `chromium`, installed with apt if absent)
# opens the self-contained report of the example backend's 2.6 -> 2.14 upgrade with no network, and the test
# fails on any console error (script errors, CSP violations, blocked resources) or if the page's inline script did
# not run. A screenshot is written to <artifacts>/upgrade-report.png.
#
#   tests/e2e/html_report_chromium.sh ACCELGEN_BINARY ARTIFACTS_DIR
set -euo pipefail

accelgen=${1:?usage: html_report_chromium.sh ACCELGEN_BINARY ARTIFACTS_DIR}
artifacts=${2:?usage: html_report_chromium.sh ACCELGEN_BINARY ARTIFACTS_DIR}
mkdir -p "$artifacts"
artifacts=$(cd "$artifacts" && pwd)

browser=$(command -v chromium || true)
if [ -z "$browser" ]; then
  echo "html_report_chromium: installing chromium with apt" >&2
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -q >&2 || true
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q chromium >&2
  browser=$(command -v chromium)
fi

work=$(mktemp -d /tmp/accelgen-html-XXXXXX)
cleanup() { rm -rf "$work"; }
trap cleanup EXIT

# The example backend at torch 2.6, its guidance for 2.14 as HTML.
"$accelgen" init mydevice --torch 2.6 --dir "$work" >/dev/null
report="$artifacts/upgrade-report.html"
"$accelgen" upgrade --to 2.14 --guide-only --format html -o "$report" "$work/mydevice"
changes=$(grep -c '<article class="change' "$report" || true)
[ "$changes" -gt 0 ] || { echo "FAIL: the report lists no change" >&2; exit 1; }

chromium_flags=(
  --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --disable-default-apps --disable-extensions
  --enable-logging=stderr --v=0
)

# 1) DOM after scripts ran: the inline script sets data-report-rendered to the number of changes.
"$browser" "${chromium_flags[@]}" --user-data-dir="$work/profile-dom" --virtual-time-budget=5000 \
  --dump-dom "file://$report" >"$work/dom.html" 2>"$work/dom.log" || {
  echo "FAIL: chromium --dump-dom failed" >&2; cat "$work/dom.log" >&2; exit 1; }
if ! grep -q "data-report-rendered=\"$changes\"" "$work/dom.html"; then
  echo "FAIL: the page's script did not run (no data-report-rendered=\"$changes\" in the DOM)" >&2
  grep -o 'data-report-rendered="[^"]*"' "$work/dom.html" >&2 || true
  exit 1
fi

# 2) Screenshot of the rendered page.
screenshot="$artifacts/upgrade-report.png"
rm -f "$screenshot"
"$browser" "${chromium_flags[@]}" --user-data-dir="$work/profile-shot" --window-size=1400,2000 \
  --hide-scrollbars --screenshot="$screenshot" "file://$report" >"$work/shot.out" 2>"$work/shot.log" || {
  echo "FAIL: chromium --screenshot failed" >&2; cat "$work/shot.log" >&2; exit 1; }
[ -s "$screenshot" ] || { echo "FAIL: no screenshot written to $screenshot" >&2; exit 1; }
# PNG signature.
[ "$(head -c 8 "$screenshot" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || {
  echo "FAIL: $screenshot is not a PNG" >&2; exit 1; }

# 3) No console output at all (the report logs nothing, so any CONSOLE line is an error: uncaught exceptions,
#    console.error, CSP violations), and no failed or blocked load.
errors=$(cat "$work/dom.log" "$work/shot.log" |
  grep -E 'Uncaught|:CONSOLE|Content Security Policy|Refused to|net::ERR_' || true)
if [ -n "$errors" ]; then
  echo "FAIL: console errors while rendering the report:" >&2
  echo "$errors" >&2
  exit 1
fi
cp "$work/dom.log" "$artifacts/upgrade-report.chromium.log"
echo "PASS: $changes changes rendered; screenshot $screenshot"
