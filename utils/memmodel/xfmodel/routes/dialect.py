"""The xfence dialect as a source language: a litmus test written as MLIR
(one kernel function per thread), for the lowerings of xfence-opt and
xfence-translate. Each op means what docs/XFenceDialect.md and
docs/semantics.md §1 define: the dialect is the event vocabulary, so the
table is one-to-one and has no weaker reading.

Two flavours: "ptr" (gpu.func kernels over `!llvm.ptr<1>` global and
`!llvm.ptr<3>` local parameters, llvm.load/llvm.store: the PTX and CPU
lowerings) and "memref" (gpu.func kernels over `memref<1xi32>` parameters
and `memref.alloc` work-group arrays, memref.load/store: the SPIR-V
lowering, whose upstream patterns take memrefs).
"""

import re

from ..events import Event
from .common import (Inexpressible, Naming, Unreadable, reg_name, Row,
                     Ctx, cas_failure_order, scan, same_meaning)

SPIRV_OPENCL_ENV = (
    "#spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64, "
    "GenericPointer], []>, api=OpenCL, #spirv.resource_limits<>>")
SPIRV_VULKAN_ENV = (
    "#spirv.target_env<#spirv.vce<v1.5, [Shader, VulkanMemoryModel, "
    "VulkanMemoryModelDeviceScope], [SPV_KHR_storage_buffer_storage_class]>, "
    "api=Vulkan, #spirv.resource_limits<>>")


def _spaces(ev):
    return "[%s]" % ", ".join(s for s in ("local", "global", "image")
                              if s in ev.spaces)


def _op(ev, ptr, ty, mref):
    """The dialect op of an event (one line, `%rX = ` included)."""
    p = ptr(ev.loc) if ev.loc else None
    if ev.kind == "F":
        return "xfence.fence %s %s %s" % (ev.scope, ev.order, _spaces(ev))
    if ev.kind == "B":
        if ev.order == "na":
            return "xfence.barrier %s" % ev.exec_scope
        return "xfence.barrier %s memory %s %s %s" % (
            ev.exec_scope, ev.scope, ev.order, _spaces(ev))
    t = ty(ev.loc)
    if ev.kind == "R" and ev.order == "na":
        if mref:
            return "%%%s = memref.load %s : %s" % (ev.reg, p, t)
        return "%%%s = llvm.load %s : %s -> i32" % (ev.reg, p, t)
    if ev.kind == "W" and ev.order == "na":
        if mref:
            return "memref.store %%v%d, %s : %s" % (ev.value, p, t)
        return "llvm.store %%v%d, %s : i32, %s" % (ev.value, p, t)
    if ev.kind == "R":
        return "%%%s = xfence.atomic_load %s %s %s : %s -> i32" % (
            ev.reg, p, ev.scope, ev.order, t)
    if ev.kind == "W":
        return "xfence.atomic_store %%v%d, %s %s %s : i32, %s" % (
            ev.value, p, ev.scope, ev.order, t)
    if ev.expect is None:
        return "%%%s = xfence.atomic_rmw xchg %s, %%v%d %s %s : %s, i32" % (
            ev.reg, p, ev.value, ev.scope, ev.order, t)
    fail = cas_failure_order(ev.order)
    return ("%%%s, %%%s_ok = xfence.atomic_cmpxchg %s, %%v%d, %%v%d %s %s "
            "%s : %s, i32" % (ev.reg, ev.reg, p, ev.expect, ev.value,
                              ev.scope, ev.order, fail, t))


def write_kernels(test, naming, flavor, prefix=""):
    """The gpu.func kernels of one test (no module around them).

    Image locations (the "memref-opencl" flavour only): the dialect has
    no image access that carries a value (`xfence.access write [image]`
    says only that an image is touched), so an image location is written
    as a stand-in global `memref<1xi32>` parameter. The judge still
    reads it as an image location (the test's spaces, not the output's
    storage class, give an access its region), and what the route does
    to the image ordering is read from the fences' ImageMemory bit
    (spirv.py). That judges fences at the level the SPIR-V output states
    them: a route that drops or narrows an `[image]` fence is caught, one
    that mistranslates an image access is not."""
    mref = flavor.startswith("memref")
    abi = flavor == "memref-vulkan"
    text = []
    for t in range(len(test.threads)):
        evs = naming.canon_thread(test, t)
        for ev in evs:
            sp = ev.loc and naming.spaces[ev.loc]
            if sp == "image" and flavor == "memref-opencl":
                continue  # a stand-in global buffer, see image_stand_in
            if ev.loc and sp not in ("global", "local"):
                raise Inexpressible("a location in %s memory" % sp)
        nreads = sum(1 for e in evs if e.is_read())
        params = []
        for i, (l, s) in enumerate(naming.spaces.items()):
            if mref and s in ("global", "image"):
                params.append("%%%s: memref<1xi32>%s" % (
                    l, " {spirv.interface_var_abi = "
                    "#spirv.interface_var_abi<(0, %d)>}" % i
                    if abi else ""))
            elif not mref:
                params.append("%%%s: !llvm.ptr<%d>" % (
                    l, 1 if s == "global" else 3))
        if mref:
            params.append("%%out: memref<%dxi32>%s" % (
                max(nreads, 1), " {spirv.interface_var_abi = "
                "#spirv.interface_var_abi<(0, %d)>}" % len(naming.spaces)
                if abi else ""))
        else:
            params.append("%out: !llvm.ptr<1>")
        attrs = (" attributes {spirv.entry_point_abi = "
                 "#spirv.entry_point_abi<workgroup_size = [64, 1, 1]>}"
                 if mref else "")
        text.append("  gpu.func @%st%d(%s) kernel%s {" % (
            prefix, t, ", ".join(params), attrs))
        values = sorted({v for e in evs for v in (e.value, e.expect)
                         if v is not None})
        for v in values:
            text.append("    %%v%d = arith.constant %d : i32" % (v, v))
        if mref:
            text.append("    %c0 = arith.constant 0 : index")
            for l, s in naming.spaces.items():
                if s == "local" and any(e.loc == l for e in evs):
                    text.append("    %%%s = memref.alloc() : memref<1xi32, 3>"
                                % l)

        def ptr(l):
            return "%%%s[%%c0]" % l if mref else "%" + l

        def ty(l):
            if mref:
                return "memref<1xi32%s>" % (
                    ", 3" if naming.spaces[l] == "local" else "")
            return "!llvm.ptr<%d>" % (1 if naming.spaces[l] == "global"
                                      else 3)
        for ev in evs:
            text.append("    " + _op(ev, ptr, ty, mref))
        for j in range(nreads):
            r = reg_name(t, j)
            if mref:
                text.append("    %%o%d = arith.constant %d : index" % (j, j))
                text.append("    memref.store %%%s, %%out[%%o%d] : "
                            "memref<%dxi32>" % (r, j, max(nreads, 1)))
            else:
                text.append("    %%o%d = llvm.getelementptr %%out[%d] : "
                            "(!llvm.ptr<1>) -> !llvm.ptr<1>, i32" % (j, j))
                text.append("    llvm.store %%%s, %%o%d : i32, "
                            "!llvm.ptr<1>" % (r, j))
        text.append("    gpu.return")
        text.append("  }")
    return "\n".join(text)


def module(kernel_texts, flavor, env=None):
    attrs = ""
    if env:
        attrs = " attributes {spirv.target_env = %s}" % env
    return ("module attributes {gpu.container_module} {\ngpu.module @k%s {\n"
            "%s\n}\n}\n" % (attrs, "\n".join(kernel_texts)))


def as_functions(module_text):
    """The same kernels as func.func in a plain module: the CPU lowering
    works on functions of the top-level module (it declares its runtime
    there)."""
    text = module_text.replace(
        "module attributes {gpu.container_module} {\ngpu.module @k {\n",
        "module {\n", 1)
    text = text[:text.rstrip().rfind("}")].rstrip() + "\n"
    text = re.sub(r"gpu\.func (@\w+\(.*?\)) kernel \{", r"func.func \1 {",
                  text)
    return text.replace("gpu.return", "return")


# The dialect's own table, for the source side: each op is one event.
S = r"(thread|subgroup|workgroup|cluster|device|system)"
O = r"(relaxed|acquire|release|acq_rel|seq_cst)"
SP = r"\[([\w, ]*)\]"
PTR = r"%(m\d+)(?:\[%c0\])?"


def _sp(text):
    return frozenset(s.strip() for s in text.split(",") if s.strip())


ROWS = [
    Row("xfence.fence", r"xfence\.fence\s+" + S + r"\s+" + O + r"\s+" + SP,
        lambda m, r, c: [Event("F", order=m.group(2), scope=m.group(1),
                               spaces=_sp(m.group(3)))],
        None, "docs/XFenceDialect.md xfence.fence"),
    Row("xfence.barrier memory",
        r"xfence\.barrier\s+" + S + r"\s+memory\s+" + S + r"\s+" + O +
        r"\s+" + SP,
        lambda m, r, c: [Event("B", order=m.group(3), scope=m.group(2),
                               spaces=_sp(m.group(4)),
                               exec_scope=m.group(1))],
        None, "docs/XFenceDialect.md xfence.barrier"),
    Row("xfence.barrier", r"xfence\.barrier\s+" + S + r"\s*$",
        lambda m, r, c: [Event("B", exec_scope=m.group(1))], None,
        "docs/XFenceDialect.md xfence.barrier (execution only)"),
    Row("atomic_load", r"%(r\d+_\d+) = xfence\.atomic_load " + PTR + r" " +
        S + r" " + O,
        lambda m, r, c: [Event("R", m.group(2), m.group(4), m.group(3),
                               reg=m.group(1))], None, ""),
    Row("atomic_store", r"xfence\.atomic_store %v(\d+), " + PTR + r" " + S +
        r" " + O,
        lambda m, r, c: [Event("W", m.group(2), m.group(4), m.group(3),
                               value=int(m.group(1)))], None, ""),
    Row("atomic_rmw", r"%(r\d+_\d+) = xfence\.atomic_rmw xchg " + PTR +
        r", %v(\d+) " + S + r" " + O,
        lambda m, r, c: [Event("RMW", m.group(2), m.group(5), m.group(4),
                               reg=m.group(1), value=int(m.group(3)))],
        None, ""),
    Row("atomic_cmpxchg", r"%(r\d+_\d+), %\w+ = xfence\.atomic_cmpxchg " +
        PTR + r", %v(\d+), %v(\d+) " + S + r" " + O,
        lambda m, r, c: [Event("RMW", m.group(2), m.group(6), m.group(5),
                               reg=m.group(1), value=int(m.group(4)),
                               expect=int(m.group(3)))], None, ""),
    Row("load", r"%(r\d+_\d+) = (?:llvm|memref)\.load " + PTR,
        lambda m, r, c: [Event("R", m.group(2), "na", reg=m.group(1))],
        None, ""),
    Row("store", r"(?:llvm|memref)\.store %v(\d+), " + PTR,
        lambda m, r, c: [Event("W", m.group(2), "na",
                               value=int(m.group(1)))], None, ""),
]


def read(kernel_text, nthreads, prefix=""):
    """The events of each kernel, by the dialect's table (the source's
    meaning)."""
    out = []
    for t in range(nthreads):
        m = re.search(r"gpu\.func @%st%d\(.*?\n(.*?)\n    gpu\.return" % (
            re.escape(prefix), t), kernel_text, re.S)
        if not m:
            raise Unreadable("no kernel t%d" % t)
        evs = []
        for line in m.group(1).splitlines():
            line = line.strip()
            for row in ROWS:
                k = row.regex.search(line)
                if k:
                    evs += [e for e in row.meaning(k, "strong", None)]
                    break
        out.append(evs)
    return out
