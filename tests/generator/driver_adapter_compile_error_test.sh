#!/bin/sh
# The driver interface is an abstract class, so an adapter that does not match it fails to COMPILE, and the
# compiler's error points at the adapter and names the function (not a link error, nor an undefined symbol at
# import). Checked for both scaffolds (accelsim, custom) with the host compiler; the adapter needs no torch:
#   1. a function the interface gained (what a newer accelgen's driver.h does when a new torch needs one);
#   2. a function the adapter lost;
#   3. a signature that changed.
#   tests/generator/driver_adapter_compile_error_test.sh ACCELGEN_BINARY
set -eu
bin=$1
cxx=${CXX:-c++}
command -v "$cxx" >/dev/null || { echo "skipped: no C++ compiler"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

compile() { # prints the compiler's output; fails when the adapter compiles
  (cd "$1" && "$cxx" -std=c++20 -Wall -Wextra -Werror -fsyntax-only -I csrc -I third_party/accelsim/include \
    csrc/driver/driver.cc) 2>&1
}
expect_error() { # tree, function, what
  if out=$(compile "$1"); then fail "$3: the adapter still compiled"; fi
  echo "$out" | grep -q "csrc/driver/driver.cc:[0-9]*:[0-9]*: error" || fail "$3: no error located in the adapter: $out"
  echo "$out" | grep -q "$2" || fail "$3: the error does not name $2: $out"
  echo "ok: $3"
}

for runtime in accelsim custom; do
  "$bin" init dev --dir "$work/spec-$runtime" >/dev/null
  tree=$work/$runtime
  mkdir "$tree"
  sed "s/runtime: accelsim/runtime: $runtime/" "$work/spec-$runtime/dev/accelgen.yaml" >"$tree/accelgen.yaml"
  "$bin" generate "$tree" >/dev/null
  compile "$tree" >/dev/null || fail "$runtime: the scaffolded adapter does not compile: $(compile "$tree")"
  cp -r "$tree/csrc" "$work/pristine-csrc"

  # 1. The interface gains a function.
  sed -i 's|^  virtual Status device_synchronize() = 0;|&\n  virtual Status device_reset(int device) = 0;|' "$tree/csrc/driver/driver.h"
  grep -q device_reset "$tree/csrc/driver/driver.h" || fail "test setup: device_reset not added"
  expect_error "$tree" device_reset "$runtime: a function the interface gained"
  rm -rf "$tree/csrc" && cp -r "$work/pristine-csrc" "$tree/csrc"

  # 2. The adapter lacks a function.
  perl -0pi -e 's/\n  Status mem_get_info\(.*?\n  \}\n//s' "$tree/csrc/driver/driver.cc"
  grep -q "mem_get_info(" "$tree/csrc/driver/driver.cc" && fail "test setup: mem_get_info not removed"
  expect_error "$tree" mem_get_info "$runtime: a function the adapter lacks"
  rm -rf "$tree/csrc" && cp -r "$work/pristine-csrc" "$tree/csrc"

  # 3. A signature changes.
  sed -i 's|virtual Status stream_query(Stream stream) = 0;|virtual Status stream_query(Stream stream, bool* done) = 0;|' \
    "$tree/csrc/driver/driver.h"
  expect_error "$tree" stream_query "$runtime: a signature that changed"
  rm -rf "$work/pristine-csrc"
done
echo "driver adapter mismatches are compile errors in the adapter"
