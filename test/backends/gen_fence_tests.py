#!/usr/bin/env python3
"""Writes the exhaustive fence lowering tests: every (scope, order, spaces)
fence for PTX sm_90 (PTX 8.6), PTX sm_80 (PTX 7.8), the CPU and SPIR-V (OpenCL
and Vulkan environments), each checked against the instruction that
design/semantics.md section 3 names; the fences SPIR-V/Vulkan must refuse are
checked for their error.

The expected forms come from the table below, written from semantics.md, not
from the lowering's code. Run `gen_fence_tests.py` to rewrite the tests;
`gen_fence_tests.py --check` (a lit test) fails if a committed file is stale.
"""
import os
import sys

SCOPES = ["thread", "subgroup", "workgroup", "cluster", "device", "system"]
ORDERS = ["relaxed", "acquire", "release", "acq_rel", "seq_cst"]
SPACES = [[], ["local"], ["global"], ["image"], ["local", "global"],
          ["local", "image"], ["global", "image"], ["local", "global", "image"]]


def ptx_expected(scope, order, spaces, sm90):
    # Relaxed, thread-scope and no-space fences order nothing (§3 rows 1-2).
    if order == "relaxed" or scope == "thread" or not spaces:
        return None
    # No warp scope in PTX; a CTA is its own cluster below sm_90 (§1, §3).
    sync = {"subgroup": "block", "workgroup": "block",
            "cluster": "cluster" if sm90 else "block",
            "device": "device", "system": ""}[scope]
    # fence.acquire/.release need sm_90 + PTX 8.6; below, acq_rel (§2).
    if order in ("acquire", "release") and not sm90:
        order = "acq_rel"
    return ("llvm.fence syncscope(\"%s\") %s" % (sync, order)) if sync \
        else "llvm.fence %s" % order


def cpu_expected(scope, order, spaces):
    if order == "relaxed" or not spaces:
        return None
    if scope == "thread":
        return "llvm.fence syncscope(\"singlethread\") %s" % order
    return "llvm.fence %s" % order


# SPIR-V Scope and MemorySemantics (semantics.md §1, §2). The bits are listed
# in the order MLIR prints them (ascending value).
SPIRV_SCOPES = {"thread": "Invocation", "subgroup": "Subgroup",
                "workgroup": "Workgroup", "cluster": "Device",
                "device": "Device", "system": "CrossDevice"}
SPIRV_ORDERS = {"acquire": "Acquire", "release": "Release",
                "acq_rel": "AcquireRelease",
                "seq_cst": "SequentiallyConsistent"}
SPIRV_BITS = [("Acquire", 0x2), ("Release", 0x4), ("AcquireRelease", 0x8),
              ("SequentiallyConsistent", 0x10), ("UniformMemory", 0x40),
              ("WorkgroupMemory", 0x100), ("CrossWorkgroupMemory", 0x200),
              ("ImageMemory", 0x800), ("MakeAvailable", 0x2000),
              ("MakeVisible", 0x4000)]


def spirv_vulkan_error(scope, order, spaces):
    """The error legalization gives a Vulkan fence, or None."""
    if order == "relaxed" or scope == "thread" or not spaces:
        return None
    if scope == "system":  # Vulkan has no CrossDevice scope
        return ("scope 'system' has no equal or wider form on target "
                "'spirv-vulkan'; refusing to weaken it")
    if order == "seq_cst":  # Vulkan treats SeqCst as AcqRel (§2)
        return ("order 'seq_cst' has no sound form on target 'spirv-vulkan' "
                "(it has no sequential consistency)")
    return None


def spirv_expected(scope, order, spaces, vulkan):
    # Relaxed and no-space fences order nothing (§3 row 1); Vulkan has no
    # Invocation-scope fence, and a thread fence orders nothing between
    # threads (§3 row 2).
    if order == "relaxed" or not spaces or (vulkan and scope == "thread"):
        return None
    names = {SPIRV_ORDERS[order]}
    storage = {"local": "WorkgroupMemory",
               "global": "UniformMemory" if vulkan else "CrossWorkgroupMemory",
               "image": "ImageMemory"}
    names |= {storage[sp] for sp in spaces}
    if vulkan and order in ("release", "acq_rel"):
        names.add("MakeAvailable")
    if vulkan and order in ("acquire", "acq_rel"):
        names.add("MakeVisible")
    sem = "|".join(n for n, _ in SPIRV_BITS if n in names)
    return "spirv.MemoryBarrier <%s>, <%s>" % (SPIRV_SCOPES[scope], sem)


def spirv_vulkan_ok(scope, order, spaces):
    if spirv_vulkan_error(scope, order, spaces):
        return "SKIP"
    return spirv_expected(scope, order, spaces, True)


TARGETS = {
    "ptx/fences-all-sm90.mlir": (
        "xfence-opt %s --convert-xfence-to-nvvm=\"sm=90 ptx=86\"",
        lambda s, o, sp: ptx_expected(s, o, sp, True)),
    "ptx/fences-all-sm80.mlir": (
        "xfence-opt %s --convert-xfence-to-nvvm=\"sm=80 ptx=78\"",
        lambda s, o, sp: ptx_expected(s, o, sp, False)),
    "cpu/fences-all.mlir": (
        "xfence-opt %s --convert-xfence-to-cpu", cpu_expected),
    "spirv/fences-all-opencl.mlir": (
        "xfence-opt %s --convert-xfence-to-spirv",
        lambda s, o, sp: spirv_expected(s, o, sp, False)),
    "spirv/fences-all-vulkan.mlir": (
        "xfence-opt %s --convert-xfence-to-spirv=vulkan=true",
        spirv_vulkan_ok),
}

# Fences a target must refuse: one split per fence, the error expected at it.
ERROR_TARGETS = {
    "spirv/fences-errors-vulkan.mlir": (
        "xfence-opt %s --split-input-file --verify-diagnostics "
        "--convert-xfence-to-spirv=vulkan=true",
        spirv_vulkan_error),
}


def fence_name(scope, order, spaces):
    return "f_%s_%s_%s" % (scope, order, "_".join(spaces) or "none")


def render_errors(cmd, error):
    out = ["// Generated by test/backends/gen_fence_tests.py; do not edit.",
           "// RUN: %s" % cmd,
           "// RUN: %python %xfence_src/test/backends/gen_fence_tests.py --check"]
    for scope in SCOPES:
        for order in ORDERS:
            for spaces in SPACES:
                msg = error(scope, order, spaces)
                if not msg:
                    continue
                if len(out) > 3:
                    out.append("")
                    out.append("// -----")
                out.append("")
                out.append("func.func @%s() {" %
                           fence_name(scope, order, spaces))
                out.append("  // expected-error @+1 {{%s}}" % msg)
                out.append("  xfence.fence %s %s [%s]" %
                           (scope, order, ", ".join(spaces)))
                out.append("  return")
                out.append("}")
    return "\n".join(out) + "\n"


def render(cmd, expect):
    out = ["// Generated by test/backends/gen_fence_tests.py; do not edit.",
           "// RUN: %s | FileCheck %%s --implicit-check-not=xfence." % cmd,
           "// RUN: %python %xfence_src/test/backends/gen_fence_tests.py --check",
           ""]
    for scope in SCOPES:
        for order in ORDERS:
            for spaces in SPACES:
                name = "f_%s_%s_%s" % (scope, order,
                                       "_".join(spaces) or "none")
                exp = expect(scope, order, spaces)
                if exp == "SKIP":  # refused: see ERROR_TARGETS
                    continue
                out.append("// CHECK-LABEL: func @%s(" % name)
                if exp:
                    out.append("// CHECK-NEXT: %s" % exp)
                out.append("// CHECK-NEXT: return")
                out.append("func.func @%s() {" % name)
                out.append("  xfence.fence %s %s [%s]" %
                           (scope, order, ", ".join(spaces)))
                out.append("  return")
                out.append("}")
    return "\n".join(out) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    check = "--check" in sys.argv
    stale = []
    files = [(rel, render(cmd, expect))
             for rel, (cmd, expect) in TARGETS.items()]
    files += [(rel, render_errors(cmd, error))
              for rel, (cmd, error) in ERROR_TARGETS.items()]
    for rel, text in files:
        path = os.path.join(here, rel)
        if check:
            with open(path) as f:
                if f.read() != text:
                    stale.append(rel)
        else:
            with open(path, "w") as f:
                f.write(text)
    if stale:
        sys.exit("stale generated tests (rerun gen_fence_tests.py): " +
                 ", ".join(stale))


if __name__ == "__main__":
    main()
