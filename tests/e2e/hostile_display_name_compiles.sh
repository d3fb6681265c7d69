#!/bin/sh
# A hostile display_name (quotes, backslashes, comment ends, trigraphs, shell and CMake syntax, non-ASCII, a trailing
# backslash) lands in the generated C++ as string literals and comments: the files that embed it must still be
# valid C++ against the real libtorch headers (in the C++ standard the generated CMakeLists.txt sets: torch 2.14's
# headers need C++20). Only those files are checked (g++ -fsyntax-only in the torch 2.14
# root filesystem), so this takes seconds, not a backend build.
#   hostile_display_name_compiles.sh ACCELGEN_BINARY WORK_DIR
set -eu
bin=$1 work=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
rootfs="$root/scripts/torch-rootfs.sh"
"$rootfs" ensure 2.14 >/dev/null
rm -rf "$work" && mkdir -p "$work"
"$bin" init mydevice --torch 2.14 --dir "$work" >/dev/null
tree="$work/mydevice"
# YAML single-quoted: a quote is written twice.
name='My "Device" */ /* ??= ??/ $(id) `id` ${HOME} """ '"''"' # 设备 🚀 \'
python3 - "$tree/accelgen.yaml" "$name" <<'PY'
import re, sys
path, name = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
quoted = "'" + name.replace("'", "''") + "'"
text, n = re.subn(r"^(\s*display_name:).*$", lambda m: m.group(1) + " " + quoted, text, count=1, flags=re.M)
assert n == 1, "no display_name line in the spec"
open(path, "w", encoding="utf-8").write(text)
PY
"$bin" generate "$tree" >/dev/null
# The .cc files that embed it (as a string literal or a comment), or include a header that does.
files=$(cd "$tree" && { grep -rlF -e 'My \"Device\"' -e 'My "Device"' csrc; \
        grep -rlE '#include "runtime_config.h"' csrc; } | grep '\.cc$' | sort -u) || true
if [ -z "$files" ]; then echo "no generated .cc file embeds the display name" >&2; exit 1; fi
echo "checking: $files"
std=$(sed -n 's/^set(CMAKE_CXX_STANDARD \([0-9]*\))$/\1/p' "$tree/CMakeLists.txt")
py=$(ls "$("$rootfs" path 2.14)/usr/include" | grep -m1 '^python3')
"$rootfs" run 2.14 --bind "$tree" -- sh -c "cd '$tree' && for f in $(echo $files); do \
  echo \"g++ -fsyntax-only \$f\"; \
  g++ -fsyntax-only -std=c++$std -Wall -Wextra -Werror -Wno-unused-parameter -Icsrc -Ithird_party/accelsim/include \
      -I/usr/include/torch/csrc/api/include -I/usr/include/$py \$f || exit 1; done"
echo "every file embedding the hostile display name compiles"
