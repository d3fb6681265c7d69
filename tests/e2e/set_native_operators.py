#!/usr/bin/env python3
"""Sets a spec's operators.native list, for e2e tests that need a smaller backend than the default spec's.

    set_native_operators.py SPEC [OPERATOR...]

With no operator the list becomes `native: []` (every operator through the CPU fallback). The default spec writes
the list over several lines; a one-line list is replaced too.
"""
import re
import sys

path, operators = sys.argv[1], sys.argv[2:]
text = open(path, encoding="utf-8").read()
text, count = re.subn(r"^(\s*)native: \[[^\]]*\]\n", lambda m: f"{m.group(1)}native: [{', '.join(operators)}]\n",
                      text, count=1, flags=re.M)
if count != 1:
    sys.exit(f"set_native_operators: no operators.native list in {path}")
open(path, "w", encoding="utf-8").write(text)
