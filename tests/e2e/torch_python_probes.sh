#!/usr/bin/env bash
# End-to-end: the Python-side feature probes of a range tree (src/PKG/_torch_features.py) against real torch.
# Every Python probe must answer False in the torch 2.6.0 root filesystem and True in the torch 2.14.1 one (each
# feature the range straddles lies between them), so each probe is seen choosing both paths. Seconds: nothing is
# compiled; the module is loaded on its own, without the package's compiled extension.
#
#   torch_python_probes.sh ACCELGEN WORKDIR
set -euo pipefail
accelgen=$(realpath "$1")
work=$(realpath -m "$2")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

rm -rf "$work"
mkdir -p "$work"
"$accelgen" init mydevice --dir "$work" --torch 2.6:2.14 >/dev/null
features_py="$work/mydevice/src/torch_mydevice/_torch_features.py"
grep -q '^def _probe_' "$features_py" || { echo "no Python probe in $features_py" >&2; exit 1; }

cat >"$work/check_probes.py" <<'PY'
"""Loads _torch_features.py as a module of a stand-in package and runs every Python probe."""
import importlib.util
import sys
import types

path, expected = sys.argv[1], sys.argv[2] == "True"
package = types.ModuleType("probe_pkg")
package.__path__ = []
version = types.ModuleType("probe_pkg._version")
version._TORCH_VERSION = (0, 0)  # version-only features are not what this test checks
sys.modules.update({"probe_pkg": package, "probe_pkg._version": version})
spec = importlib.util.spec_from_file_location("probe_pkg._torch_features", path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)

import torch

python_probes = sorted(name[len("_probe_"):] for name in vars(module) if name.startswith("_probe_"))
wrong = []
for feature in python_probes:
    answer = module.torch_has(feature)
    print(f"  torch {torch.__version__}: {feature}: {answer}")
    if answer is not expected:
        wrong.append(feature)
if wrong:
    sys.exit(f"probes answering {not expected} in torch {torch.__version__}: {', '.join(wrong)}")
print(f"{len(python_probes)} Python probes answer {expected} in torch {torch.__version__}")
PY

for rootfs in 2.6 2.14; do
  expected=False
  [ "$rootfs" = 2.14 ] && expected=True
  "$repo/scripts/torch-rootfs.sh" run "$rootfs" --bind "$work" -- \
    python3 "$work/check_probes.py" "$features_py" "$expected"
done
