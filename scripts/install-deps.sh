#!/usr/bin/env bash
# Installs the Debian packages accelgen needs to build and test on the host (run as root; idempotent): everything
# scripts/test.sh runs outside the torch root filesystems, on a Debian bookworm (or later) image with nothing
# preinstalled. python3 (>= 3.11, for tomllib; standard library only) runs in unit tests (escape_test,
# python_package_test, torch_attributes_test with scripts/list-torch-attributes.py) and in end-to-end scripts on
# the host (tests/e2e/set_capabilities.py, set_native_operators.py, hostile_display_name_compiles.sh). The two
# Chromium tests install `chromium` themselves when it is missing (serialized by a ctest resource lock).
set -euo pipefail
packages=(
  g++ cmake ninja-build make pkg-config git python3
  libyaml-cpp-dev libcli11-dev libkainjow-mustache-dev libgit2-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev libclang-14-dev
  clang-14 libclang-rt-14-dev
  debootstrap util-linux
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
