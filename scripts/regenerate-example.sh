#!/usr/bin/env bash
# Regenerates generated_example/ (the committed output of `accelgen init mydevice`) and specs/mydevice.yaml.
# Run it after changing a template, then review `git diff generated_example/` like any code change.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${ACCELGEN_BUILD_DIR:-$repo/build}
cmake -S "$repo" -B "$build" -G Ninja >/dev/null
cmake --build "$build" --target accelgen >/dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$build/generator/accelgen" init mydevice --dir "$scratch" >/dev/null
rm -rf "$repo/generated_example"
mv "$scratch/mydevice" "$repo/generated_example"
cp "$repo/generated_example/accelgen.yaml" "$repo/specs/mydevice.yaml"
echo "generated_example/ regenerated; review it with: git -C $repo diff --stat generated_example/"
