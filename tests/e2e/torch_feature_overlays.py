#!/usr/bin/env python3
"""Driver and data of tests/e2e/torch_feature_probes.sh: every C++ torch feature probe of a generated backend, both
ways, on real torch headers and on synthetic header trees, with the backend code of each path compiled.

Runs inside a torch root filesystem (scripts/torch-rootfs.sh run VERSION), as root: the torch headers are the
real ones in /usr/include. Standard library only.

  torch_feature_overlays.py phase --tree TREE --work WORK --version 2.14 --direction remove [vary] [--jobs N]
      1. configures TREE as a user would (all probes run) and records every probe from <build>/generated/
         torch_features.h;
      2. for each probed feature with a recipe in that direction, builds an overlay (modified copies of the torch
         headers the recipe touches, put first on the include path with -DCMAKE_CXX_FLAGS=-I<overlay>, and header
         files hidden by bind-mounting a copy of their directory without them, in a private mount namespace),
         configures a build folder against it and compiles the translation units that use the feature's macro
         (object files only, -O0, no unity build, no precompiled header);
      writes WORK/results-VERSION.json. "remove" takes a feature away from a torch that has it (2.14), "add" gives
      one to a torch that lacks it (2.6; only where that is a small edit), "vary" keeps the feature but changes the
      signature of a declaration the guarded code uses (2.14): the probe must notice and say 0, as for "remove",
      since the guarded code would not compile.
  torch_feature_overlays.py report --work WORK
      prints the summary table from the results and exits 1, with the compiler and probe output, when anything is
      off.

A probe is re-run only when it reads a header that the overlay changes or hides (its header dependencies are taken
with `c++ -M` from the unmodified tree); every other probe cannot change and is pre-seeded with its unmodified
value to save time (--reprobe-all re-runs every probe for every overlay instead). The translation units are compiled
without the backend's precompiled header (<ATen/ATen.h>, <torch/library.h>; 30 s per build folder): each sees only
what it includes, which is stricter; --pch compiles them as the backend's own build does.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time

INCLUDE = "/usr/include"
TORCH_TOP_DIRS = ("ATen", "c10", "torch")


# --------------------------------------------------------------------------------------------- recipe operations
# Every operation must match what it edits (a recipe that no longer applies to a newer torch fails loudly instead of
# silently testing nothing). Paths are relative to /usr/include.

class Rename:
    """Renames an identifier (whole word) in every torch header that mentions it (except `exclude`): a virtual
    method renamed consistently in the interface, its overrides and its callers is a method no backend can
    override, exactly as if it were not there."""

    def __init__(self, word, exclude=()):
        self.word, self.exclude = word, tuple(exclude)

    def describe(self):
        return f"rename {self.word} -> {self.word}_absent in every torch header" + (
            f" except {', '.join(self.exclude)}" if self.exclude else "")

    def apply(self, tree):
        paths = tree.grep_word(self.word)
        paths = [p for p in paths if p not in self.exclude]
        if not paths:
            raise RecipeError(f"no torch header mentions {self.word}")
        for path in paths:
            text, n = re.subn(rf"\b{re.escape(self.word)}\b", self.word + "_absent", tree.read(path))
            if n == 0:  # grep -w and \b disagree only on exotic characters
                raise RecipeError(f"{path}: {self.word} not found as a word")
            tree.write(path, text)


class SubstituteEverywhere:
    """Substitutes a regular expression (MULTILINE) in every torch header that mentions `word`: one declaration
    changed consistently in an interface and in each class that overrides it, so that torch itself still compiles.
    It must match at least once."""

    def __init__(self, word, pattern, repl):
        self.word, self.pattern, self.repl = word, pattern, repl

    def describe(self):
        return f"substitute /{self.pattern}/ in every torch header that mentions {self.word}"

    def apply(self, tree):
        total = 0
        for path in tree.grep_word(self.word):
            text, n = re.subn(self.pattern, self.repl, tree.read(path), flags=re.M)
            if n:
                tree.write(path, text)
                total += n
        if total == 0:
            raise RecipeError(f"/{self.pattern}/ matches in no torch header that mentions {self.word}")


class Replace:
    """Replaces literal text, which must occur exactly `count` times."""

    def __init__(self, path, old, new, count=1):
        self.path, self.old, self.new, self.count = path, old, new, count

    def describe(self):
        return f"edit {self.path}"

    def apply(self, tree):
        text = tree.read(self.path)
        found = text.count(self.old)
        if found != self.count:
            raise RecipeError(f"{self.path}: expected {self.count} occurrence(s) of {self.old!r}, found {found}")
        tree.write(self.path, text.replace(self.old, self.new))


class Regex:
    """Substitutes a regular expression (DOTALL | MULTILINE), which must match exactly `count` times."""

    def __init__(self, path, pattern, repl, count=1):
        self.path, self.pattern, self.repl, self.count = path, pattern, repl, count

    def describe(self):
        return f"edit {self.path}"

    def apply(self, tree):
        text, n = re.subn(self.pattern, self.repl, tree.read(self.path), flags=re.S | re.M)
        if n != self.count:
            raise RecipeError(f"{self.path}: expected {self.count} match(es) of /{self.pattern}/, found {n}")
        tree.write(self.path, text)


class DropMacro:
    """Deletes a #define (with its continuation lines)."""

    def __init__(self, path, name):
        self.path, self.name = path, name

    def describe(self):
        return f"drop #define {self.name} from {self.path}"

    def apply(self, tree):
        Regex(self.path, rf"^#define {re.escape(self.name)}\b(?:[^\n]*\\\n)*[^\n]*\n", "").apply(tree)


class InlineInclude:
    """Replaces `#include <header>` in `path` by the header's own text (a header split off later, put back)."""

    def __init__(self, path, header):
        self.path, self.header = path, header

    def describe(self):
        return f"inline {self.header} into {self.path}"

    def apply(self, tree):
        body = tree.read(self.header).replace("#pragma once\n", "", 1)
        Replace(self.path, f"#include <{self.header}>\n", body + "\n").apply(tree)


class Hide:
    """Makes a header absent (for #include and __has_include alike): its directory is replaced, in the job's private
    mount namespace only, by a copy without it."""

    def __init__(self, path):
        self.path = path

    def describe(self):
        return f"hide {self.path}"

    def apply(self, tree):
        if not os.path.isfile(os.path.join(INCLUDE, self.path)):
            raise RecipeError(f"{self.path}: no such torch header to hide")
        tree.hidden.add(self.path)


class RecipeError(Exception):
    pass


# -------------------------------------------------------------------------------------------------------- recipes
# For each probed feature: how to take it away from the 2.14 headers ("remove", minimal, each step commented with
# what torch 2.6 looked like), optionally how to give it to the 2.6 headers ("add", only where that is a small edit),
# and `implies`: features whose probe necessarily goes with it (expected to flip as well).

PATH_NAMES = {"remove": "removal", "add": "addition", "vary": "changed-signature"}

RECIPES = {
    "accelerator_allocator_config": {
        # 2.6: no c10/core/AllocatorConfig.h; the class renamed in every header that names it (CachingHostAllocator.h
        # and the CUDA/XPU allocator configs) takes it away without breaking them.
        "remove": [Rename("AcceleratorAllocatorConfig")],
        # Present but different: the option keys become string views; the generated options iterate them as
        # std::string (nothing in torch's headers iterates them).
        "vary": [Replace("c10/core/AllocatorConfig.h",
                         "  static const std::unordered_set<std::string>& getKeys();\n",
                         "  static std::vector<std::string_view> getKeys();\n")],
    },
    "backend_meta_registry_exported": {
        # 2.6: no pickler_helper.h; the backend-meta tables (TensorBackendMetaRegistry, GetBackendMetaSerialization,
        # getTensorMetadata, ...) were declared in pickler.h itself, which unpickler.h included.
        "remove": [
            Hide("torch/csrc/jit/serialization/pickler_helper.h"),
            InlineInclude("torch/csrc/jit/serialization/pickler.h", "torch/csrc/jit/serialization/pickler_helper.h"),
            Replace("torch/csrc/jit/serialization/unpickler.h",
                    "#include <torch/csrc/jit/serialization/pickler_helper.h>",
                    "#include <torch/csrc/jit/serialization/pickler.h>"),
        ],
        # Present but different: the header exists, but the allowlist is again defined inline with its function
        # static (as 2.6 defined it in pickler.h), which a module built with hidden visibility would copy.
        "vary": [Replace("torch/csrc/jit/serialization/pickler_helper.h",
                         "TORCH_API std::unordered_set<c10::DeviceType>& GetBackendMetaAllowlist();\n",
                         "inline std::unordered_set<c10::DeviceType>& GetBackendMetaAllowlist() {\n"
                         "  static std::unordered_set<c10::DeviceType> DeviceTypeAllowlist{\n"
                         "      c10::DeviceType::PrivateUse1};\n"
                         "  return DeviceTypeAllowlist;\n"
                         "}\n")],
    },
    "c10d_backend_split": {
        # 2.6: c10d::Backend had supportsSplitting() but neither split() nor getBackendOptions(); the latter renamed in
        # every header that declares or overrides it (Gloo, NCCL, the wrapper, the fake and lazy backends, the RPC
        # agent) takes it away without breaking them.
        "remove": [Rename("getBackendOptions")],
        # Present but different: split() takes the subgroup's ranks as int64_t, in the interface and in every backend
        # that overrides it; the generated split() no longer overrides anything.
        "vary": [SubstituteEverywhere(
            "getBackendOptions",  # mentioned by each backend that overrides split(), and by few other headers
            r"(> split\(\s*const c10::intrusive_ptr<Store>& (?:/\* store \*/|store),\s*)const std::vector<int>& ranks,",
            r"\1const std::vector<int64_t>& ranks,")],
    },
    "device_allocator": {
        # 2.6: no c10::DeviceAllocator (CachingDeviceAllocator.h had only the stats types); every header that names
        # the class (the CUDA/XPU/MPS allocators, DeviceAccelerator.h, CachingHostAllocator.h) renamed with it.
        "remove": [Rename("DeviceAllocator")],
        # Present but different: resetPeakStats gains a parameter (defaulted, in the interface and in every
        # allocator that overrides it); the generated allocator's override no longer overrides anything.
        "vary": [SubstituteEverywhere("resetPeakStats", r"(\bresetPeakStats\((?:c10::)?DeviceIndex(?: \w+)?)\)",
                                      r"\1, bool include_host = false)")],
    },
    "graph_impl": {
        # 2.6: no ATen/core/GraphImplInterface.h and no ATen/accelerator/ (Graph.h includes the former), so
        # DeviceAccelerator.h does not include ATen/accelerator/Graph.h.
        "remove": [
            Hide("ATen/core/GraphImplInterface.h"),
            Hide("ATen/accelerator/Graph.h"),
            Replace("ATen/DeviceAccelerator.h", "#include <ATen/accelerator/Graph.h>\n", ""),
        ],
        # Present but different: capture_end gains a parameter (defaulted, so torch's own callers still compile);
        # the generated graph's capture_end() override no longer overrides anything.
        "vary": [
            Replace("ATen/core/GraphImplInterface.h", "  virtual void capture_end() = 0;\n",
                    "  virtual void capture_end(bool wait = true) = 0;\n"),
        ],
    },
    "guard_device_capability": {
        # 2.6: DeviceGuardImplInterface had no getDeviceCapability(Device) (nor its overrides in VirtualGuardImpl and
        # the CUDA/XPU/MPS guards, nor at::accelerator::getDeviceCapability). MTIAHooksInterface's method of the same
        # name is a different (hooks) one and stays.
        "remove": [Rename("getDeviceCapability", exclude=["ATen/detail/MTIAHooksInterface.h"])],
        # Present but different: the union member the generated guard clears (capability_bits) renamed in every
        # header that names it; the override's signature is unchanged, so only the exact contract sees it.
        "vary": [Rename("capability_bits")],
    },
    "guard_stream_is_capturing": {
        # 2.6: no DeviceGuardImplInterface::isStreamCapturing(const Stream&) (nor its overrides).
        "remove": [Rename("isStreamCapturing")],
        # Present but different: a second (defaulted) parameter in the interface and every override.
        "vary": [SubstituteEverywhere("isStreamCapturing", r"(\bisStreamCapturing\(const Stream&[^)]*)\) const",
                                      r"\1, bool global = false) const")],
        "add": [Replace("c10/core/impl/DeviceGuardImplInterface.h",
                        "  virtual bool queryStream(const Stream& /*stream*/) const {",
                        "  virtual bool isStreamCapturing(const Stream& /*stream*/) const {\n"
                        "    return false;\n"
                        "  }\n\n"
                        "  virtual bool queryStream(const Stream& /*stream*/) const {")],
    },
    "guard_stream_native_handle": {
        # 2.6: no DeviceGuardImplInterface::getStreamNativeHandle(Stream) (nor its overrides).
        "remove": [Rename("getStreamNativeHandle")],
        # Present but different: the stream taken by reference instead of by value, in the interface and every
        # override.
        "vary": [SubstituteEverywhere("getStreamNativeHandle", r"\bgetStreamNativeHandle\(const Stream( \w+)?\) const",
                                      r"getStreamNativeHandle(const Stream&\1) const")],
        "add": [Replace("c10/core/impl/DeviceGuardImplInterface.h",
                        "  virtual bool queryStream(const Stream& /*stream*/) const {",
                        "  virtual void* getStreamNativeHandle(const Stream) const {\n"
                        "    TORCH_CHECK(false, \"Backend doesn't support getStreamNativeHandle()\");\n"
                        "    return nullptr;\n"
                        "  }\n\n"
                        "  virtual bool queryStream(const Stream& /*stream*/) const {")],
    },
    "hooks_is_available": {
        # 2.6: AcceleratorHooksInterface had no isBuilt()/isAvailable() (so PrivateUse1HooksInterface did not
        # override them, nor did the MTIA/XPU/CUDA/MPS hooks).
        "remove": [Rename("isBuilt"), Rename("isAvailable")],
        # Present but different: isAvailable gains a (defaulted) parameter in every hooks interface and override.
        "vary": [SubstituteEverywhere("isAvailable", r"\bisAvailable\(\) const\b",
                                      "isAvailable(bool lazy_init = false) const")],
        "add": [Replace("ATen/detail/AcceleratorHooksInterface.h",
                        "  virtual ~AcceleratorHooksInterface() = default;\n",
                        "  virtual ~AcceleratorHooksInterface() = default;\n\n"
                        "  virtual bool isBuilt() const {\n    return false;\n  }\n\n"
                        "  virtual bool isAvailable() const {\n    return false;\n  }\n")],
    },
    "hooks_new_generator": {
        # 2.6: PrivateUse1HooksInterface did not declare getNewGenerator (it inherited the accelerator hooks' one,
        # which throws, and torch.Generator used the REGISTER_GENERATOR_PRIVATEUSE1 registry).
        "remove": [Regex("ATen/detail/PrivateUse1HooksInterface.h",
                         r"^  Generator getNewGenerator\(\n.*?\n  \}\n\n", "")],
        # Present but different: the PrivateUse1 hooks' own getNewGenerator takes a second parameter (no longer an
        # override of the accelerator hooks' one).
        "vary": [Replace("ATen/detail/PrivateUse1HooksInterface.h",
                         "      [[maybe_unused]] DeviceIndex device_index = -1) const override {\n",
                         "      [[maybe_unused]] DeviceIndex device_index = -1,\n"
                         "      [[maybe_unused]] bool deterministic = false) const {\n")],
        "add": [Replace("ATen/detail/PrivateUse1HooksInterface.h",
                        "  at::Device getDeviceFromPtr(void* data) const override {",
                        "  Generator getNewGenerator(DeviceIndex device_index = -1) const override {\n"
                        "    TORCH_CHECK_NOT_IMPLEMENTED(false, \"getNewGenerator\");\n"
                        "  }\n\n"
                        "  at::Device getDeviceFromPtr(void* data) const override {")],
    },
    "host_allocator_registry": {
        # 2.6: no host allocator registry: setHostAllocator/getHostAllocator, HostAllocatorRegistry and
        # REGISTER_HOST_ALLOCATOR (renamed in the CUDA/XPU pinned-allocator headers that use them too). The rest of
        # CachingHostAllocator.h (the two-argument interface, DECLARE_HOST_ALLOCATOR) stays. (2.11.0 has the
        # registry: knowledge/torch-changes.yaml, host-allocator-registry.)
        "remove": [Rename("REGISTER_HOST_ALLOCATOR"), Rename("HostAllocatorRegistry"),
                   Rename("setHostAllocator"), Rename("getHostAllocator")],
        # Present but different: query_event gains a parameter (defaulted, so the implementation's own callers still
        # compile); the generated pinned allocator's query_event(HostEvent&) override no longer overrides anything.
        "vary": [
            Replace("ATen/core/CachingHostAllocator.h", "  virtual bool query_event(E& event) {\n",
                    "  virtual bool query_event(E& event, bool blocking = false) {\n"),
        ],
    },
    "privateuse1_kineto_profiler": {
        # 2.6: no torch/csrc/profiler/standalone/privateuse1_profiler.h (nothing else includes it).
        "remove": [Hide("torch/csrc/profiler/standalone/privateuse1_profiler.h")],
        # Present but different: the registration macro takes a second argument (with Kineto's headers in the
        # root filesystem, the probe compiles the registration).
        "vary": [Replace("torch/csrc/profiler/standalone/privateuse1_profiler.h",
                         "#define REGISTER_PRIVATEUSE1_PROFILER(ProfilerClass) ",
                         "#define REGISTER_PRIVATEUSE1_PROFILER(ProfilerClass, name)")],
    },
    "profiler_observer_single_arg": {
        # 2.6: REGISTER_PRIVATEUSE1_OBSERVER(name, fn) registered fn in the stub `name` (a two-argument
        # RegisterPRIVATEUSE1Observer constructor).
        "remove": [
            Replace("torch/csrc/profiler/standalone/privateuse1_observer.h",
                    "  RegisterPRIVATEUSE1Observer(CallBackFnPtr cb) {\n"
                    "    pushPRIVATEUSE1CallbacksStub.set_privateuse1_dispatch_ptr(cb);\n",
                    "  RegisterPRIVATEUSE1Observer(\n"
                    "      PushPRIVATEUSE1CallbacksStub& stub,\n"
                    "      CallBackFnPtr value) {\n"
                    "    stub.set_privateuse1_dispatch_ptr(value);\n"),
            Replace("torch/csrc/profiler/standalone/privateuse1_observer.h",
                    "#define REGISTER_PRIVATEUSE1_OBSERVER(cb) \\\n"
                    "  static RegisterPRIVATEUSE1Observer privateuse1_callbacks_stub_register(cb);\n",
                    "#define REGISTER_PRIVATEUSE1_OBSERVER(name, fn) \\\n"
                    "  static RegisterPRIVATEUSE1Observer name##__register(name, fn);\n"),
        ],
        # Present but different: the macro takes a registration name before the callback (the constructor keeps
        # the callback only); the one-argument use no longer compiles.
        "vary": [Replace("torch/csrc/profiler/standalone/privateuse1_observer.h",
                         "#define REGISTER_PRIVATEUSE1_OBSERVER(cb) \\\n"
                         "  static RegisterPRIVATEUSE1Observer privateuse1_callbacks_stub_register(cb);\n",
                         "#define REGISTER_PRIVATEUSE1_OBSERVER(name, cb) \\\n"
                         "  static RegisterPRIVATEUSE1Observer name##__register(cb);\n")],
        "add": [
            Replace("torch/csrc/profiler/standalone/privateuse1_observer.h",
                    "  RegisterPRIVATEUSE1Observer(\n"
                    "      PushPRIVATEUSE1CallbacksStub& stub,\n"
                    "      CallBackFnPtr value) {\n"
                    "    stub.set_privateuse1_dispatch_ptr(value);\n",
                    "  RegisterPRIVATEUSE1Observer(CallBackFnPtr cb) {\n"
                    "    pushPRIVATEUSE1CallbacksStub.set_privateuse1_dispatch_ptr(cb);\n"),
            Replace("torch/csrc/profiler/standalone/privateuse1_observer.h",
                    "#define REGISTER_PRIVATEUSE1_OBSERVER(name, fn) \\\n"
                    "  static RegisterPRIVATEUSE1Observer name##__register(name, fn);\n",
                    "#define REGISTER_PRIVATEUSE1_OBSERVER(cb) \\\n"
                    "  static RegisterPRIVATEUSE1Observer privateuse1_callbacks_stub_register(cb);\n"),
        ],
    },
    "torch_fork_handler": {
        # 2.6: device_lazy_init.h had no fork poisoning for devices (is_device_in_bad_fork, set_device_in_bad_fork,
        # register_fork_handler_for_device_init, maybe_register_fork_handler_for_device_init).
        "remove": [Regex("torch/csrc/utils/device_lazy_init.h",
                         r"^TORCH_PYTHON_API bool is_device_in_bad_fork\(.*?"
                         r"^  register_fork_handler_for_device_init\(device_type\.value\(\)\);\n\}\n\n", "")],
        "add": [Replace("torch/csrc/utils/device_lazy_init.h",
                        "bool is_device_initialized(at::DeviceType device_type);\n",
                        "bool is_device_initialized(at::DeviceType device_type);\n\n"
                        "bool is_device_in_bad_fork(at::DeviceType device_type);\n\n"
                        "void set_device_in_bad_fork(at::DeviceType device_type, bool value);\n\n"
                        "void register_fork_handler_for_device_init(at::DeviceType device_type);\n")],
        # Present but different: is_device_in_bad_fork takes a device type index instead of the enum class (no
        # implicit conversion from c10::DeviceType).
        "vary": [Replace("torch/csrc/utils/device_lazy_init.h",
                         "TORCH_PYTHON_API bool is_device_in_bad_fork(at::DeviceType device_type);\n",
                         "TORCH_PYTHON_API bool is_device_in_bad_fork(int device_type_index);\n")],
    },
}


class HeaderTree:
    """The real torch headers plus the recipe's modified copies (written to OVERLAY/include) and hidden files."""

    def __init__(self):
        self.modified = {}
        self.hidden = set()

    def read(self, path):
        if path not in self.modified:
            with open(os.path.join(INCLUDE, path), encoding="utf-8") as f:
                self.modified[path] = f.read()
        return self.modified[path]

    def write(self, path, text):
        self.modified[path] = text

    def grep_word(self, word):
        out = subprocess.run(["grep", "-rlwF", "--include=*.h", "--include=*.hpp", "--include=*.cuh", "--", word,
                              *TORCH_TOP_DIRS], cwd=INCLUDE, capture_output=True, text=True)
        if out.returncode not in (0, 1):
            raise RecipeError(out.stderr)
        return sorted(out.stdout.split())


def build_overlay(feature, direction, dest):
    """Applies the recipe; returns {"files": [...], "hidden": [...], "mounts": [[src, dst]...], "steps": [...]}."""
    steps = RECIPES[feature][direction]
    tree = HeaderTree()
    for step in steps:
        step.apply(tree)
    shutil.rmtree(dest, ignore_errors=True)
    inc = os.path.join(dest, "include")
    for path, text in tree.modified.items():
        if path.startswith("torch/csrc/api/include/"):
            raise RecipeError(f"{path}: headers of the C++ API include directory are not supported in overlays")
        with open(os.path.join(INCLUDE, path), encoding="utf-8") as f:
            if f.read() == text:
                continue  # read but not changed
        target = os.path.join(inc, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
    files = sorted(p for p in tree.modified if os.path.exists(os.path.join(inc, p)))
    if set(files) & tree.hidden:
        raise RecipeError(f"both modified and hidden: {sorted(set(files) & tree.hidden)}")
    mounts = []
    for directory in sorted({os.path.dirname(p) for p in tree.hidden}, key=lambda d: (d.count("/"), d)):
        copy = os.path.join(dest, "hide", directory)
        shutil.copytree(os.path.join(INCLUDE, directory), copy, symlinks=True)
        for p in tree.hidden:
            if os.path.dirname(p) == directory:
                os.remove(os.path.join(dest, "hide", p))
        mounts.append([copy, os.path.join(INCLUDE, directory)])
    os.makedirs(inc, exist_ok=True)
    return {"files": files, "hidden": sorted(tree.hidden), "mounts": mounts,
            "steps": [s.describe() for s in steps]}


# ------------------------------------------------------------------------------------------------- generated tree

PROBE_RE = re.compile(r"^backend_probe_torch_feature\((\w+) (\w+) \[=\[\n(.*?)\n?\]=\]\)", re.M | re.S)


def read_probes(tree):
    """[(feature, macro, source)] of the tree's cmake/torch_features.cmake."""
    with open(os.path.join(tree, "cmake", "torch_features.cmake"), encoding="utf-8") as f:
        probes = PROBE_RE.findall(f.read())
    if not probes:
        sys.exit(f"no C++ probe in {tree}/cmake/torch_features.cmake")
    return probes


def read_features_header(build):
    path = os.path.join(build, "generated", "torch_features.h")
    with open(path, encoding="utf-8") as f:
        return {m: int(v) for m, v in re.findall(r"^#define (\w+_TORCH_HAS_\w+) ([01])$", f.read(), re.M)}


def cxx_standard(tree):
    with open(os.path.join(tree, "CMakeLists.txt"), encoding="utf-8") as f:
        m = re.search(r"^set\(CMAKE_CXX_STANDARD (\d+)\)", f.read(), re.M)
    return m.group(1) if m else "17"


def translation_units(tree, macros):
    """The .cc files (relative to the tree) whose code depends on any of `macros`: those that name one, and those
    that include (directly or through other headers of csrc/) a header that names one."""
    texts = {}
    for root, _, names in os.walk(os.path.join(tree, "csrc")):
        for name in names:
            if name.endswith((".cc", ".h")):
                path = os.path.relpath(os.path.join(root, name), tree)
                with open(os.path.join(tree, path), encoding="utf-8", errors="replace") as f:
                    texts[path] = f.read()

    def includes(path):  # "x.h" is looked up next to the file, then in csrc/ (the backend's include directory)
        for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', texts[path], re.M):
            for candidate in (os.path.join(os.path.dirname(path), name), os.path.join("csrc", name)):
                candidate = os.path.normpath(candidate)
                if candidate in texts:
                    yield candidate
                    break

    using = {p for p, t in texts.items() if any(re.search(rf"\b{m}\b", t) for m in macros)}
    while True:
        more = {p for p in texts if p not in using and any(i in using for i in includes(p))}
        if not more:
            break
        using |= more
    return sorted(p for p in using if p.endswith(".cc"))


def run(cmd, log):
    with open(log, "a", encoding="utf-8") as out:
        out.write("$ " + " ".join(cmd) + "\n")
        out.flush()
        return subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT).returncode


def configure(tree, build, log, extra):
    shutil.rmtree(build, ignore_errors=True)
    return run(["cmake", "-S", tree, "-B", build, "-G", "Ninja", "-DPython3_EXECUTABLE=/usr/bin/python3", *extra], log)


def probe_log_values(log):
    with open(log, encoding="utf-8", errors="replace") as f:
        return {f: int(v) for f, v in re.findall(r"^-- torch feature (\w+): ([01])$", f.read(), re.M)}


# ------------------------------------------------------------------------------------------------------- phase

def real_configure(tree, work, version, probes):
    build = os.path.join(work, f"real-{version}")
    log = build + ".log"
    open(log, "w").close()
    if configure(tree, build, log, []) != 0:
        return {"error": f"configuring the unmodified torch {version} failed (see {log})", "log": log}
    values = read_features_header(build)
    logged = probe_log_values(log)
    result = {"values": {}, "log": log, "build": build}
    for feature, macro, _ in probes:
        if macro not in values:
            return {"error": f"{macro} is missing from {build}/generated/torch_features.h", "log": log}
        if logged.get(feature) != values[macro]:
            return {"error": f"the configure log says {feature}: {logged.get(feature)}, torch_features.h says "
                             f"{values[macro]}", "log": log}
        result["values"][feature] = values[macro]
    return result


def probe_dependencies(tree, work, probes, jobs):
    """{feature: the headers (relative to /usr/include) the probe reads from the unmodified tree, as try_compile
    compiles it; None where it does not preprocess}."""
    std = cxx_standard(tree)
    srcdir = os.path.join(work, "probe-sources")
    os.makedirs(srcdir, exist_ok=True)

    def deps(probe):
        feature, macro, source = probe
        src = os.path.join(srcdir, feature + ".cc")
        with open(src, "w", encoding="utf-8") as f:
            f.write(source + "\n")
        out = subprocess.run(["c++", f"-std=c++{std}", f"-D{macro}", "-M", "-I/usr/include/torch/csrc/api/include",
                              src], capture_output=True, text=True)
        files = set()
        if out.returncode == 0:
            for token in out.stdout.replace("\\\n", " ").split()[1:]:
                path = os.path.normpath(token)
                if path.startswith(INCLUDE + "/"):
                    files.add(os.path.relpath(path, INCLUDE))
        # A probe that does not preprocess here (a header missing from this torch) has no usable dependency list:
        # it is always re-run.
        return feature, (sorted(files) if out.returncode == 0 else None)

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        return dict(pool.map(deps, probes))


def affected_probes(probes, deps, overlay):
    """Probes whose inputs the overlay may change: they read a modified or hidden header, or mention a hidden one
    (in their source or in a header they read: __has_include leaves no dependency)."""
    touched = set(overlay["files"]) | set(overlay["hidden"])
    result = set()
    for feature, _, source in probes:
        files = deps.get(feature)
        if files is None or touched & set(files):
            result.add(feature)
            continue
        for hidden in overlay["hidden"]:
            if hidden in source or any(hidden in read_text(os.path.join(INCLUDE, p)) for p in files):
                result.add(feature)
                break
    return result


_texts = {}


def read_text(path):
    if path not in _texts:
        with open(path, encoding="utf-8", errors="replace") as f:
            _texts[path] = f.read()
    return _texts[path]


def job(args):
    """One overlay: runs `_job` in a private mount namespace (the hidden headers' bind mounts stay inside it)."""
    feature, direction, tree, work, version, probes, deps, baseline, options = args
    fdir = os.path.join(work, f"{direction}-{version}", feature)
    shutil.rmtree(fdir, ignore_errors=True)
    os.makedirs(fdir)
    start = time.time()
    result = {"feature": feature, "direction": direction, "dir": fdir}
    try:
        overlay = build_overlay(feature, direction, os.path.join(fdir, "overlay"))
    except (RecipeError, OSError) as e:
        result["error"] = f"the {direction} recipe no longer applies to torch {version}'s headers: {e}"
        return result
    result["overlay"] = overlay
    recipe = RECIPES[feature]
    macros = {f: m for f, m, _ in probes}
    flipped = [feature] + [f for f in recipe.get("implies", []) if f in macros] if direction == "remove" else [feature]
    if options.get("reprobe_all"):
        reprobe = set(macros)
    else:
        reprobe = affected_probes(probes, deps, overlay) | set(flipped)
    seeds = [f"-D{macros[f]}={baseline[f]}" for f in sorted(macros) if f not in reprobe]
    tus = translation_units(tree, [macros[f] for f in flipped])
    result.update({"reprobed": sorted(reprobe), "seeded": sorted(set(macros) - reprobe), "tus": tus,
                   "flipped": flipped})
    spec = {"tree": tree, "build": os.path.join(fdir, "build"), "overlay": overlay, "seeds": seeds, "tus": tus,
            "log": os.path.join(fdir, "configure.log"), "build_log": os.path.join(fdir, "build.log"),
            "pch": options.get("pch", False)}
    spec_path = os.path.join(fdir, "job.json")
    with open(spec_path, "w", encoding="utf-8") as f:
        json.dump(spec, f)
    # scripts/torch-rootfs.sh runs everything in a private mount namespace already (the chroot's / is no mount
    # point, so unshare could not make it private again): mounts made in this nested one stay in it.
    out = subprocess.run(["unshare", "--mount", "--propagation", "unchanged", "--", sys.executable,
                          os.path.abspath(__file__), "_job", spec_path], capture_output=True, text=True)
    if out.returncode != 0:
        result["error"] = f"the job failed: {out.stdout}{out.stderr}"
        return result
    with open(os.path.join(fdir, "job-result.json"), encoding="utf-8") as f:
        result.update(json.load(f))
    result["seconds"] = round(time.time() - start, 1)
    return result


def inner_job(spec_path):
    """In the private mount namespace: mounts, configure, compile, header check."""
    with open(spec_path, encoding="utf-8") as f:
        spec = json.load(f)
    fdir = os.path.dirname(spec_path)
    result = {}
    for src, dst in spec["overlay"]["mounts"]:
        subprocess.run(["mount", "--bind", src, dst], check=True)
    for hidden in spec["overlay"]["hidden"]:
        if os.path.exists(os.path.join(INCLUDE, hidden)):
            sys.exit(f"{hidden} is still visible after the bind mounts")
    overlay_inc = os.path.join(fdir, "overlay", "include")
    build, log, build_log = spec["build"], spec["log"], spec["build_log"]
    open(log, "w").close()
    open(build_log, "w").close()
    extra = ["-DCMAKE_BUILD_TYPE=None", f"-DCMAKE_CXX_FLAGS=-I{overlay_inc}", "-DBACKEND_UNITY_BUILD=OFF",
             *spec["seeds"]]
    if not spec["pch"]:
        extra.append("-DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON")
    if configure(spec["tree"], build, log, extra) != 0:
        result["configure_failed"] = True
        write_json(os.path.join(fdir, "job-result.json"), result)
        return
    values = read_features_header(build)
    logged = probe_log_values(log)
    result["values"] = values
    result["logged"] = logged
    targets = subprocess.run(["ninja", "-C", build, "-t", "targets", "all"], capture_output=True, text=True).stdout
    objects, missing = {}, []
    for tu in spec["tus"]:
        m = re.search(rf"^(\S*/{re.escape(tu)}\.o):", targets, re.M)
        if m:
            objects[tu] = m.group(1)
        else:
            missing.append(tu)
    result["not_built"] = missing
    compiled = {}
    for tu, obj in objects.items():  # one at a time: each failure gets its own log
        tu_log = os.path.join(fdir, "build-" + tu.replace("/", "_") + ".log")
        open(tu_log, "w").close()
        compiled[tu] = {"ok": run(["ninja", "-C", build, "-j1", obj], tu_log) == 0, "log": tu_log}
    result["compiled"] = compiled
    deps = subprocess.run(["ninja", "-C", build, "-t", "deps"], capture_output=True, text=True).stdout
    read = {os.path.normpath(line.strip()) for line in deps.splitlines() if line.startswith("    ")}
    result["real_copies_read"] = sorted(p for p in spec["overlay"]["files"] if os.path.join(INCLUDE, p) in read)
    result["overlay_files_read"] = sorted(p for p in spec["overlay"]["files"]
                                          if os.path.join(overlay_inc, p) in read)
    write_json(os.path.join(fdir, "job-result.json"), result)


def write_json(path, data):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)


def phase(a):
    start = time.time()
    tree, work = os.path.abspath(a.tree), os.path.abspath(a.work)
    probes = read_probes(tree)
    out = {"version": a.version, "direction": a.direction, "probes": [[f, m] for f, m, _ in probes]}
    real = real_configure(tree, work, a.version, probes)
    out["real"] = real
    print(f"torch {a.version}: unmodified headers configured in {time.time() - start:.0f} s", flush=True)
    if "error" not in real:
        deps = probe_dependencies(tree, work, probes, a.jobs)
        work_items = [(f, d) for d in a.direction for f, _, _ in probes
                      if d in RECIPES.get(f, {}) and (not a.only or f in a.only)]
        out["without_recipe"] = [f for f, _, _ in probes if "remove" not in RECIPES.get(f, {})]
        out["without_vary"] = [f for f, _, _ in probes if "vary" not in RECIPES.get(f, {})]
        out["unknown_recipes"] = sorted(set(RECIPES) - {f for f, _, _ in probes})
        options = {"reprobe_all": a.reprobe_all, "pch": a.pch}
        # Longest first (most translation units), so that the workers finish together.
        macros = {f: m for f, m, _ in probes}
        work_items.sort(key=lambda item: -len(translation_units(tree, [macros[item[0]]])))
        jobs = [(f, d, tree, work, a.version, probes, deps, real["values"], options) for f, d in work_items]
        results = []
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            for r in pool.map(job, jobs):
                state = "error" if "error" in r else f"{r.get('seconds', 0):.0f} s"
                print(f"torch {a.version}: {r['direction']} {r['feature']}: {state}", flush=True)
                results.append(r)
        out["jobs"] = sorted(results, key=lambda r: (r["feature"], r["direction"]))
    out["seconds"] = round(time.time() - start, 1)
    write_json(os.path.join(work, f"results-{a.version}.json"), out)


# ------------------------------------------------------------------------------------------------------- report

def tail(path, lines=120, start_at=None):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read().splitlines()
    except OSError:
        return f"(no {path})"
    if start_at:
        for i, line in enumerate(text):
            if start_at in line:
                text = text[i:]
                break
    return "\n".join(text[:lines] if start_at else text[-lines:])


def probe_output(build, macro, lines=60):
    """The compiler output of one probe (CMakeConfigureLog.yaml), for saying why it failed."""
    path = os.path.join(build, "CMakeFiles", "CMakeConfigureLog.yaml")
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return f"(no {path})"
    # One event per check ("  -\n    kind: ..."), the newest last; the compiler output is the buildResult's stdout.
    for event in re.split(r"^  -\n", text, flags=re.M)[::-1]:
        if re.search(rf"^ +variable: \"?{macro}\"?\s*$", event, re.M):
            m = re.search(r"^ +stdout: \|\n(.*?)^ +exitCode:", event, re.M | re.S)
            out = m.group(1) if m else event
            return f"probe compiler output ({path}):\n" + "\n".join(out.splitlines()[-lines:])
    return f"(no record of {macro} in {path}: the probe was pre-seeded or did not run)"


def report(a):
    work = os.path.abspath(a.work)
    results, failures = {}, []
    for version in ("2.6", "2.14"):
        path = os.path.join(work, f"results-{version}.json")
        if not os.path.exists(path):
            failures.append(f"torch {version}: no results ({path}); see the output above")
            continue
        with open(path, encoding="utf-8") as f:
            results[version] = json.load(f)

    expected_real = {"2.6": 0, "2.14": 1}
    probes = next((r["probes"] for r in results.values()), [])
    macros = dict((f, m) for f, m in probes)
    real = {}
    for version, r in results.items():
        if "error" in r["real"]:
            failures.append(f"torch {version}: {r['real']['error']}\n{tail(r['real']['log'], 60)}")
            continue
        real[version] = r["real"]["values"]
        for feature, value in real[version].items():
            if value != expected_real[version]:
                failures.append(f"torch {version} (unmodified): probe {feature} is {value}, expected "
                                f"{expected_real[version]}\n{probe_output(r['real']['build'], macros[feature])}")
        for feature in r.get("without_recipe", []):
            failures.append(f"probe {feature} has no recipe in tests/e2e/torch_feature_overlays.py (RECIPES): "
                            "say how to take it away from the 2.14 headers")
        if "vary" in r.get("direction", []):
            for feature in r.get("without_vary", []):
                failures.append(f"probe {feature} has no 'vary' recipe in tests/e2e/torch_feature_overlays.py: say "
                                "how a declaration its code uses could change while the feature stays (the probe "
                                "must then say 0)")
        for feature in r.get("unknown_recipes", []):
            print(f"note: recipe for {feature}, which the generated tree does not probe (stale?)")

    cells = {}  # (version, feature) -> (probe cell, TU cell, others cell)
    for version, r in results.items():
        for j in r.get("jobs", []):
            feature, key = j["feature"], (version, j["feature"], j["direction"])
            where = f"torch {version}, {j['direction']} {feature}"
            if "error" in j:
                failures.append(f"{where}: {j['error']}")
                cells[key] = ("ERROR", "-", "-")
                continue
            if j.get("configure_failed"):
                failures.append(f"{where}: configure failed\n{tail(os.path.join(j['dir'], 'configure.log'), 60)}")
                cells[key] = ("CONFIGURE FAILED", "-", "-")
                continue
            values, logged = j["values"], j["logged"]
            build = os.path.join(j["dir"], "build")
            bad = []
            for f, m in probes:
                if m not in values:
                    bad.append(f)
                    failures.append(f"{where}: {m} missing from torch_features.h")
                    continue
                if f in j["flipped"]:
                    want = 0 if j["direction"] in ("remove", "vary") else 1
                else:
                    want = real.get(version, {}).get(f)
                if values[m] != want:
                    bad.append(f)
                    why = (f"the overlay did not take the feature away: is the probe checking what the code uses?"
                           if f == feature and j["direction"] == "remove" else
                           "the overlay changed a declaration the guarded code uses and the probe did not notice: does "
                           "it compile what the code compiles, with the code's signatures?"
                           if f == feature and j["direction"] == "vary" else probe_output(build, m))
                    failures.append(f"{where}: probe {f} is {values[m]}, expected {want} "
                                    f"(overlay: {'; '.join(j['overlay']['steps'])})\n{why}")
                if f in logged and logged[f] != values[m]:
                    failures.append(f"{where}: the configure log says {f}: {logged[f]}, torch_features.h says "
                                    f"{values[m]}")
            for tu in j.get("not_built", []):
                failures.append(f"{where}: {tu} uses the feature but is not compiled in this configuration")
            tu_cells = []
            for tu, c in sorted(j.get("compiled", {}).items()):
                tu_cells.append(os.path.basename(tu) + ("" if c["ok"] else " FAILED"))
                if not c["ok"]:
                    failures.append(f"{where}: {tu} does not compile on the "
                                    f"{PATH_NAMES[j['direction']]} path "
                                    f"(overlay: {'; '.join(j['overlay']['steps'])}); compiler output "
                                    f"({c['log']}):\n{tail(c['log'], 150, start_at='FAILED:')}")
            if j.get("real_copies_read"):
                failures.append(f"{where}: the compiler read the real copies of overlay headers "
                                f"{j['real_copies_read']} (the overlay is not first on the include path)")
            own = values.get(macros.get(feature))
            others = [f for f, _ in probes if f != feature]
            implied = [f for f in j["flipped"] if f != feature]
            unchanged = [f for f in others if f not in j["flipped"] and f not in bad]
            reprobed = [f for f in unchanged if f in j["reprobed"]]
            others_cell = f"{len(unchanged)}/{len(others) - len(implied)} same ({len(reprobed)} re-probed)"
            if implied:
                others_cell += f"; {', '.join(implied)}: " + ",".join(str(values.get(macros[f])) for f in implied)
            cells[key] = (str(own), ", ".join(tu_cells) or "(none)", others_cell)

    # The table.
    rows = [("feature", "2.6 real", "2.14 real", "2.14 without", "2.14 different", "2.6 with",
             "other probes (2.14 without)", "TUs compiled (2.14 without | 2.14 different | 2.6 with)")]
    for feature, _ in probes:
        rem = cells.get(("2.14", feature, "remove"), ("-", "-", "-"))
        vary = cells.get(("2.14", feature, "vary"), ("-", "-", "-"))
        add = cells.get(("2.6", feature, "add"), ("-", "-", "-"))
        rows.append((feature, str(real.get("2.6", {}).get(feature, "?")), str(real.get("2.14", {}).get(feature, "?")),
                     rem[0], vary[0], add[0], rem[2], " | ".join(c[1] for c in (rem, vary, add))))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    print()
    for i, row in enumerate(rows):
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    print()
    for version, r in sorted(results.items()):
        print(f"torch {version} phase: {r.get('seconds', '?')} s")
    if failures:
        print(f"\n{len(failures)} FAILURE(S):", file=sys.stderr)
        for f in failures:
            print("\n*** " + f, file=sys.stderr)
        return 1
    print("every C++ torch feature probe flips with its feature, leaves the others alone, and the code on each path "
          "compiles")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("phase")
    p.add_argument("--tree", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--direction", choices=("remove", "add", "vary"), nargs="+", required=True)
    p.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    p.add_argument("--only", nargs="+", metavar="FEATURE", help="run the overlays of these features only")
    p.add_argument("--reprobe-all", action="store_true", help="re-run every probe for every overlay (no pre-seeding)")
    p.add_argument("--pch", action="store_true", help="compile with the backend's precompiled header (slower)")
    r = sub.add_parser("report")
    r.add_argument("--work", required=True)
    j = sub.add_parser("_job")
    j.add_argument("spec")
    a = parser.parse_args()
    if a.cmd == "phase":
        phase(a)
    elif a.cmd == "report":
        sys.exit(report(a))
    else:
        inner_job(a.spec)


if __name__ == "__main__":
    main()
