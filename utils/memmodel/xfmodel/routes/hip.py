"""HIP: the one table of what each synchronization construct means, used
to write HIP sources and to read HIP outputs.

Sources (cited per row): LLVM's AMDGPU back-end documentation,
AMDGPUUsage "Memory Model" (AMDGPU-MM: the sync scopes singlethread,
wavefront, workgroup, agent, system and what a fence or atomic at each
means), clang's `__builtin_amdgcn_fence` and `__hip_atomic_*` builtins
(clang-builtins: order from `__ATOMIC_*`, scope `__HIP_MEMORY_SCOPE_*` 1
singlethread, 2 wavefront, 3 workgroup, 4 agent, 5 system, 6 cluster,
clang's SyncScope.h); the HIP Programming Guide, "Synchronization
functions" and "Atomic functions" (HIP-guide), which give `__syncthreads`,
`__threadfence*` and `atomicExch`/`atomicCAS` CUDA's meaning.

Where the readings differ: the HIP guide says `__syncthreads` makes the
block's global and shared accesses visible to the block (the strongest
reading), HIP 5.2's header implements it as
`__barrier(__CLK_LOCAL_MEM_FENCE)` (amd_device_functions.h), a barrier
that orders local memory only: the weakest reading.
"""

import re

from ..events import Event
from .common import (ALL_SPACES, ARG, INT, STRONG, Ctx, Naming, Row,
                     cas_failure_order, expected_value, foreign_rows,
                     Unreadable, function_bodies, loc_in, out_stores,
                     plain_rows, scan, spell_all, write_threads)
from . import cuda

FSCOPE = {"singlethread": "thread", "wavefront": "subgroup",
          "workgroup": "workgroup", "cluster": "cluster", "agent": "device",
          "": "system"}
FSCOPE_NAME = {v: k for k, v in FSCOPE.items()}
HSCOPE = {"SINGLETHREAD": "thread", "WAVEFRONT": "subgroup",
          "WORKGROUP": "workgroup", "AGENT": "device", "SYSTEM": "system",
          "CLUSTER": "cluster"}
HSCOPE_NAME = {v: k for k, v in HSCOPE.items()}
ORDER = {"RELAXED": "relaxed", "ACQUIRE": "acquire", "RELEASE": "release",
         "ACQ_REL": "acq_rel", "SEQ_CST": "seq_cst", "CONSUME": "acquire"}
ORD = r"__ATOMIC_(RELAXED|CONSUME|ACQUIRE|RELEASE|ACQ_REL|SEQ_CST)"
HSC = r"__HIP_MEMORY_SCOPE_(SINGLETHREAD|WAVEFRONT|WORKGROUP|AGENT|SYSTEM|CLUSTER)"


def _fence(m, reading, ctx):
    s = m.group(2)
    if s.endswith("-one-as"):
        raise Unreadable("a -one-as fence orders one address space at a "
                         "time, which the event vocabulary cannot state")
    if s not in FSCOPE:
        raise Unreadable("unknown AMDGPU sync scope '%s'" % s)
    return [Event("F", order=ORDER[m.group(1)], scope=FSCOPE[s],
                  spaces=ALL_SPACES)]


def _syncthreads(m, reading, ctx):
    spaces = ALL_SPACES if reading == STRONG else frozenset(("local",))
    return [Event("B", order="acq_rel", scope="workgroup", spaces=spaces,
                  exec_scope="workgroup")]


def _atomic(kind):
    def meaning(m, reading, ctx):
        d = m.groupdict()
        ev = dict(loc=loc_in(d["p"]), order=ORDER[d["o"]],
                  scope=HSCOPE[d["s"]])
        if kind == "R":
            return [Event("R", **ev)]
        if kind == "W":
            return [Event("W", value=int(d["v"]), **ev)]
        if kind == "RMW":
            return [Event("RMW", value=int(d["v"]), **ev)]
        var = d["e"]
        return [Event("RMW", value=int(d["v"]), expect=expected_value(ctx, var),
                      reg=var, **ev)]
    return meaning


def _spell(ev, ctx):
    out = []
    if ev.kind == "F" and ev.scope in FSCOPE_NAME:
        out.append('__builtin_amdgcn_fence(__ATOMIC_%s, "%s");' % (
            ev.order.upper(), FSCOPE_NAME[ev.scope]))
    elif ev.kind == "B" and ev.exec_scope == "workgroup":
        out.append("__syncthreads();")
        out.append("__builtin_amdgcn_s_barrier();")
    elif (ev.atomic or ev.kind == "RMW") and ev.scope in HSCOPE_NAME:
        p = "&%s[0]" % ev.loc
        tail = "__ATOMIC_%s, __HIP_MEMORY_SCOPE_%s" % (ev.order.upper(),
                                                       HSCOPE_NAME[ev.scope])
        if ev.kind == "R":
            out.append("int %s = __hip_atomic_load(%s, %s);" % (ev.reg, p,
                                                                tail))
        elif ev.kind == "W":
            out.append("__hip_atomic_store(%s, %d, %s);" % (p, ev.value,
                                                            tail))
        elif ev.expect is None:
            out.append("int %s = __hip_atomic_exchange(%s, %d, %s);" % (
                ev.reg, p, ev.value, tail))
        else:
            fail = cas_failure_order(ev.order)
            out.append(
                "int %s = %d; __hip_atomic_compare_exchange_strong(%s, &%s, "
                "%d, __ATOMIC_%s, __ATOMIC_%s, __HIP_MEMORY_SCOPE_%s);" % (
                    ev.reg, ev.expect, p, ev.reg, ev.value, ev.order.upper(),
                    fail.upper(), HSCOPE_NAME[ev.scope]))
    return out


P = r"(?P<p>" + ARG + r")"
V = INT.replace("(-?\\d+)", "(?P<v>-?\\d+)")
XO = ORD.replace("(RELAXED", "(?P<o>RELAXED")
XS = HSC.replace("(SINGLETHREAD", "(?P<s>SINGLETHREAD")


def _cuda_row(name):
    for r in cuda.ROWS:
        if r.name == name:
            return Row(r.name, r.pattern, r.meaning, r.spell,
                       "HIP-guide: as CUDA (" + r.cite + ")")
    raise KeyError(name)


ROWS = [
    Row("__builtin_amdgcn_fence",
        r'\b__builtin_amdgcn_fence\s*\(\s*' + ORD + r'\s*,\s*"([\w-]*)"\s*\)',
        _fence, _spell,
        "AMDGPU-MM: a fence of the order at the sync scope, for every "
        "address space (the two-argument form)"),
    Row("__builtin_amdgcn_s_barrier",
        r"\b__builtin_amdgcn_s_barrier\s*\(\s*\)",
        lambda m, r, c: [Event("B", exec_scope="workgroup")], _spell,
        "AMDGPU-MM: s_barrier synchronizes execution only; memory needs "
        "fences around it"),
    Row("__builtin_amdgcn_wave_barrier",
        r"\b__builtin_amdgcn_wave_barrier\s*\(\s*\)",
        lambda m, r, c: [Event("B", exec_scope="subgroup")], None,
        "clang-builtins: llvm.amdgcn.wave.barrier, a barrier of the "
        "wavefront's execution only (AMDGPUUsage); memory needs fences "
        "around it"),
    Row("__syncthreads", r"\b__syncthreads\s*\(\s*\)", _syncthreads, _spell,
        "HIP-guide (strong); HIP 5.2 __barrier(__CLK_LOCAL_MEM_FENCE) "
        "(weak)"),
    Row("__hip_atomic_load",
        r"\b__hip_atomic_load\s*\(\s*" + P + r",\s*" + XO + r"\s*,\s*" + XS +
        r"\s*\)", _atomic("R"), _spell, "clang-builtins, AMDGPU-MM"),
    Row("__hip_atomic_store",
        r"\b__hip_atomic_store\s*\(\s*" + P + r",\s*" + V + r"\s*,\s*" + XO +
        r"\s*,\s*" + XS + r"\s*\)", _atomic("W"), _spell,
        "clang-builtins, AMDGPU-MM"),
    Row("__hip_atomic_exchange",
        r"\b__hip_atomic_exchange\s*\(\s*" + P + r",\s*" + V + r"\s*,\s*" +
        XO + r"\s*,\s*" + XS + r"\s*\)", _atomic("RMW"), _spell,
        "clang-builtins, AMDGPU-MM"),
    Row("__hip_atomic_compare_exchange_strong",
        r"\b__hip_atomic_compare_exchange_strong\s*\(\s*" + P +
        r",\s*(?:\(\s*int\s*\*\s*\)\s*)?\(?\s*&\s*\(?\s*(?P<e>r\d+_\d+)\s*\)?"
        r"\s*\)?\s*,\s*" +
        V + r"\s*,\s*" + XO + r"\s*,\s*" +
        ORD + r"\s*,\s*" + XS + r"\s*\)", _atomic("CAS"), _spell,
        "clang-builtins (the expected variable holds the old value)"),
    Row("__atomic_signal_fence",
        r"\b__atomic_signal_fence\s*\(\s*" + ORD + r"\s*\)",
        lambda m, r, c: [Event("F", order=ORDER[m.group(1)], scope="thread",
                               spaces=ALL_SPACES)], None,
        "C11 7.17.4.2 atomic_signal_fence (clang's GNU builtin): a fence "
        "between a thread and its own signal handler only"),
    _cuda_row("__threadfence_block"),
    _cuda_row("__threadfence"),
    _cuda_row("__threadfence_system"),
    _cuda_row("atomicExch"),
    _cuda_row("atomicCAS"),
] + plain_rows("HIP-guide: ordinary accesses are non-atomic") + \
    foreign_rows("HIP")

ALLOWED = [r"int", r"unsigned", r"const", r"volatile", r"__shared__",
           r"threadIdx", r"blockIdx", r"x", r"size_t", r"void", r"return",
           r"xfence_\w+"]


def write(test, variant=0, naming=None, prefer=""):
    naming = naming or Naming.of(test)
    ctx = Ctx("hip", prefer=prefer)
    threads = write_threads(test, naming, spell_all(ROWS), ROWS, ctx,
                            variant, ALLOWED)
    params = ", ".join("int *%s" % l for l, s in naming.spaces.items()
                       if s == "global")
    text = ["#include <hip/hip_runtime.h>", ""]
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


def _unfold(body):
    """xfence's statement expression around a compare-exchange that
    returns the old value, `int r = ({ int *xfence_object = (P); int
    xfence_expected = (E); __hip_atomic_compare_exchange_strong(
    xfence_object, &xfence_expected, ...); (int)xfence_expected; })`,
    becomes `int r = E; __hip_atomic_compare_exchange_strong(P, &r, ...)`."""
    def one(m):
        reg, inner = m.group(1), m.group(2)
        p = re.search(r"\bint\s*\*\s*xfence_object\s*=\s*(" + ARG +
                      r")\s*;", inner)
        e = re.search(r"\bint\s+xfence_expected\s*=\s*(" + ARG + r")\s*;",
                      inner)
        if not (p and e):
            return m.group(0)
        inner = inner[e.end():]
        inner = re.sub(r"\bxfence_object\b", lambda _: "(" + p.group(1) + ")",
                       inner)
        inner = re.sub(r"\(\s*int\s*\)\s*xfence_expected\s*;\s*$", "", inner)
        inner = re.sub(r"\bxfence_expected\b", reg, inner)
        return "%s = %s; %s" % (reg, e.group(1), inner)
    body = re.sub(r"\b(r\d+_\d+)\s*=\s*\(\{(.*?)\}\)\s*;", one, body,
                  flags=re.S)
    # The same statement expression on its own: the old value goes to a
    # temporary that nothing reads (a discarded read, register r9999_<n>),
    # and the expected variable keeps its value.
    inits = {m.group(1): m.group(2) for m in re.finditer(
        r"\b(r\d+_\d+)\s*=\s*\(?\s*(-?\d+)\s*\)?\s*;", body)}
    count = [0]

    def alone(m):
        e = re.sub(r"[\s()]|\bint\b", "", m.group(2))
        e = inits.get(e, e)
        if not re.fullmatch(r"-?\d+", e):
            return m.group(0)
        tmp = "r9999_%d" % count[0]
        count[0] += 1
        inner = re.sub(r"\bxfence_expected\b", tmp, m.group(3))
        inner = re.sub(r"\bxfence_object\b", lambda _: "(" + m.group(1) +
                       ")", inner)
        inner = re.sub(r"\(\s*int\s*\)\s*%s\s*;\s*$" % tmp, "", inner)
        return "int %s = %s; %s" % (tmp, e, inner)
    return re.sub(r"\(\{\s*int\s*\*\s*xfence_object\s*=\s*(" + ARG +
                  r")\s*;\s*int\s+xfence_expected\s*=\s*(" + ARG +
                  r")\s*;(.*?)\}\)\s*;", alone, body, flags=re.S)


def read(text, nthreads, reading):
    ctx = Ctx("hip")
    bodies = function_bodies(text, ["t%d" % t for t in range(nthreads)])
    return [[e for e, _ in scan(_unfold(bodies["t%d" % t]), ROWS, reading,
                                ctx, ALLOWED, t)] for t in range(nthreads)]
