#!/usr/bin/env python3
"""Turns a copy of torch 2.14's headers into a synthetic "next release" (2.15.0) with one kind of contract change,
for the tests of a torch newer than accelgen's knowledge base (tests/e2e/torch_beyond_knowledge.sh).

    next_torch_release.py CHANGE TORCH_ROOT

TORCH_ROOT holds include/ (a Debian-style prefix, or a pip wheel's site-packages/torch) and may hold
lib/cmake/Torch/TorchConfigVersion.cmake, share/cmake/Torch/TorchConfigVersion.cmake and version.py: every version
there becomes 2.15.0. CHANGE is one of:

    none                 the contract is unchanged
    hooks-pure-virtual   PrivateUse1HooksInterface gains a pure virtual, isNextReleaseReady() const
    guard-signature      DeviceGuardImplInterface::getStream takes (Device, bool) (its NoOp override follows)
    removed-header       <torch/csrc/profiler/standalone/privateuse1_observer.h> is gone
    macro-arity          C10_REGISTER_GUARD_IMPL takes a third parameter, Priority
    schema-removed       the operator add.Tensor is gone (at::_ops::add_Tensor, in ATen/ops/add_ops.h)
"""
import pathlib
import re
import sys

CHANGES = ("none", "hooks-pure-virtual", "guard-signature", "removed-header", "macro-arity", "schema-removed")


def replace(path, old, new, count=1):
    text = path.read_text()
    if text.count(old) < count:
        sys.exit(f"next_torch_release.py: {path} does not hold {old!r} {count} time(s)")
    path.write_text(text.replace(old, new))


def raise_version(root):
    include = root / "include"
    replace(include / "torch/headeronly/version.h", "#define TORCH_VERSION_MINOR 14", "#define TORCH_VERSION_MINOR 15")
    text = (include / "torch/headeronly/version.h").read_text()
    text = re.sub(r"#define TORCH_VERSION_PATCH \d+", "#define TORCH_VERSION_PATCH 0", text)
    text = re.sub(r'"2\.14\.\d+"', '"2.15.0"', text)
    (include / "torch/headeronly/version.h").write_text(text)
    for cmake in list(root.glob("lib/cmake/Torch/TorchConfigVersion.cmake")) + \
            list(root.glob("lib/*/cmake/Torch/TorchConfigVersion.cmake")) + \
            list(root.glob("share/cmake/Torch/TorchConfigVersion.cmake")):
        cmake.write_text(re.sub(r'set\(PACKAGE_VERSION "2\.14\.\d+"\)', 'set(PACKAGE_VERSION "2.15.0")', cmake.read_text()))
    version_py = root / "version.py"
    if version_py.exists():
        version_py.write_text(re.sub(r"__version__ = '2\.14\.[^']*'", "__version__ = '2.15.0'", version_py.read_text()))


def apply(change, include):
    if change == "hooks-pure-virtual":
        replace(include / "ATen/detail/PrivateUse1HooksInterface.h", "  ~PrivateUse1HooksInterface() override = default;\n",
                "  ~PrivateUse1HooksInterface() override = default;\n\n"
                "  virtual bool isNextReleaseReady() const = 0;\n")
    elif change == "guard-signature":
        header = include / "c10/core/impl/DeviceGuardImplInterface.h"
        replace(header, "virtual Stream getStream(Device) const = 0;", "virtual Stream getStream(Device, bool) const = 0;")
        replace(header, "Stream getStream(Device /*unused*/) const noexcept override {",
                "Stream getStream(Device /*unused*/, bool /*unused*/) const noexcept override {")
        replace(include / "c10/core/impl/VirtualGuardImpl.h",
                "Stream getStream(Device d) const override {\n    return impl_->getStream(d);",
                "Stream getStream(Device d, bool b) const override {\n    return impl_->getStream(d, b);")
    elif change == "removed-header":
        (include / "torch/csrc/profiler/standalone/privateuse1_observer.h").unlink()
    elif change == "schema-removed":
        header = include / "ATen/ops/add_ops.h"
        text = header.read_text()
        start = text.find("struct TORCH_API add_Tensor {")
        end = text.find("};\n", start)
        if start < 0 or end < 0:
            sys.exit(f"next_torch_release.py: {header} does not declare add_Tensor")
        header.write_text(text[:start] + text[end + 3:])
    elif change == "macro-arity":
        replace(include / "c10/core/impl/DeviceGuardImplInterface.h", "#define C10_REGISTER_GUARD_IMPL(DevType, DeviceGuardImpl)",
                "#define C10_REGISTER_GUARD_IMPL(DevType, DeviceGuardImpl, Priority)")


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in CHANGES:
        sys.exit(__doc__)
    root = pathlib.Path(sys.argv[2])
    raise_version(root)
    apply(sys.argv[1], root / "include")


if __name__ == "__main__":
    main()
