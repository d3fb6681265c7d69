#!/usr/bin/env bash
# End-to-end: a newcomer's first command. Clones this repository under /tmp, into a directory whose name has a
# space, and runs the README's `scripts/demo.sh` there: accelgen is built inside the clone, the demo backend is
# generated, built and run in the cached torch 2.14 root filesystem, and its device output is checked. Then the
# root filesystem is entered from the clone the way scripts/test.sh's end-to-end tests enter it (--bind of a
# directory under /tmp), and must see both the clone and the bound directory.
#
#   readme_from_clone.sh REPO
#
# REPO   the checkout to clone (its committed state is what a user would clone)
set -euo pipefail
repo=$(realpath "$1")
parent=$(mktemp -d /tmp/accelgen-clone-XXXXXX)
trap 'rm -rf "$parent"' EXIT
clone="$parent/accel gen"
git clone --quiet --no-hardlinks "$repo" "$clone"
cd "$clone"

CMAKE_BUILD_PARALLEL_LEVEL=2 scripts/demo.sh 2>&1 | tee "$parent/demo.log"
expect() {
  grep -qF -- "$1" "$parent/demo.log" || { echo "readme_from_clone: the demo did not print '$1'" >&2; exit 1; }
}
expect "mydevice available: True"
expect "(x + 1).cpu() = tensor([2., 2., 2.])"
expect "matches the CPU: True"
[ -x "$clone/build/generator/accelgen" ] || { echo "readme_from_clone: accelgen was not built in the clone" >&2; exit 1; }

bound="$parent/bound dir"
mkdir -p "$bound"
echo marker >"$bound/marker"
seen=$(scripts/torch-rootfs.sh run 2.14 --bind "$bound" -- bash -c 'pwd; cat "$1/marker"' check "$bound")
[ "$seen" = "$clone"$'\n'marker ] || { echo "readme_from_clone: inside the root filesystem: $seen" >&2; exit 1; }
echo "readme_from_clone: ok ($clone)"
