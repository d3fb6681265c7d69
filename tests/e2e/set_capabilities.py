#!/usr/bin/env python3
"""Sets capabilities in a spec, for e2e tests of a tree with some of them off.

    set_capabilities.py SPEC NAME=true|false [NAME=true|false...]

Each NAME must already be written in the spec's capabilities section (the default spec writes them all).
"""
import re
import sys

path, settings = sys.argv[1], sys.argv[2:]
text = open(path, encoding="utf-8").read()
for setting in settings:
    name, _, value = setting.partition("=")
    if value not in ("true", "false"):
        sys.exit(f"set_capabilities: {setting}: expected NAME=true or NAME=false")
    text, count = re.subn(rf"^(  {re.escape(name)}: )(true|false)\b", rf"\g<1>{value}", text, count=1, flags=re.M)
    if count != 1:
        sys.exit(f"set_capabilities: no capabilities.{name} in {path}")
open(path, "w", encoding="utf-8").write(text)
