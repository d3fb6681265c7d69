#!/usr/bin/env python3
"""Prints the names a device name must not take because `torch.<name>` already exists (statically, without
importing torch): torch's public submodules, the names torch/__init__.py exports or defines, and the operator
functions of torch/_C/_VariableFunctions.pyi. Only names that are valid device names are printed (lowercase
identifiers). Usage: scripts/list-torch-attributes.py TORCH_PACKAGE_DIR... (e.g. the dist-packages/torch of
each supported root filesystem); the union is printed sorted, one per line, for generator/spec/torch_attributes.cc.
"""
import ast
import os
import re
import sys

VALID = re.compile(r"^[a-z][a-z0-9_]*$")


def names_of(torch_dir):
    names = set()
    for entry in os.listdir(torch_dir):
        path = os.path.join(torch_dir, entry)
        if os.path.isdir(path) and os.path.exists(os.path.join(path, "__init__.py")):
            names.add(entry)
        elif entry.endswith(".py"):
            names.add(entry[:-3])
    tree = ast.parse(open(os.path.join(torch_dir, "__init__.py"), encoding="utf-8").read())
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node in tree.body:
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names.add(target.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                names.add((alias.asname or alias.name).split(".")[0])
    pyi = os.path.join(torch_dir, "_C", "_VariableFunctions.pyi")
    if os.path.exists(pyi):
        names.update(re.findall(r"^def ([a-z][a-z0-9_]*)\(", open(pyi, encoding="utf-8").read(), re.M))
    return {n for n in names if VALID.match(n) and not n.endswith("_") and "__" not in n}


def main():
    names = set()
    for d in sys.argv[1:]:
        names |= names_of(d)
    for n in sorted(names):
        print(n)


if __name__ == "__main__":
    main()
