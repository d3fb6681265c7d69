#!/usr/bin/env bash
# End-to-end: a torch newer than accelgen's knowledge base. No such release can be installed here, so
# next_torch_release.py makes "2.15.0" header trees from the torch 2.14.1 root filesystem's headers: one with no
# contract change and one per kind of change, as Debian-style prefixes, and the unchanged one also as a pip wheel in
# a virtual environment (fake_torch_wheel.sh, then the version raised).
#
#   1. `accelgen init --torch 2.15` is refused without the installed torch and writes nothing; with
#      --torch-prefix naming the wheel's venv it generates for the newest known contract and says so, and a later
#      `accelgen generate` without a prefix keeps the target;
#   2. `accelgen contract-diff TREE --backend DIR` (TREE against the embedded snapshot of the newest known release)
#      reports nothing for the unchanged release, from the prefix and from the venv, and exits 0;
#   3. for each changed release it reports the change with its header and line and the generated and user files it
#      touches (a new pure virtual in the hooks, a changed guard signature, a removed header, a changed macro arity,
#      a removed operator schema), in every format, exits 3, and drafts a knowledge-base entry whose C++ probe
#      compiles against the changed headers and not against the unchanged ones;
#   4. the backend builds against the unchanged wheel, probing every feature, and its smoke tests pass.
#
#   torch_beyond_knowledge.sh ACCELGEN WORKDIR
set -euo pipefail
accelgen=$(realpath "$1")
work=$(realpath -m "$2")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
rootfs_tool=$repo/scripts/torch-rootfs.sh
changes="hooks-pure-virtual guard-signature removed-header macro-arity schema-removed"
fail() { echo "torch_beyond_knowledge.sh: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
"$rootfs_tool" ensure 2.14

# The synthetic releases, made inside the root filesystem from its torch.
"$rootfs_tool" run 2.14 --bind "$work" -- bash -euo pipefail -c '
  work=$1 repo=$2 changes=$3
  arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -dumpmachine)
  for change in none $changes; do
    prefix=$work/next-$change
    mkdir -p "$prefix/include" "$prefix/lib/$arch/cmake/Torch"
    cp -a /usr/include/ATen /usr/include/c10 /usr/include/caffe2 /usr/include/torch "$prefix/include/"
    cp "/usr/lib/$arch/cmake/Torch/TorchConfigVersion.cmake" "$prefix/lib/$arch/cmake/Torch/"
    python3 "$repo/tests/e2e/next_torch_release.py" "$change" "$prefix"
  done
  cd "$work"
  python3 -m venv --system-site-packages venv
  site=$(venv/bin/python -c "import sysconfig; print(sysconfig.get_paths()[\"purelib\"])")
  "$repo/tests/e2e/fake_torch_wheel.sh" "$site"
  python3 "$repo/tests/e2e/next_torch_release.py" none "$site/torch"
  cd /
  "$work/venv/bin/python" -c "import torch; assert torch.__version__ == \"2.15.0\", torch.__version__"
' e2e "$work" "$repo" "$changes"
echo "e2e: torch 2.15.0 header trees made: none $changes; the unchanged one also as a wheel in $work/venv"

# 1. Generation for the newer release.
cd "$work"
if "$accelgen" init refused --torch 2.15 > refused.log 2>&1; then fail "init --torch 2.15 without the installed torch"; fi
grep -q -- "--torch auto --torch-prefix" refused.log || { cat refused.log; fail "the refusal does not say what to do"; }
[ ! -e refused ] || fail "a refused init left a tree"
"$accelgen" init mydevice --torch 2.15 --torch-prefix "$work/venv" > init.log
grep -q "newer than accelgen knows" init.log || { cat init.log; fail "init does not say the target is unknown"; }
grep -q '^torch: "2.15"$' mydevice/accelgen.yaml || fail "the spec does not record torch 2.15"
grep -q "generated for the torch 2.14 contract" mydevice/csrc/hooks.h || fail "the banner does not say the contract"
# A small backend: every capability, one native operator (the build and the probes are what is tested).
"$repo/tests/e2e/set_native_operators.py" mydevice/accelgen.yaml add.Tensor
"$accelgen" generate mydevice > generate.log || { cat generate.log; fail "generate without --torch-prefix"; }
grep -q "(torch 2.15)" generate.log || { cat generate.log; fail "generate moved the target"; }
# One file of the user's, using what the changes touch.
cat > mydevice/csrc/next_release_uses.cc <<'CC'
#include <torch/csrc/profiler/standalone/privateuse1_observer.h>
C10_REGISTER_GUARD_IMPL(PrivateUse1, MyGuard);
c10::Stream s = static_cast<const c10::impl::DeviceGuardImplInterface&>(guard).getStream(device);
struct MyHooks : at::PrivateUse1HooksInterface {};
TORCH_LIBRARY_IMPL(aten, PrivateUse1, m) { m.impl("add.Tensor", &my_add); }
CC
echo "e2e: init and generate for torch 2.15 (beyond the knowledge base), the target kept"

# 2. The unchanged release: no difference, from the prefix and from the venv.
for tree in "$work/next-none" "$work/venv"; do
  "$accelgen" contract-diff "$tree" --backend mydevice > unchanged.txt || { cat unchanged.txt; fail "exit $? for $tree"; }
  grep -q "^Contract diff: torch 2.14.1 -> 2.15.0" unchanged.txt || { cat unchanged.txt; fail "versions"; }
  grep -q "^0 item(s) differ" unchanged.txt || { cat unchanged.txt; fail "the unchanged release $tree differs"; }
done
echo "e2e: the unchanged release reports nothing (prefix and wheel)"

# 3. Each change: the report, the exit status, the draft and its probe.
expect() {  # CHANGE ID HEADER_LINE GENERATED_FILE USER_LINE
  local change=$1 id=$2 at=$3 generated=$4 user=$5 status=0
  "$accelgen" contract-diff "$work/next-$change" --backend mydevice --format json -o "$change.json" \
    --draft "$change.draft.yaml" 2> "$change.err" || status=$?
  [ "$status" = 3 ] || { cat "$change.err"; fail "$change: exit $status, not 3 (an unknown change touches the backend)"; }
  python3 - "$change.json" "$id" "$at" "$generated" "$user" <<'PY' || fail "$change: the report above"
import json, sys
report, item_id, at, generated, user = sys.argv[1:]
items = {i["id"]: i for i in json.load(open(report))["items"]}
item = items.get(item_id)
assert item, f"{item_id} not reported: {sorted(items)}"
where = f'{item["file"]}:{item["line"]}' if item["line"] else item["file"]
assert where.startswith(at), (where, at)
assert not item["explained_by"], item
uses = {(u["path"], u["owner"]) for u in item["uses"]}
assert (generated, "generated") in uses, (generated, uses)
assert any(p == "csrc/next_release_uses.cc" and o == "yours" for p, o in uses), uses
assert any(u["path"] == "csrc/next_release_uses.cc" and u["line"] == int(user) for u in item["uses"]), item["uses"]
print(f"e2e: {item_id} at {where}: {len(uses)} use(s), {item['action']}")
PY
  for format in text md html; do
    "$accelgen" contract-diff "$work/next-$change" --backend mydevice --format "$format" > "$change.$format" 2>&1 || true
    grep -qF "${at%%:*}" "$change.$format" || fail "$change: the $format report does not name ${at%%:*}"
  done
  # The drafted probe of the change: it compiles against the changed headers only.
  python3 - "$change.draft.yaml" "$id" > "$change.probe.cc" <<'PY'
import sys, yaml
drafts, item_id = sys.argv[1:]
changes = yaml.safe_load(open(drafts))["changes"]
entry = next(c for c in changes if item_id in c["contract_items"])
sys.stdout.write(entry["probe"]["cxx"])
PY
}
expect hooks-pure-virtual "virtual:at::PrivateUse1HooksInterface::isNextReleaseReady" \
  "ATen/detail/PrivateUse1HooksInterface.h:" csrc/hooks.h 4
expect guard-signature "virtual:c10::impl::DeviceGuardImplInterface::getStream" \
  "c10/core/impl/DeviceGuardImplInterface.h:111" csrc/guard.h 3
expect removed-header "header:torch/csrc/profiler/standalone/privateuse1_observer.h" \
  "torch/csrc/profiler/standalone/privateuse1_observer.h" csrc/profiler/profiler.cc 1
expect macro-arity "macro:C10_REGISTER_GUARD_IMPL" "c10/core/impl/DeviceGuardImplInterface.h:400" csrc/guard.cc 2
expect schema-removed "schema:add.Tensor" "ATen/ops/add_ops.h:" csrc/ops/native/binary.cc 5

# The drafted probes, compiled on this machine: the root filesystem's /usr/include holds torch 2.14's own headers,
# which would answer a probe for a removed header (this machine's has no torch headers).
compiles() { g++ -std=c++20 -fsyntax-only -x c++ "$2" -I "$1/include" -I "$1/include/torch/csrc/api/include" 2>&1; }
for change in $changes; do
  compiles "$work/next-$change" "$change.probe.cc" > "$change.probe.log" || {
    head -n 20 "$change.probe.log"; fail "the drafted probe of $change does not compile against the changed headers"; }
  if compiles "$work/next-none" "$change.probe.cc" > /dev/null; then
    fail "the drafted probe of $change compiles against the unchanged headers too"
  fi
  echo "e2e: the drafted probe of $change compiles against the changed release only"
done

# 4. The backend against the unchanged wheel: every feature probed at configure time, the smoke tests pass.
rm mydevice/csrc/next_release_uses.cc
"$rootfs_tool" run 2.14 --bind "$work" -- bash -euo pipefail -c '
  work=$1
  cd "$work"
  export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=2
  export MYDEVICE_BUILD_DIR=$work/build
  venv/bin/pip install -v --no-build-isolation --no-index --no-deps ./mydevice > pip-install.log 2>&1 || {
    tail -n 80 pip-install.log; exit 1; }
  grep -q "newer than accelgen knew (torch 2.14)" pip-install.log || {
    echo "the build does not say the torch is newer than accelgen knew" >&2; exit 1; }
  probed=$(grep -c "torch feature [A-Za-z0-9_]*: [01]" pip-install.log || true)
  [ "$probed" -gt 10 ] || { echo "only $probed torch features were probed" >&2; exit 1; }
  echo "e2e: the build probed $probed torch features"
  cd /
  "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$work/mydevice/tests/test_smoke.py" \
    > "$work/pytest.log" 2>&1 || { cat "$work/pytest.log"; exit 1; }
  tail -n 1 "$work/pytest.log"
' e2e "$work"
echo "e2e: the backend for torch 2.15 builds against the unchanged release and passes its smoke tests"
