#!/usr/bin/env python3
"""Writes the exhaustive lowering tests for PTX sm_90 (PTX 8.6), PTX sm_80
(PTX 7.8), the CPU, SPIR-V (OpenCL and Vulkan environments) and the calls of
SPIR-V built-ins for LLVM's SPIR-V back end (llvm-spirv-*):

* every (scope, order, spaces) fence (fences-all*), checked against the
  instruction that docs/semantics.md section 3 names;
* every barrier, masked and reducing barrier (barriers*), and every
  atomic_rmw / atomic_cmpxchg / atomic_load / atomic_store form
  (atomic-*), checked against the instructions of semantics.md §1-§3 and
  the tables of docs/lowering.md;
* the forms a target must refuse, each with its error (*errors*,
  -verify-diagnostics).

The expected forms come from the tables below, written from those
documents, not from the lowering's code. Run `gen_fence_tests.py` to
rewrite the tests; `gen_fence_tests.py --check` (a RUN line of every
generated test) fails if a committed file is stale.
"""
import os
import re
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


# convert-xfence-to-llvm-spirv passes the same Scope and MemorySemantics as
# constants to the built-ins LLVM's SPIR-V back end knows (docs/lowering.md):
# their numbers (SPIR-V specification, "Scope" and "Memory Semantics").
SPIRV_SCOPE_NUMBERS = {"CrossDevice": 0, "Device": 1, "Workgroup": 2,
                       "Subgroup": 3, "Invocation": 4}


def spirv_semantics_number(names):
    bits = dict(SPIRV_BITS)
    return sum(bits[n] for n in names.split("|") if n != "None")


def llvm_spirv_constants(values):
    """CHECK-NEXT patterns of the i32 constants of one built-in call, bound
    to C0, C1, ..."""
    return ["%%[[C%d:.*]] = llvm.mlir.constant(%d : i32) : i32" % (i, v)
            for i, v in enumerate(values)]


def llvm_spirv_fence(scope, order, spaces):
    exp = spirv_expected(scope, order, spaces, False)
    if exp is None:
        return None
    m = re.match(r"spirv\.MemoryBarrier <(\w+)>, <([\w|]+)>$", exp)
    return llvm_spirv_constants(
        [SPIRV_SCOPE_NUMBERS[m.group(1)],
         spirv_semantics_number(m.group(2))]) + [
        "llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii(%[[C0]], "
        "%[[C1]]) {no_unwind} : (i32, i32) -> (){{$}}"]


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
    "spirv/llvm-spirv-fences-all.mlir": (
        "xfence-opt %s --convert-xfence-to-llvm-spirv", llvm_spirv_fence),
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
                for line in ([exp] if isinstance(exp, str) else exp or []):
                    out.append("// CHECK-NEXT: %s" % line)
                out.append("// CHECK-NEXT: return")
                out.append("func.func @%s() {" % name)
                out.append("  xfence.fence %s %s [%s]" %
                           (scope, order, ", ".join(spaces)))
                out.append("  return")
                out.append("}")
    return "\n".join(out) + "\n"


# ===----------------------------------------------------------------------===
# Barriers and atomics
# ===----------------------------------------------------------------------===
#
# The same principle as for fences: the expected forms below are written from
# semantics.md §1-§3 and the tables of docs/lowering.md (and the PTX ISA /
# SPIR-V specification they cite), never from the lowering's code. Each case
# is an xfence op; a test function holds the ops of one group (one kind,
# type and address; or one execution and memory scope), each checked in
# order, and FileCheck's --implicit-check-not on every op family the lowering
# can emit makes an extra, missing or different instruction fail.
#
# An expectation is either a list of (directive, pattern) pairs or an Error.

GEN = "test/backends/gen_fence_tests.py"
V = "%{{[-a-zA-Z0-9_]+}}"  # any SSA value
RANK = {s: i for i, s in enumerate(SCOPES)}
NONEMPTY_SPACES = [sp for sp in SPACES if sp]
KINDS = ["add", "sub", "and", "or", "xor", "min", "max", "umin", "umax",
         "xchg", "inc", "dec", "fadd"]
INT_KINDS = [k for k in KINDS if k != "fadd"]
# (success, failure) pairs the verifier allows: failure neither release nor
# acq_rel, and no stronger than success (OpenCL 2.0 §6.13.11.7.5).
CAS_PAIRS = [("relaxed", "relaxed"), ("acquire", "relaxed"),
             ("acquire", "acquire"), ("release", "relaxed"),
             ("acq_rel", "relaxed"), ("acq_rel", "acquire"),
             ("seq_cst", "relaxed"), ("seq_cst", "acquire"),
             ("seq_cst", "seq_cst")]
LOAD_ORDERS = ["relaxed", "acquire", "seq_cst"]
STORE_ORDERS = ["relaxed", "release", "seq_cst"]
WIDTH = {"i1": 1, "i32": 32, "i64": 64, "f32": 32, "f64": 64}


class Error:
    """A refusal: `late` errors come from the conversion (after a
    legalization that succeeded), which also reports the op as not
    legalized; the others from the legalization."""

    def __init__(self, msg, late=False):
        self.msg = msg
        self.late = late


def grid_note(scope):
    return (" (a grid-wide barrier needs a cooperative launch)"
            if scope in ("device", "system") else "")


def all_scope_orders():
    return [(s, o) for s in SCOPES for o in ORDERS]


def sampled_scope_orders():
    """Every scope twice and every order at least twice: for type variants,
    where the lowering is type-generic."""
    return [(s, ORDERS[(i + d) % 5]) for i, s in enumerate(SCOPES)
            for d in (0, 2)]


# Addresses: key -> (xfence type for value type T, is memref).
# g: !llvm.ptr<1> (global), s: !llvm.ptr<3> (shared/local),
# m: memref in the default memory space, ms: memref in memory space 3.
def addr_type(addr, t):
    return {"g": "!llvm.ptr<1>", "s": "!llvm.ptr<3>", "m": "memref<8x%s>" % t,
            "ms": "memref<8x%s, 3>" % t}[addr]


def is_memref(addr):
    return addr.startswith("m")


class Case:
    """One xfence op: its text (with {addr}, {v}, ... placeholders filled
    by the group) and its expectation per target."""

    def __init__(self, text, expect):
        self.text = text
        self.expect = expect


# ---------------------------------------------------------------- LLVM/PTX

LLVM_ORDER = {"relaxed": "monotonic", "acquire": "acquire",
              "release": "release", "acq_rel": "acq_rel",
              "seq_cst": "seq_cst"}


def llvm_ptr(addr):
    """The LLVM pointer an address becomes (memref: its memory space)."""
    return {"g": "!llvm.ptr<1>", "s": "!llvm.ptr<3>", "m": "!llvm.ptr",
            "ms": "!llvm.ptr<3>"}[addr]


def ptx_atomic_scope(scope, sm90):
    """The PTX scope of an atomic: the smallest PTX scope is the CTA (§1);
    no clusters below sm_90, where a CTA is its own cluster (§3)."""
    return {"thread": "cta", "subgroup": "cta", "workgroup": "cta",
            "cluster": "cluster" if sm90 else "cta", "device": "gpu",
            "system": "sys"}[scope]


def nvptx_syncscope(scope, sm90):
    """LLVM NVPTX sync scope names of the PTX scopes (§1)."""
    return {"cta": "block", "cluster": "cluster", "gpu": "device",
            "sys": ""}[ptx_atomic_scope(scope, sm90)]


def cpu_syncscope(scope):
    # One coherent CPU: every scope but thread is the system (docs/lowering).
    return "singlethread" if scope == "thread" else ""


def syncscope_text(name):
    return ('syncscope("%s") ' % name) if name else ""


def int_of(t):
    return "i%d" % WIDTH[t]


def llvm_addr_operand(addr):
    return V if is_memref(addr) else "%arg0"


# PTX ISA `atom`: .add .u32/.u64/.f32/.f64; .and/.or/.xor/.exch .b32/.b64;
# .min/.max .s32/.s64/.u32/.u64; .inc/.dec .u32 only. atom has no sub: it is
# an add of the negated value (TargetCapabilities / docs/lowering.md).
def ptx_atom_op(kind, t):
    w = str(WIDTH[t])
    if kind in ("inc", "dec") and w != "32":
        return None
    return {"add": "add.u", "sub": "add.u", "fadd": "add.f", "and": "and.b",
            "or": "or.b", "xor": "xor.b", "min": "min.s", "max": "max.s",
            "umin": "min.u", "umax": "max.u", "xchg": "exch.b",
            "inc": "inc.u", "dec": "dec.u"}[kind] + w


def ptx_reg(t):
    return {"i32": "r", "i64": "l", "f32": "f", "f64": "d"}[t]


def ptx_rmw(kind, t, addr, scope, order, sm90, val):
    op = ptx_atom_op(kind, t)
    if op is None:
        return Error("PTX has no 'atom' for '%s' on '%s'" % (kind, t),
                     late=True)
    sc = ptx_atomic_scope(scope, sm90)
    space = {"g": ".global", "s": ".shared", "m": "", "ms": ".shared"}[addr]
    # seq_cst: fence.sc then an acquire atom (docs/lowering.md table).
    asm = ""
    sem = order
    if order == "seq_cst":
        asm = "fence.sc.%s;\\0A\\09" % sc
        sem = "acquire"
    asm += "atom.%s.%s%s.%s $0, [$1], $2;" % (sem, sc, space, op)
    r = ptx_reg(t)
    lines = []
    value = val
    if kind == "sub":
        lines.append(("CHECK", "%%[[NEG:.*]] = llvm.sub %s, %s : %s{{$}}" %
                      (V, val, t)))
        value = "%[[NEG]]"
    lines.append(("CHECK-NEXT" if lines else "CHECK",
                  '= llvm.inline_asm has_side_effects "%s", '
                  '"=%s,l,%s,~{memory}" %s, %s : (%s, %s) -> %s{{$}}' %
                  (asm, r, r, llvm_addr_operand(addr), value, llvm_ptr(addr),
                   t, t)))
    return lines


def llvm_cpu_rmw_kind(kind):
    # LLVM's atomicrmw operations, as the LLVM dialect spells them.
    return {"inc": "uinc_wrap", "dec": "udec_wrap", "and": "_and",
            "or": "_or", "xor": "_xor"}.get(kind, kind)


def cpu_rmw(kind, t, addr, scope, order, val):
    return [("CHECK", "= llvm.atomicrmw %s %s, %s %s%s {alignment = %d : i64}"
             " : %s, %s{{$}}" %
             (llvm_cpu_rmw_kind(kind), llvm_addr_operand(addr), val,
              syncscope_text(cpu_syncscope(scope)), LLVM_ORDER[order],
              WIDTH[t] // 8, llvm_ptr(addr), t))]


def llvm_cmpxchg(t, addr, scope_name, succ, fail, weak, e, d):
    lines = []
    if t.startswith("f"):
        # Floats compare their bits (C++ compare_exchange).
        lines.append(("CHECK", "%%[[E:.*]] = llvm.bitcast %s : %s to %s{{$}}"
                      % (e, t, int_of(t))))
        lines.append(("CHECK-NEXT", "%%[[D:.*]] = llvm.bitcast %s : %s to %s"
                      "{{$}}" % (d, t, int_of(t))))
        e, d = "%[[E]]", "%[[D]]"
    lines.append(("CHECK-NEXT" if lines else "CHECK",
                  "= llvm.cmpxchg %s%s, %s, %s %s%s %s {alignment = %d : i64}"
                  " : %s, %s{{$}}" %
                  ("weak " if weak else "", llvm_addr_operand(addr), e, d,
                   syncscope_text(scope_name), LLVM_ORDER[succ],
                   LLVM_ORDER[fail], WIDTH[t] // 8, llvm_ptr(addr),
                   int_of(t))))
    return lines


def llvm_load(t, addr, scope_name, order):
    return [("CHECK", "= llvm.load %s atomic %s%s {alignment = %d : i64} : "
             "%s -> %s{{$}}" % (llvm_addr_operand(addr),
                                syncscope_text(scope_name), LLVM_ORDER[order],
                                WIDTH[t] // 8, llvm_ptr(addr), t))]


def llvm_store(t, addr, scope_name, order, val):
    return [("CHECK", "llvm.store %s, %s atomic %s%s {alignment = %d : i64} :"
             " %s, %s{{$}}" % (val, llvm_addr_operand(addr),
                               syncscope_text(scope_name), LLVM_ORDER[order],
                               WIDTH[t] // 8, t, llvm_ptr(addr)))]


def llvm_fence_line(scope_name, order):
    if scope_name:
        return 'llvm.fence syncscope("%s") %s{{$}}' % (scope_name, order)
    return "llvm.fence %s{{$}}" % order


def ptx_barrier(exec_scope, mem, order, sm90, mask=False, reduce=None,
                pred_type="i32"):
    """bar.warp.sync / bar.sync / barrier.cluster.arrive+wait / bar.red
    (docs/lowering.md), with release/acquire fences around it where the
    memory part is wider than the barrier's own (bar.sync orders the CTA,
    bar.warp.sync the participating lanes, the cluster barrier the cluster)
    or seq_cst (a PTX barrier is at most acq_rel)."""
    target = "ptx-sm90" if sm90 else "ptx-sm80"
    # No clusters below sm_90: a CTA is its own cluster (§3, derived).
    ex = "workgroup" if exec_scope == "cluster" and not sm90 else exec_scope
    ok = {"workgroup"} if reduce else {"subgroup", "workgroup", "cluster"}
    if ex not in ok or (ex == "cluster" and not sm90):
        return Error("a %s of execution scope '%s' has no form on target "
                     "'%s'%s" % ("reducing barrier" if reduce else "barrier",
                                 exec_scope, target, grid_note(exec_scope)))
    before, after = [], []
    has_release = order in ("release", "acq_rel", "seq_cst")
    if mem:
        # The fences' scope: PTX has no scope below the CTA (§1).
        fscope = {"thread": "workgroup", "subgroup": "workgroup",
                  "cluster": "cluster" if sm90 else "workgroup"}.get(mem, mem)
        eff_mem = "workgroup" if mem == "cluster" and not sm90 else mem
        covered = RANK[eff_mem] <= RANK[ex]
        if not covered or order == "seq_cst":
            name = nvptx_syncscope(fscope, sm90)
            split = sm90  # fence.acquire/.release: sm_90 + PTX 8.6 (§2)
            if has_release:
                o = "seq_cst" if order == "seq_cst" else (
                    "release" if split else "acq_rel")
                before.append(llvm_fence_line(name, o))
            if order in ("acquire", "acq_rel", "seq_cst"):
                o = "seq_cst" if order == "seq_cst" else (
                    "acquire" if split else "acq_rel")
                after.append(llvm_fence_line(name, o))
    body = []
    if reduce:
        red = {"count": "popc", "and": "and", "or": "or"}[reduce]
        zero = "false" if pred_type == "i1" else "0 : %s" % pred_type
        body = ["%%[[Z:.*]] = llvm.mlir.constant(%s) : %s{{$}}" %
                (zero, pred_type),
                '%%[[T:.*]] = llvm.icmp "ne" %%arg0, %%[[Z]] : %s{{$}}' %
                pred_type,
                "%[[P:.*]] = llvm.zext %[[T]] : i1 to i32{{$}}",
                "= nvvm.barrier #nvvm.reduction<%s> %%[[P]] -> i32{{$}}" % red]
    elif ex == "subgroup":
        if mask:
            body = ["nvvm.bar.warp.sync %arg0 : i32{{$}}"]
        else:
            body = ["%[[M:.*]] = llvm.mlir.constant(-1 : i32) : i32{{$}}",
                    "nvvm.bar.warp.sync %[[M]] : i32{{$}}"]
    elif ex == "workgroup":
        body = ["nvvm.barrier{{$}}"]
    else:
        # barrier.cluster.arrive has release semantics unless .relaxed, and
        # wait has acquire semantics: .relaxed where no release is asked.
        relaxed = not mem or not has_release
        body = ["nvvm.cluster.arrive%s {aligned}{{$}}" %
                (".relaxed" if relaxed else ""),
                "nvvm.cluster.wait {aligned}{{$}}"]
    seq = before + body + after
    return [("CHECK" if i == 0 else "CHECK-NEXT", line)
            for i, line in enumerate(seq)]


def cpu_barrier(exec_scope, mem, order, mask=False, reduce=None,
                pred_type="i32"):
    """A workgroup is an OpenMP team: omp.barrier, a full flush of all
    memory, covers any memory part (docs/lowering.md). Nothing else."""
    if mask:
        return Error("a barrier over part of a subgroup (lane mask) has no "
                     "form on target 'cpu'")
    if reduce or exec_scope != "workgroup":
        return Error("a %s of execution scope '%s' has no form on target "
                     "'cpu'%s" % ("reducing barrier" if reduce else "barrier",
                                  exec_scope, grid_note(exec_scope)))
    return [("CHECK", "omp.barrier{{$}}")]


# ----------------------------------------------------------------- SPIR-V

SPIRV_RMW = {"add": "AtomicIAdd", "sub": "AtomicISub", "and": "AtomicAnd",
             "or": "AtomicOr", "xor": "AtomicXor", "min": "AtomicSMin",
             "max": "AtomicSMax", "umin": "AtomicUMin", "umax": "AtomicUMax",
             "xchg": "AtomicExchange", "fadd": "EXT.AtomicFAdd"}


def spirv_semantics(order, spaces, vulkan):
    if order == "relaxed":
        return "None"
    names = {SPIRV_ORDERS[order]}
    storage = {"local": "WorkgroupMemory",
               "global": "UniformMemory" if vulkan else "CrossWorkgroupMemory",
               "image": "ImageMemory"}
    names |= {storage[sp] for sp in spaces}
    if vulkan and order in ("release", "acq_rel"):
        names.add("MakeAvailable")
    if vulkan and order in ("acquire", "acq_rel"):
        names.add("MakeVisible")
    return "|".join(n for n, _ in SPIRV_BITS if n in names)


def spirv_mem_scope(scope, semantics, vulkan):
    # Vulkan allows only semantics None at Invocation scope
    # (VUID-StandaloneSpirv-None-04641): an ordered thread-scope access uses
    # the next wider scope, Subgroup (strengthening, §4 rule 1).
    if vulkan and scope == "thread" and semantics != "None":
        return "Subgroup"
    return SPIRV_SCOPES[scope]


def spirv_target(vulkan):
    return "spirv-vulkan" if vulkan else "spirv-opencl"


def spirv_order_scope_error(scope, orders, vulkan):
    if vulkan and scope == "system":
        return Error("scope 'system' has no equal or wider form on target "
                     "'spirv-vulkan'; refusing to weaken it")
    if vulkan and "seq_cst" in orders:
        return Error("order 'seq_cst' has no sound form on target "
                     "'spirv-vulkan' (it has no sequential consistency)")
    return None


def spirv_storage_class(addr, vulkan):
    if addr in ("s", "ms"):
        return "Workgroup"
    return "StorageBuffer" if vulkan else "CrossWorkgroup"


def spirv_atomic_line(opname, scope, sems, addr, t, vulkan, operands):
    sem_text = " ".join("<%s>" % s for s in sems)
    scope_text = spirv_mem_scope(scope, sems[0], vulkan)
    return "= spirv.%s <%s> %s %s, %s : !spirv.ptr<%s, %s>{{$}}" % (
        opname, scope_text, sem_text, V, operands, t,
        spirv_storage_class(addr, vulkan))


ALL = ["local", "global", "image"]


def spirv_rmw(kind, t, addr, scope, order, vulkan, val):
    err = spirv_order_scope_error(scope, [order], vulkan)
    if err:
        return err
    if kind in ("inc", "dec"):
        # OpAtomicIIncrement/IDecrement do not wrap at an operand.
        return Error("atomic '%s' has no form on target '%s'" %
                     (kind, spirv_target(vulkan)))
    # An ordered atomic orders every space (docs/lowering.md).
    sem = spirv_semantics(order, ALL, vulkan)
    return [("CHECK", spirv_atomic_line(SPIRV_RMW[kind], scope, [sem], addr,
                                        t, vulkan, val))]


def spirv_cmpxchg(t, addr, scope, succ, fail, weak, vulkan, weak_op, e, d):
    err = spirv_order_scope_error(scope, [succ, fail], vulkan)
    if err:
        return err
    if t.startswith("f"):
        return Error("SPIR-V has no atomic compare-exchange on '%s'" % t,
                     late=True)
    op = "AtomicCompareExchangeWeak" if weak and weak_op else \
        "AtomicCompareExchange"
    sems = [spirv_semantics(succ, ALL, vulkan),
            spirv_semantics(fail, ALL, vulkan)]
    # The scope is the op's: Invocation only where both are None.
    # Value = desired, Comparator = expected (docs/lowering.md). The failure
    # order is never stronger than the success order, so the success
    # semantics decide the scope (spirv_mem_scope).
    line = spirv_atomic_line(op, scope, sems, addr, t, vulkan,
                             "%s, %s" % (d, e))
    return [("CHECK", "%[[OLD:.*]] " + line),
            ("CHECK-NEXT", "= spirv.IEqual %%[[OLD]], %s : %s{{$}}" % (e, t))]


def spirv_load(t, addr, scope, order, vulkan):
    err = spirv_order_scope_error(scope, [order], vulkan)
    if err:
        return err
    if t.startswith("f"):
        return Error("no SPIR-V atomic load of '%s' (the SPIR-V dialect "
                     "route writes atomic loads of integers only)" % t,
                     late=True)
    sem = spirv_semantics(order, ALL, vulkan)
    # MLIR's SPIR-V dialect has no OpAtomicLoad: the load is an OR of 0
    # marked as a load, which --export-spirv writes as OpAtomicLoad
    # (docs/lowering.md).
    mark = " {xfence.atomic_load}"
    if is_memref(addr):
        # The access chain's constants come between; the zero is checked at
        # the pointer addresses.
        return [("CHECK", spirv_atomic_line("AtomicOr", scope, [sem], addr,
                                            t, vulkan, V + mark))]
    return [("CHECK", "%%[[Z:.*]] = spirv.Constant 0 : %s{{$}}" % t),
            ("CHECK-NEXT", spirv_atomic_line("AtomicOr", scope, [sem], addr,
                                             t, vulkan, "%[[Z]]" + mark))]


def spirv_store(t, addr, scope, order, vulkan, val):
    err = spirv_order_scope_error(scope, [order], vulkan)
    if err:
        return err
    sem = spirv_semantics(order, ALL, vulkan)
    # An exchange marked to be written as OpAtomicStore (ExportSPIRV.cpp).
    return [("CHECK", spirv_atomic_line("AtomicExchange", scope, [sem], addr,
                                        t, vulkan,
                                        val + " {xfence.atomic_store}"))]


def spirv_barrier(exec_scope, mem, order, spaces, vulkan, mask=False,
                  reduce=None, pred_type="i32"):
    target = spirv_target(vulkan)
    if mask:
        return Error("a barrier over part of a subgroup (lane mask) has no "
                     "form on target '%s'" % target)
    if reduce or exec_scope not in ("subgroup", "workgroup"):
        return Error("a %s of execution scope '%s' has no form on target "
                     "'%s'%s" % ("reducing barrier" if reduce else "barrier",
                                 exec_scope, target, grid_note(exec_scope)))
    ex = SPIRV_SCOPES[exec_scope]
    if not mem:
        return [("CHECK", "spirv.ControlBarrier <%s>, <%s>, <None>{{$}}" %
                 (ex, ex))]
    err = spirv_order_scope_error(mem, [order], vulkan)
    if err:
        return err
    sem = spirv_semantics(order, spaces, vulkan)
    return [("CHECK", "spirv.ControlBarrier <%s>, <%s>, <%s>{{$}}" %
             (ex, spirv_mem_scope(mem, sem, vulkan), sem))]


# convert-xfence-to-llvm-spirv: the operands of the SPIR-V forms above as
# constants of calls of the SPIR-V built-ins (docs/lowering.md), mangled for
# the pointer and value type. Loads, stores and float compare-exchanges,
# which the SPIR-V dialect cannot write, are OpAtomicLoad, OpAtomicStore and
# an integer OpAtomicCompareExchange of the float's bits there.
LLVM_SPIRV_IMPLICIT = ["xfence.", "llvm.call", "llvm.fence", "llvm.atomicrmw",
                       "llvm.cmpxchg", "llvm.load", "llvm.store"]
ITANIUM = {"i32": "i", "i64": "l", "f32": "f", "f64": "d"}
LLVM_SPIRV_RMW = {"add": "IAdd", "sub": "ISub", "and": "And", "or": "Or",
                  "xor": "Xor", "min": "SMin", "max": "SMax", "umin": "UMin",
                  "umax": "UMax", "xchg": "Exchange", "fadd": "FAddEXT"}


def llvm_spirv_call(name, addr, t, sems, values, result):
    """The call of `__spirv_<name>` on the address with Scope and `sems`
    semantics operands (C0, C1, ...), then `values`."""
    ptr = llvm_ptr(addr)
    space = re.search(r"<(\d+)>", ptr)
    mangled_ptr = ("PU3AS%s" % space.group(1) if space else "P") + ITANIUM[t]
    full = "__spirv_" + name
    mangled = "_Z%d%s%s%s%s" % (len(full), full, mangled_ptr,
                                "i" * (1 + sems), ITANIUM[t] * len(values))
    operands = [llvm_addr_operand(addr)] + \
        ["%%[[C%d]]" % i for i in range(1 + sems)] + values
    types = [ptr] + ["i32"] * (1 + sems) + [t] * len(values)
    return "llvm.call spir_funccc @%s(%s) {no_unwind} : (%s) -> %s{{$}}" % (
        mangled, ", ".join(operands), ", ".join(types), result)


def llvm_spirv_atomic(name, addr, t, scope, orders, values, result):
    sems = [spirv_semantics_number(spirv_semantics(o, ALL, False))
            for o in orders]
    lines = [("CHECK" if i == 0 else "CHECK-NEXT", line) for i, line in
             enumerate(llvm_spirv_constants(
                 [SPIRV_SCOPE_NUMBERS[SPIRV_SCOPES[scope]]] + sems))]
    call = llvm_spirv_call(name, addr, t, len(sems), values, result)
    return lines + [("CHECK-NEXT", ("= " if result != "()" else "") + call)]


def llvm_spirv_rmw(kind, t, addr, scope, order, val):
    exp = spirv_rmw(kind, t, addr, scope, order, False, val)
    if isinstance(exp, Error):
        return exp
    return llvm_spirv_atomic("Atomic" + LLVM_SPIRV_RMW[kind], addr, t, scope,
                             [order], [val], t)


def llvm_spirv_cmpxchg(t, addr, scope, succ, fail, weak, e, d):
    # The strong form also for `weak` (it never fails spuriously).
    it = int_of(t)
    lines = []
    if t.startswith("f"):
        lines = [("CHECK", "%%[[E:.*]] = llvm.bitcast %s : %s to %s" %
                  (e, t, it)),
                 ("CHECK-NEXT", "%%[[D:.*]] = llvm.bitcast %s : %s to %s" %
                  (d, t, it))]
        e, d = "%[[E]]", "%[[D]]"
    call = llvm_spirv_atomic("AtomicCompareExchange", addr, it, scope,
                             [succ, fail], [d, e], it)
    if lines:
        call[0] = ("CHECK", call[0][1])
    call[-1] = ("CHECK-NEXT", "%[[OLD:.*]] " + call[-1][1])
    lines += call
    lines.append(("CHECK-NEXT", 'llvm.icmp "eq" %%[[OLD]], %s : %s{{$}}' %
                  (e, it)))
    if t.startswith("f"):
        lines.append(("CHECK-NEXT", "llvm.bitcast %%[[OLD]] : %s to %s" %
                      (it, t)))
    return lines


def llvm_spirv_barrier(exec_scope, mem, order, spaces, **kw):
    exp = spirv_barrier(exec_scope, mem, order, spaces, False, **kw)
    if isinstance(exp, Error):
        return exp
    m = re.search(r"spirv\.ControlBarrier <(\w+)>, <(\w+)>, <([\w|]+)>",
                  exp[0][1])
    lines = [("CHECK" if i == 0 else "CHECK-NEXT", line) for i, line in
             enumerate(llvm_spirv_constants(
                 [SPIRV_SCOPE_NUMBERS[m.group(1)],
                  SPIRV_SCOPE_NUMBERS[m.group(2)],
                  spirv_semantics_number(m.group(3))]))]
    return lines + [("CHECK-NEXT",
                     "llvm.call spir_funccc @_Z22__spirv_ControlBarrieriii("
                     "%[[C0]], %[[C1]], %[[C2]]) {convergent, no_unwind} : "
                     "(i32, i32, i32) -> (){{$}}")]


# ------------------------------------------------------------------ targets

class Target:
    def __init__(self, key, cmd, implicit, rmw, cmpxchg, load, store,
                 barrier, module_attrs=None):
        self.key = key
        self.cmd = cmd
        self.implicit = implicit
        self.rmw = rmw
        self.cmpxchg = cmpxchg
        self.load = load
        self.store = store
        self.barrier = barrier
        self.module_attrs = module_attrs


PTX_IMPLICIT = ["xfence.", "llvm.fence", "llvm.inline_asm", "llvm.atomicrmw",
                "llvm.cmpxchg", "llvm.load", "llvm.store", "llvm.sub",
                "nvvm."]
CPU_IMPLICIT = ["xfence.", "llvm.fence", "llvm.atomicrmw", "llvm.cmpxchg",
                "llvm.load", "llvm.store", "omp."]
SPIRV_IMPLICIT = ["xfence.", "spirv.Atomic", "spirv.EXT", "spirv.IEqual",
                  "spirv.MemoryBarrier", "spirv.ControlBarrier"]

# The environments of the SPIR-V atomic tests: every type the tests use is
# native (no emulation), and fadd has its extension.
SPIRV_OPENCL_ENV = (
    "#spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, GenericPointer, "
    "Int64, Float64, Int64Atomics, AtomicFloat32AddEXT, AtomicFloat64AddEXT],"
    " [SPV_EXT_shader_atomic_float_add]>, api=OpenCL, "
    "#spirv.resource_limits<>>")
SPIRV_VULKAN_ENV = (
    "#spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, Float64, "
    "Int64Atomics, VulkanMemoryModel, AtomicFloat32AddEXT, "
    "AtomicFloat64AddEXT], [SPV_KHR_storage_buffer_storage_class, "
    "SPV_EXT_shader_atomic_float_add]>, api=Vulkan, "
    "#spirv.resource_limits<>>")


def make_ptx(sm90):
    sm = "sm=90 ptx=86" if sm90 else "sm=80 ptx=78"
    return Target(
        "ptx/%%s-sm%s" % ("90" if sm90 else "80"),
        "xfence-opt %%s --convert-xfence-to-nvvm=\"%s\"" % sm, PTX_IMPLICIT,
        rmw=lambda k, t, a, s, o, val: ptx_rmw(k, t, a, s, o, sm90, val),
        cmpxchg=lambda t, a, s, so, fo, w, e, d: llvm_cmpxchg(
            t, a, nvptx_syncscope(s, sm90), so, fo, w, e, d),
        load=lambda t, a, s, o: llvm_load(t, a, nvptx_syncscope(s, sm90), o),
        store=lambda t, a, s, o, val: llvm_store(
            t, a, nvptx_syncscope(s, sm90), o, val),
        barrier=lambda e, m, o, sp, **kw: ptx_barrier(e, m, o, sm90, **kw))


def make_cpu():
    return Target(
        "cpu/%s", "xfence-opt %s --convert-xfence-to-cpu", CPU_IMPLICIT,
        rmw=cpu_rmw,
        cmpxchg=lambda t, a, s, so, fo, w, e, d: llvm_cmpxchg(
            t, a, cpu_syncscope(s), so, fo, w, e, d),
        load=lambda t, a, s, o: llvm_load(t, a, cpu_syncscope(s), o),
        store=lambda t, a, s, o, val: llvm_store(t, a, cpu_syncscope(s), o,
                                                 val),
        barrier=lambda e, m, o, sp, **kw: cpu_barrier(e, m, o, **kw))


def make_spirv(vulkan):
    # The weak form exists in the OpenCL environment up to SPIR-V 1.3
    # (docs/lowering.md); the environment here is SPIR-V 1.0.
    weak_op = not vulkan
    return Target(
        "spirv/%%s-%s" % ("vulkan" if vulkan else "opencl"),
        "xfence-opt %%s --convert-xfence-to-spirv%s" %
        ("=vulkan=true" if vulkan else ""), SPIRV_IMPLICIT,
        rmw=lambda k, t, a, s, o, val: spirv_rmw(k, t, a, s, o, vulkan, val),
        cmpxchg=lambda t, a, s, so, fo, w, e, d: spirv_cmpxchg(
            t, a, s, so, fo, w, vulkan, weak_op, e, d),
        load=lambda t, a, s, o: spirv_load(t, a, s, o, vulkan),
        store=lambda t, a, s, o, val: spirv_store(t, a, s, o, vulkan, val),
        barrier=lambda e, m, o, sp, **kw: spirv_barrier(e, m, o, sp, vulkan,
                                                        **kw),
        module_attrs=SPIRV_VULKAN_ENV if vulkan else SPIRV_OPENCL_ENV)


# ------------------------------------------------------------------ groups

class Group:
    """One test function: its name, arguments and ops with expectations."""

    def __init__(self, name, args, ops):
        self.name = name
        self.args = args  # [(name, type)]
        self.ops = ops    # [(op text, expectation)]


def atomic_args(addr, t, values):
    args = [("p", addr_type(addr, t))]
    if is_memref(addr):
        args.append(("i", "index"))
    return args + [(v, t) for v in values]


def addr_text(addr):
    return "%p[%i]" if is_memref(addr) else "%p"


def arg_ref(args, name):
    return "%%arg%d" % [a for a, _ in args].index(name)


def rmw_groups(tgt):
    plan = []
    # Every kind on its first type, both pointer spaces, every scope x order.
    for kind in KINDS:
        t = "f32" if kind == "fadd" else "i32"
        for addr in ("g", "s"):
            plan.append((kind, t, addr, all_scope_orders()))
    # memref addresses (PTX/CPU: a GEP, SPIR-V: an access chain).
    for addr in ("m", "ms"):
        plan.append(("add", "i32", addr, all_scope_orders()))
    # Type variants: the lowering is type-generic apart from the names of
    # types, so a sample of scope x order that has every scope and order.
    for kind in INT_KINDS:
        plan.append((kind, "i64", "g", sampled_scope_orders()))
    for kind, t in (("fadd", "f64"), ("xchg", "f32"), ("xchg", "f64")):
        plan.append((kind, t, "g", sampled_scope_orders()))
    groups = []
    for kind, t, addr, combos in plan:
        args = atomic_args(addr, t, ["v"])
        val = arg_ref(args, "v")
        ops = []
        for scope, order in combos:
            text = "%%r = xfence.atomic_rmw %s %s, %%v %s %s : %s, %s" % (
                kind, addr_text(addr), scope, order, addr_type(addr, t), t)
            ops.append((text, tgt.rmw(kind, t, addr, scope, order, val)))
        groups.append(Group("rmw_%s_%s_%s" % (kind, t, addr), args, ops))
    return groups


def cmpxchg_groups(tgt):
    full = [(s, so, fo) for s in SCOPES for so, fo in CAS_PAIRS]
    sample = [(s, CAS_PAIRS[(2 * i + d) % 9][0], CAS_PAIRS[(2 * i + d) % 9][1])
              for i, s in enumerate(SCOPES) for d in (0, 1)]
    plan = []
    for addr in ("g", "s"):
        for weak in (False, True):
            plan.append(("i32", addr, weak, full))
    for addr in ("m", "ms"):
        plan.append(("i32", addr, False, full))
    for t in ("i64", "f32", "f64"):
        for weak in (False, True):
            plan.append((t, "g", weak, sample))
    groups = []
    for t, addr, weak, combos in plan:
        args = atomic_args(addr, t, ["e", "d"])
        e, d = arg_ref(args, "e"), arg_ref(args, "d")
        ops = []
        for scope, so, fo in combos:
            text = ("%%o, %%ok = xfence.atomic_cmpxchg %s, %%e, %%d %s %s %s%s"
                    " : %s, %s" % (addr_text(addr), scope, so, fo,
                                   " weak" if weak else "",
                                   addr_type(addr, t), t))
            ops.append((text, tgt.cmpxchg(t, addr, scope, so, fo, weak, e,
                                          d)))
        groups.append(Group("cmpxchg_%s%s_%s" % ("weak_" if weak else "", t,
                                                 addr), args, ops))
    return groups


def load_store_groups(tgt):
    plan = [("i32", a) for a in ("g", "s", "m", "ms")]
    plan += [(t, "g") for t in ("i64", "f32", "f64")]
    groups = []
    for t, addr in plan:
        args = atomic_args(addr, t, [])
        ops = []
        for scope in SCOPES:
            for order in LOAD_ORDERS:
                text = "%%r = xfence.atomic_load %s %s %s : %s -> %s" % (
                    addr_text(addr), scope, order, addr_type(addr, t), t)
                ops.append((text, tgt.load(t, addr, scope, order)))
        groups.append(Group("load_%s_%s" % (t, addr), args, ops))
    for t, addr in plan:
        args = atomic_args(addr, t, ["v"])
        val = arg_ref(args, "v")
        ops = []
        for scope in SCOPES:
            for order in STORE_ORDERS:
                text = "xfence.atomic_store %%v, %s %s %s : %s, %s" % (
                    addr_text(addr), scope, order, t, addr_type(addr, t))
                ops.append((text, tgt.store(t, addr, scope, order, val)))
        groups.append(Group("store_%s_%s" % (t, addr), args, ops))
    return groups


BARRIER_ORDERS = ["acquire", "release", "acq_rel", "seq_cst"]
EXEC_SCOPES = ["subgroup", "workgroup", "cluster", "device", "system"]


def memory_parts(exec_scope, spaces_list):
    """Memory parts a barrier of this execution scope may have: every
    memory scope at least as wide, every order but relaxed, every list of
    spaces; and memory scope thread, which only [image] may have."""
    parts = [("thread", o, ["image"]) for o in BARRIER_ORDERS]
    for mem in SCOPES:
        if RANK[mem] >= RANK[exec_scope]:
            for o in BARRIER_ORDERS:
                for sp in spaces_list:
                    parts.append((mem, o, sp))
    return parts


def barrier_text(exec_scope, mem, order, spaces, mask=False, reduce=None,
                 pred_type="i32"):
    memory = (" memory %s %s [%s]" % (mem, order, ", ".join(spaces))
              if mem else "")
    if reduce:
        return "%%r = xfence.barrier_reduce %s %%c %s%s : %s" % (
            reduce, exec_scope, memory, pred_type)
    return "xfence.barrier %s%s%s" % (exec_scope,
                                      " mask(%m)" if mask else "", memory)


def barrier_groups(tgt):
    groups = [Group("barrier_exec_only", [], [
        (barrier_text(e, None, None, None), tgt.barrier(e, None, None, None))
        for e in EXEC_SCOPES])]
    for e in EXEC_SCOPES:
        by_mem = {}
        for mem, o, sp in memory_parts(e, NONEMPTY_SPACES):
            by_mem.setdefault(mem, []).append(
                (barrier_text(e, mem, o, sp), tgt.barrier(e, mem, o, sp)))
        for mem, ops in by_mem.items():
            groups.append(Group("barrier_%s_memory_%s" % (e, mem), [], ops))
    return groups


def partial_reduce_groups(tgt):
    """Masked subgroup barriers (every memory part) and reducing barriers
    (every reduction x execution scope x memory scope x order; the spaces
    rotate through every list, and the predicate type through i32, i1 and
    i64, as the lowering is generic in both)."""
    ops = [(barrier_text("subgroup", None, None, None, mask=True),
            tgt.barrier("subgroup", None, None, None, mask=True))]
    for mem, o, sp in memory_parts("subgroup", NONEMPTY_SPACES):
        ops.append((barrier_text("subgroup", mem, o, sp, mask=True),
                    tgt.barrier("subgroup", mem, o, sp, mask=True)))
    groups = [Group("barrier_masked", [("m", "i32")], ops)]
    n = 0
    for red in ("count", "and", "or"):
        for e in EXEC_SCOPES:
            for pt in ("i32", "i1", "i64"):
                ops = []
                if pt == "i32":
                    ops.append((barrier_text(e, None, None, None, reduce=red),
                                tgt.barrier(e, None, None, None, reduce=red)))
                    for mem, o, _ in memory_parts(e, [None]):
                        sp = ["image"] if mem == "thread" else \
                            NONEMPTY_SPACES[n % len(NONEMPTY_SPACES)]
                        n += 1
                        ops.append((barrier_text(e, mem, o, sp, reduce=red),
                                    tgt.barrier(e, mem, o, sp, reduce=red)))
                else:
                    ops.append((barrier_text(e, None, None, None, reduce=red,
                                             pred_type=pt),
                                tgt.barrier(e, None, None, None, reduce=red,
                                            pred_type=pt)))
                groups.append(Group("barrier_reduce_%s_%s_%s" % (red, e, pt),
                                    [("c", pt)], ops))
    return groups


FAMILIES = {
    "barriers": (barrier_groups,
                 "every barrier: execution scope subgroup, workgroup, "
                 "cluster, device, system; execution-only, or a memory part "
                 "of every memory scope at least as wide (and thread for "
                 "[image]) x order acquire/release/acq_rel/seq_cst x every "
                 "non-empty list of spaces."),
    "barriers-partial-reduce": (
        partial_reduce_groups,
        "masked subgroup barriers with every memory part; reducing barriers "
        "(count, and, or) x execution scope x (execution-only | memory "
        "scope x order), the spaces rotating through every list (the "
        "lowering does not depend on them beyond the barrier's own bits) and "
        "the predicate type i32, with i1 and i64 for execution-only."),
    "atomic-rmw": (
        rmw_groups,
        "atomic_rmw: every kind x every scope x every order on i32 (fadd: "
        "f32) at !llvm.ptr<1> and !llvm.ptr<3>; add at memref addresses "
        "(default space and space 3) x every scope x order; i64 for every "
        "integer kind, f64 fadd, f32/f64 xchg on a sample of scope x order "
        "that has every scope and every order twice (the lowering is "
        "generic in the type beyond its name)."),
    "atomic-cmpxchg-load-store": (
        lambda tgt: cmpxchg_groups(tgt) + load_store_groups(tgt),
        "atomic_cmpxchg: every (success, failure) pair the verifier allows "
        "x every scope, strong and weak, on i32 at !llvm.ptr<1>/<3>, strong "
        "at memrefs; i64/f32/f64 on a sample that has every scope twice. "
        "atomic_load / atomic_store: every allowed order x every scope on "
        "i32 at every address kind and on i64/f32/f64 at !llvm.ptr<1>."),
}


def func_text(group, ops):
    sig = ", ".join("%%%s: %s" % (n, t) for n, t in group.args)
    lines = ["func.func @%s(%s) {" % (group.name, sig)]
    for j, text in enumerate(ops):
        # Each result gets its own name.
        text = text.replace("%r =", "%%r%d =" % j).replace(
            "%o, %ok =", "%%o%d, %%ok%d =" % (j, j))
        lines.append("  " + text)
    lines += ["  return", "}"]
    return lines


def gen_header(cmd, implicit, about, errors=False):
    if errors:
        run = "// RUN: %s --split-input-file --verify-diagnostics" % cmd
    else:
        run = "// RUN: %s | FileCheck %%s %s" % (
            cmd, " ".join("--implicit-check-not=%s" % p for p in implicit))
    return ["// Generated by %s; do not edit." % GEN, run,
            "// RUN: %%python %%xfence_src/%s --check" % GEN,
            "//"] + ["// " + line for line in wrap(about)]


def wrap(text, width=76):
    words, lines, cur = text.split(), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = (cur + " " + w) if cur else w
    if cur:
        lines.append(cur)
    return lines


def render_family(tgt, family):
    build, about = FAMILIES[family]
    groups = build(tgt)
    out = gen_header(tgt.cmd, tgt.implicit,
                     "The forms the target accepts, each checked against the "
                     "instructions docs/semantics.md and docs/lowering.md "
                     "name. Covers " + about +
                     " Refused forms: the -errors file.")
    body = []
    count = 0
    for g in groups:
        accepted = [(t, e) for t, e in g.ops if not isinstance(e, Error)]
        if not accepted:
            continue
        count += len(accepted)
        body.append("")
        body.append("// CHECK-LABEL: func @%s(" % g.name)
        for _, exp in accepted:
            for directive, line in exp:
                body.append("// %s: %s" % (directive, line))
        body.append("// CHECK: return")
        body += func_text(g, [t for t, _ in accepted])
    if not count:
        return None, 0
    out.insert(4, "// %d cases." % count)
    if tgt.module_attrs:
        body = ["", "module attributes {spirv.target_env = %s} {" %
                tgt.module_attrs] + body + ["}"]
    return "\n".join(out + body) + "\n", count


def render_family_errors(tgt, family):
    """The refused ops of a family: every function of refused ops in one
    split (legalization reports every refused op of the module), and each
    op the conversion refuses in a split of its own (the conversion stops at
    the first op it cannot convert)."""
    build, _ = FAMILIES[family]
    early_funcs, late_funcs = [], []
    count = 0
    for g in build(tgt):
        early = [(t, e) for t, e in g.ops
                 if isinstance(e, Error) and not e.late]
        late = [(t, e) for t, e in g.ops if isinstance(e, Error) and e.late]
        count += len(early) + len(late)
        if early:
            body = func_text(g, [t for t, _ in early])
            lines = body[:1]
            for (_, e), line in zip(early, body[1:]):
                lines.append("  // expected-error @+1 {{%s}}" % e.msg)
                lines.append(line)
            early_funcs.append(lines + ["  return", "}"])
        for i, (t, e) in enumerate(late):
            body = func_text(Group("%s_%d" % (g.name, i), g.args, []), [t])
            opname = re.search(r"xfence\.\w+", t).group(0)
            late_funcs.append(
                body[:1] +
                ["  // expected-error @+2 {{%s}}" % e.msg,
                 "  // expected-error @+1 {{failed to legalize operation "
                 "'%s'}}" % opname] + body[1:])
    if not count:
        return None
    splits = []
    if early_funcs:
        split = []
        for f in early_funcs:
            split += [""] + f
        splits.append(split)
    splits += [[""] + f for f in late_funcs]
    atomic = family.startswith("atomic")
    text = gen_header(tgt.cmd, None,
                      "The %s forms the target must refuse, each with its "
                      "error (the %s file has the accepted ones). %d cases."
                      % (family, family, count), errors=True)
    for i, split in enumerate(splits):
        if i:
            text += ["", "// -----"]
        if tgt.module_attrs and atomic:
            text += ["", "module attributes {spirv.target_env = %s} {" %
                     tgt.module_attrs] + split + ["}"]
        else:
            text += split
    return "\n".join(text) + "\n"


def make_llvm_spirv():
    return Target(
        "spirv/llvm-spirv-%s", "xfence-opt %s --convert-xfence-to-llvm-spirv",
        LLVM_SPIRV_IMPLICIT, rmw=llvm_spirv_rmw, cmpxchg=llvm_spirv_cmpxchg,
        load=lambda t, a, s, o: llvm_spirv_atomic(
            "AtomicLoad", a, t, s, [o], [], t),
        store=lambda t, a, s, o, val: llvm_spirv_atomic(
            "AtomicStore", a, t, s, [o], [val], "()"),
        barrier=llvm_spirv_barrier)


GEN_TARGETS = [make_ptx(True), make_ptx(False), make_cpu(), make_spirv(False),
               make_spirv(True), make_llvm_spirv()]


def generated_files():
    files = []
    for tgt in GEN_TARGETS:
        for family in FAMILIES:
            text, _ = render_family(tgt, family)
            if text:
                files.append((tgt.key % family + ".mlir", text))
            text = render_family_errors(tgt, family)
            if text:
                files.append((tgt.key % (family + "-errors") + ".mlir",
                              text))
    return files


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    check = "--check" in sys.argv
    stale = []
    files = [(rel, render(cmd, expect))
             for rel, (cmd, expect) in TARGETS.items()]
    files += [(rel, render_errors(cmd, error))
              for rel, (cmd, error) in ERROR_TARGETS.items()]
    files += generated_files()
    for rel, text in files:
        path = os.path.join(here, rel)
        if check:
            try:
                with open(path) as f:
                    current = f.read()
            except OSError:
                current = None
            if current != text:
                stale.append(rel)
        else:
            with open(path, "w") as f:
                f.write(text)
    if stale:
        sys.exit("stale generated tests (rerun gen_fence_tests.py): " +
                 ", ".join(stale))


if __name__ == "__main__":
    main()
