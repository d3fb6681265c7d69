#!/usr/bin/env bash
# End-to-end: the C++ probes `accelgen contract-diff --draft` writes, on real contract changes. The torch 2.6
# root filesystem against the committed snapshot of 2.14 gives the changes the knowledge base does not explain; each
# drafted probe must compile in the torch 2.14 root filesystem (the newer release has what the probe declares) and
# must not compile in the 2.6 one. A probe the generator cannot write is `probe: none`, with its reason, and is
# counted, not compiled.
#
#   drafted_probes_rootfs.sh ACCELGEN WORKDIR
set -euo pipefail
accelgen=$(realpath "$1")
work=$(realpath -m "$2")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
rootfs_tool=$repo/scripts/torch-rootfs.sh

rm -rf "$work"
mkdir -p "$work/probes"
"$rootfs_tool" ensure 2.6
"$rootfs_tool" ensure 2.14
snapshot=$(ls "$repo"/knowledge/contract-snapshot-*.json)
"$accelgen" contract-diff "$("$rootfs_tool" path 2.6)" "$snapshot" --draft "$work/drafts.yaml" --format list \
  > "$work/changes.list"
python3 - "$work/drafts.yaml" "$work/probes" <<'PY'
import pathlib, sys, yaml
drafts, out = sys.argv[1], pathlib.Path(sys.argv[2])
changes = yaml.safe_load(open(drafts))["changes"]
none = [c for c in changes if "none" in c["probe"]]
for c in changes:
    if "cxx" in c["probe"]:
        (out / (c["id"] + ".cc")).write_text(c["probe"]["cxx"])
print(f"e2e: {len(changes)} drafted entries, {len(changes) - len(none)} with a C++ probe; probe: none for "
      + (", ".join(f'{c["id"]} ({c["probe"]["none"]})' for c in none) or "none"))
assert len(changes) - len(none) >= 20, "too few probes to mean anything"
PY

# Compiles every probe against the root filesystem's own torch, one result line per probe.
cat > "$work/compile-probes.sh" <<'SH'
for probe in "$1"/*.cc; do
  if g++ -std=c++20 -fsyntax-only -x c++ "$probe" -I /usr/include/torch/csrc/api/include > /dev/null 2>&1; then
    echo "compiles $(basename "$probe" .cc)"
  else
    echo "fails $(basename "$probe" .cc)"
  fi
done
SH
# A control: the headers the probes include compile in both releases with these flags, so that a probe failing
# in 2.6 fails for what it declares.
mkdir -p "$work/control"
cat "$work"/probes/*.cc | sed -n 's|^#include <\(.*\)>$|\1|p' | sort -u |
  while read -r header; do printf '#if __has_include(<%s>)\n#include <%s>\n#endif\n' "$header" "$header"; done \
  > "$work/control/headers.cc"
for version in 2.6 2.14; do
  "$rootfs_tool" run "$version" --bind "$work" -- bash "$work/compile-probes.sh" "$work/control" > "$work/control-$version.txt"
  grep -q "^compiles headers" "$work/control-$version.txt" || {
    echo "the headers the probes include do not compile in torch $version:" >&2
    cat "$work/control/headers.cc" >&2; exit 1; }
done
"$rootfs_tool" run 2.14 --bind "$work" -- bash "$work/compile-probes.sh" "$work/probes" > "$work/in-2.14.txt"
"$rootfs_tool" run 2.6 --bind "$work" -- bash "$work/compile-probes.sh" "$work/probes" > "$work/in-2.6.txt"
bad=0
if grep "^fails" "$work/in-2.14.txt"; then
  echo "the probes above do not compile against torch 2.14, which has what they declare" >&2
  bad=1
fi
if grep "^compiles" "$work/in-2.6.txt"; then
  echo "the probes above compile against torch 2.6, which lacks what they declare" >&2
  bad=1
fi
[ "$bad" = 0 ] || exit 1
echo "e2e: every drafted probe ($(wc -l < "$work/in-2.14.txt")) compiles against torch 2.14 and not against 2.6"
