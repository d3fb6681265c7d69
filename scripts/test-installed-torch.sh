#!/usr/bin/env bash
# Builds a generated backend against the torch of a given Python (a pip wheel or Debian's) and runs the backend's
# own test suite there: the check for a torch accelgen has never been installed with, for example a machine that
# has only `pip install torch` and a compiler (it needs no accelgen and no network).
#
#   scripts/test-installed-torch.sh TREE [--python PY] [--work DIR] [-- PYTEST_ARGS...]
#
# TREE     a backend tree generated beforehand (`accelgen init gdev --torch 2.11`, or a range: --torch 2.6:2.14)
# --python the Python whose torch to build against (default: python3)
# --work   scratch folder for the virtual environment and logs (default: TREE/../test-installed-torch)
#
# The backend is installed into a virtual environment that sees the Python's own packages (torch, pytest and,
# where present, expecttest and numpy), then its suite runs from the backend's root, as a user runs it. Exit
# status: pytest's. Results land in WORK/pytest.log and WORK/junit.xml; the configure log (which torch features
# the CMake probes found) in WORK/pip-install.log.
set -euo pipefail

usage() { sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 1 ] || usage
tree=$(realpath "$1"); shift
python=python3
work=""
while [ $# -gt 0 ]; do
  case "$1" in
    --python) python=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --) shift; break ;;
    *) usage ;;
  esac
done
[ -f "$tree/pyproject.toml" ] && [ -d "$tree/tests" ] || {
  echo "test-installed-torch: $tree is not a generated backend (no pyproject.toml or tests/)" >&2; exit 2; }
work=$(realpath -m "${work:-$tree/../test-installed-torch}")
rm -rf "$work"
mkdir -p "$work"

torch_version=$("$python" -c 'import torch; print(torch.__version__)' 2>/dev/null | tail -n 1) || {
  echo "test-installed-torch: $python cannot import torch" >&2; exit 2; }
echo "test-installed-torch: torch $torch_version from $("$python" -c 'import torch, os; print(os.path.dirname(torch.__file__))')"

"$python" -m venv --system-site-packages "$work/venv"
# A venv made from a Python that is itself in a venv (the usual home of a pip-installed torch) sees only the base
# interpreter's packages: a .pth file adds the outer environment's site-packages, where its torch lives.
"$python" -c 'import site, sys; sys.prefix != sys.base_prefix and print("\n".join(site.getsitepackages()))' \
  >"$("$work/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/_outer_environment.pth"
export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}
rm -rf "$tree/build"
start=$(date +%s)
if ! "$work/venv/bin/pip" install --no-build-isolation --no-index --no-deps -v "$tree" >"$work/pip-install.log" 2>&1; then
  tail -n 80 "$work/pip-install.log"
  echo "test-installed-torch: the build failed (log: $work/pip-install.log)" >&2
  exit 1
fi
echo "test-installed-torch: built and installed in $(( $(date +%s) - start )) s"
grep -E "torch feature [a-z0-9_]+: [01]" "$work/pip-install.log" | sed 's/^ *-- /  /' || true

cd "$tree"
set +e
"$work/venv/bin/python" -m pytest tests -q -p no:cacheprovider --junitxml="$work/junit.xml" "$@" 2>&1 |
  tee "$work/pytest.log"
status=${PIPESTATUS[0]}
set -e
echo "test-installed-torch: pytest exit status $status (log: $work/pytest.log)"
exit "$status"
