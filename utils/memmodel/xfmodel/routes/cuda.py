"""CUDA C++: the one table of what each synchronization construct means,
used to write CUDA sources and to read CUDA outputs.

Sources (cited per row): the CUDA C++ Programming Guide, "Memory Fence
Functions" (G-fence), "Synchronization Functions" (G-sync), "Atomic
Functions" (G-atomic); libcu++'s `cuda::atomic_ref`,
`cuda::atomic_thread_fence` and `cuda::atomic_signal_fence` (LCU); the
PTX ISA memory consistency model that both compile to (PTX-8, "Scope",
"Morally strong operations"). In CUDA every fence and barrier orders every
state space, so each meaning names local (shared) and global memory.
No CUDA construct has a strongest and a weakest meaning that differ.
"""

import re

from ..events import Event
from .common import (ALL_SPACES, ARG, INT, STRONG, Ctx, Row, Naming,
                     expected_value, foreign_rows,
                     loc_in, plain_rows, write_threads, out_stores,
                     function_bodies, scan, Unreadable, spell_all)

SCOPE = {"thread": "thread", "block": "workgroup", "device": "device",
         "system": "system"}
SCOPE_NAME = {v: k for k, v in SCOPE.items()}
SUFFIX_SCOPE = {"_block": "workgroup", "": "device", "_system": "system"}
SCOPE_SUFFIX = {v: k for k, v in SUFFIX_SCOPE.items()}

ORD = r"(?:cuda::)?(?:std::)?memory_order_(relaxed|acquire|release|acq_rel|seq_cst)"
SCO = r"cuda::thread_scope_(thread|block|device|system)"
REF = (r"(?:cuda::atomic_ref\s*<\s*int\s*,\s*" + SCO + r"\s*>\s*(?:\w+\s*)?\(\s*(" +
       ARG + r")\s*\)\s*\.|\(\s*\(\s*cuda::atomic\s*<\s*int\s*,\s*" +
       SCO.replace("(thread|", "(?P<s2>thread|") + r"\s*>\s*\*\s*\)\s*(?P<p2>" +
       ARG + r")\s*\)\s*->)\s*")


def _fence(scope, order="seq_cst"):
    return Event("F", order=order, scope=scope, spaces=ALL_SPACES)


def _o(order):
    return "cuda::memory_order_" + order


def _s(scope):
    return "cuda::thread_scope_" + SCOPE_NAME[scope]


def _spell_fence(ev, c):
    if ev.kind != "F":
        return []
    out = []
    if ev.order == "seq_cst" and ev.scope in ("workgroup", "device", "system"):
        out.append({"workgroup": "__threadfence_block();",
                    "device": "__threadfence();",
                    "system": "__threadfence_system();"}[ev.scope])
    if ev.scope in SCOPE_NAME and ev.scope != "thread":
        out.append("cuda::atomic_thread_fence(%s, %s);" % (_o(ev.order),
                                                          _s(ev.scope)))
    if ev.scope == "system":
        out.append("cuda::std::atomic_thread_fence(cuda::std::memory_order_%s);"
                   % ev.order)
    if ev.scope == "thread":
        out.append("cuda::atomic_signal_fence(%s);" % _o(ev.order))
        out.append("cuda::atomic_thread_fence(%s, %s);" % (
            _o(ev.order), _s(ev.scope)))
    return out


def _spell_barrier(ev, c):
    if ev.kind != "B":
        return []
    if ev.exec_scope == "workgroup":
        return ["__syncthreads();"]
    if ev.exec_scope == "subgroup":
        return ["__syncwarp();", "__syncwarp(0xffffffff);"]
    return []


def _spell_atomic(ev, c):
    if not (ev.atomic or ev.kind == "RMW") or ev.scope not in SCOPE_NAME:
        return []
    out = []
    for ref in ("cuda::atomic_ref<int, %s>(%s[0])" % (_s(ev.scope), ev.loc),
                "((cuda::atomic<int, %s> *)&%s[0])->" % (_s(ev.scope),
                                                        ev.loc)):
        out += _spell_member(ev, ref)
    if ev.kind == "RMW" and ev.order == "relaxed" and \
            ev.scope in SCOPE_SUFFIX:
        if ev.expect is None:
            out.append("int %s = atomicExch%s(&%s[0], %d);" % (
                ev.reg, SCOPE_SUFFIX[ev.scope], ev.loc, ev.value))
        else:
            out.append("int %s = atomicCAS%s(&%s[0], %d, %d);" % (
                ev.reg, SCOPE_SUFFIX[ev.scope], ev.loc, ev.expect, ev.value))
    return out


def _spell_member(ev, ref):
    """An atomic_ref temporary (`ref.`) or a cuda::atomic pointer
    (`ref->`): the same member functions (libcu++ atomic and atomic_ref)."""
    if not ref.endswith("->"):
        ref += "."
    out = []
    if ev.kind == "R" and ev.order in ("relaxed", "acquire", "seq_cst"):
        out.append("int %s = %sload(%s);" % (ev.reg, ref, _o(ev.order)))
        if ev.order == "seq_cst":
            out.append("int %s = %sload();" % (ev.reg, ref))
    elif ev.kind == "W" and ev.order in ("relaxed", "release", "seq_cst"):
        out.append("%sstore(%d, %s);" % (ref, ev.value, _o(ev.order)))
    elif ev.kind == "RMW" and ev.expect is None:
        out.append("int %s = %sexchange(%d, %s);" % (ev.reg, ref, ev.value,
                                                     _o(ev.order)))
    elif ev.kind == "RMW":
        out.append("int %s = %d; %scompare_exchange_strong(%s, %d, %s);" % (
            ev.reg, ev.expect, ref, ev.reg, ev.value, _o(ev.order)))
    return out


def _ref_target(m):
    """The scope and location of an atomic_ref, or of a cuda::atomic
    reached through a cast pointer (`((cuda::atomic<int, S> *)p)->`)."""
    if m.group(1) is not None:
        return SCOPE[m.group(1)], loc_in(m.group(2))
    return SCOPE[m.group("s2")], loc_in(m.group("p2"))


def _ref_meaning(m, reading, ctx):
    scope, loc = _ref_target(m)
    op = "cas"
    order = m.group("o") or "seq_cst"
    # compare_exchange_strong(expected, desired, order): the expected
    # variable holds the old value afterwards (on success it equals it).
    var = m.group("e")
    return [Event("RMW", loc, order, scope, value=int(m.group("v")),
                  expect=expected_value(ctx, var), reg=var)]


def _ref_any(m, reading, ctx):
    d = m.groupdict()
    scope, loc = _ref_target(m)
    if d.get("op1") == "load":
        return [Event("R", loc, d.get("o") or "seq_cst", scope)]
    kind = "W" if d["op2"] == "store" else "RMW"
    return [Event(kind, loc, d.get("o2") or "seq_cst", scope,
                  value=int(d["v"]))]



def _identity_rmw(m, reading, ctx):
    if int(m.group(4)) != 0:
        raise Unreadable("atomic%s with a value other than 0" % m.group(1))
    return [Event("RMW", loc_in(m.group(3)), "relaxed",
                  SUFFIX_SCOPE[m.group(2) or ""], value=0, expect=0)]


ROWS = [
    Row("__threadfence_block", r"\b__threadfence_block\s*\(\s*\)",
        lambda m, r, c: [_fence("workgroup")], _spell_fence,
        "G-fence: equivalent to cuda::atomic_thread_fence(seq_cst, "
        "thread_scope_block)"),
    Row("__threadfence", r"\b__threadfence\s*\(\s*\)",
        lambda m, r, c: [_fence("device")], _spell_fence,
        "G-fence: seq_cst fence at thread_scope_device"),
    Row("__threadfence_system", r"\b__threadfence_system\s*\(\s*\)",
        lambda m, r, c: [_fence("system")], _spell_fence,
        "G-fence: seq_cst fence at thread_scope_system"),
    Row("cuda::atomic_thread_fence",
        r"\bcuda::(?:std::)?atomic_thread_fence\s*\(\s*" + ORD +
        r"\s*(?:,\s*" + SCO + r"\s*)?\)",
        lambda m, r, c: [_fence(SCOPE[m.group(2) or "system"],
                                m.group(1))],
        _spell_fence,
        "LCU atomic_thread_fence: C++ [atomics.fences] at the given scope "
        "(the cuda::std form: system)"),
    Row("cuda::atomic_signal_fence",
        r"\bcuda::(?:std::)?atomic_signal_fence\s*\(\s*" + ORD + r"\s*\)",
        lambda m, r, c: [_fence("thread", m.group(1))], _spell_fence,
        "LCU atomic_signal_fence: C++ [atomics.fences]p7, a fence of the "
        "calling thread only"),
    Row("__syncthreads", r"\b__syncthreads\s*\(\s*\)",
        lambda m, r, c: [Event("B", order="acq_rel", scope="workgroup",
                               spaces=ALL_SPACES, exec_scope="workgroup")],
        _spell_barrier,
        "G-sync: waits for the block; global and shared accesses before "
        "it are visible to the block"),
    Row("__syncwarp",
        r"\b__syncwarp\s*\(\s*(?:-1|0xffffffff[uU]?|~0[uU]?)?\s*\)",
        lambda m, r, c: [Event("B", order="acq_rel", scope="subgroup",
                               spaces=ALL_SPACES, exec_scope="subgroup")],
        _spell_barrier,
        "G-sync __syncwarp: orders memory among the threads of the mask "
        "(all 32 lanes)"),
    Row("atomic_ref",
        REF + r"(?:(?P<op1>load)\s*\(\s*(?:" + ORD.replace("(relaxed", "(?P<o>relaxed") +
        r")?\s*\)|(?P<op2>store|exchange)\s*\(\s*" + INT.replace("(-?\\d+)", "(?P<v>-?\\d+)") +
        r"\s*(?:,\s*" + ORD.replace("(relaxed", "(?P<o2>relaxed") +
        r")?\s*\))",
        _ref_any, _spell_atomic,
        "LCU atomic_ref<T, S>: C++ [atomics.ref.ops] at scope S; the "
        "default order is seq_cst"),
    Row("atomic_ref compare_exchange",
        REF + r"(compare_exchange_strong)\s*\(\s*(?:\*\s*\(\s*&\s*)?"
        r"(?P<e>r\d+_\d+)\s*\)?\s*,\s*" +
        INT.replace("(-?\\d+)", "(?P<v>-?\\d+)") + r"\s*(?:,\s*" +
        ORD.replace("(relaxed", "(?P<o>relaxed") + r"\s*(?:,\s*" + ORD +
        r"\s*)?)?\)",
        _ref_meaning, _spell_atomic,
        "LCU atomic_ref::compare_exchange_strong: C++ [atomics.ref.ops]"),
    Row("atomicExch",
        r"\batomicExch(_block|_system)?\s*\(\s*(" + ARG + r")\s*,\s*" + INT +
        r"\s*\)",
        lambda m, r, c: [Event("RMW", loc_in(m.group(2)), "relaxed",
                               SUFFIX_SCOPE[m.group(1) or ""],
                               value=int(m.group(3)))],
        _spell_atomic,
        "G-atomic: atomic, relaxed, device scope (_block: block, "
        "_system: system)"),
    Row("atomicCAS",
        r"\batomicCAS(_block|_system)?\s*\(\s*(" + ARG + r")\s*,\s*" + INT +
        r"\s*,\s*" + INT + r"\s*\)",
        lambda m, r, c: [Event("RMW", loc_in(m.group(2)), "relaxed",
                               SUFFIX_SCOPE[m.group(1) or ""],
                               value=int(m.group(4)),
                               expect=int(m.group(3)))],
        _spell_atomic,
        "G-atomic atomicCAS: relaxed, device scope"),
    Row("atomicAdd/Sub/Or/Xor (p, 0)",
        r"\batomic(Add|Sub|Or|Xor)(_block|_system)?\s*\(\s*(" + ARG +
        r")\s*,\s*" + INT + r"\s*\)",
        _identity_rmw, None,
        "G-atomic atomicAdd/Sub/Or/Xor: relaxed, device scope (_block, "
        "_system); with 0 it writes back what it read: read as a "
        "compare-exchange of 0 with 0 (exact when it reads 0, a read "
        "otherwise)"),
] + plain_rows("G: ordinary accesses are non-atomic (data races are "
               "undefined)") + foreign_rows("CUDA C++")



# Identifiers that may stand between constructs: declarations, casts and
# the index arithmetic of the `out` stores; the scaffolding of xfence's
# CUDA outputs (the work-item helpers it defines).
ALLOWED = [r"int", r"unsigned", r"const", r"volatile", r"__shared__",
           r"__restrict__", r"threadIdx", r"blockIdx", r"blockDim", r"x",
           r"size_t", r"void", r"return", r"xfence_\w+", r"__syncwarp_dummy"]


def write(test, variant=0, naming=None, prefer=""):
    """The CUDA source of a test: one __global__ function per thread."""
    naming = naming or Naming.of(test)
    ctx = Ctx("cuda", prefer=prefer)
    threads = write_threads(test, naming, spell_all(ROWS), ROWS, ctx,
                            variant, ALLOWED)
    params = ", ".join("int *%s" % l for l, s in naming.spaces.items()
                       if s == "global")
    text = ["#include <cuda/atomic>", ""]
    for t, lines in enumerate(threads):
        text.append("__global__ void t%d(%s%sint *out) {" % (
            t, params, ", " if params else ""))
        for l, s in naming.spaces.items():
            if s == "local":
                text.append("  __shared__ int %s[1];" % l)
        text += ["  " + l for l in lines]
        text += ["  " + l for l in out_stores(naming, t, test)]
        text += ["}", ""]
    return "\n".join(text)


def read(text, nthreads, reading, ctx=None, rows=None, allowed=None):
    """Per thread, the events of CUDA code (kernel functions t0, t1, ...)."""
    ctx = ctx or Ctx("cuda")
    bodies = function_bodies(text, ["t%d" % t for t in range(nthreads)])
    return [[e for e, _ in scan(bodies["t%d" % t], rows or ROWS, reading,
                                ctx, allowed or ALLOWED, t)]
            for t in range(nthreads)]
