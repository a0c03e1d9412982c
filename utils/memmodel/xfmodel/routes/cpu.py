"""The CPU lowering's output (`xfence-opt --convert-xfence-to-cpu`, the
lowering `xfence compile --to cpu` runs before LLVM's x86 back end): MLIR's
LLVM dialect, read with the meaning of LLVM IR.

LLVM IR's concurrency semantics are C++'s (LLVM LangRef, "Memory Model for
Concurrent Operations" and "Atomic Memory Ordering Constraints": monotonic
is C++ relaxed, acquire/release/acq_rel/seq_cst are C++'s orders; a
non-atomic load that races with a store is undef), so the output is judged
by the "c11" model (RC11). Reading the IR, and not the x86 object, is the
faithful choice for plain accesses: x86-TSO (Intel SDM vol. 3A §8.2; Owens,
Sarkar, Sewell, TPHOLs 2009) gives every plain mov a release/acquire
meaning, but the IR's plain loads and stores may still be reordered or
merged by LLVM's optimizer before they become movs, so TSO cannot be
relied on for them; LLVM's own atomics and fences are what the back end
must keep (`fence seq_cst` is `mfence`, a seq_cst store an `xchg`).

| LLVM dialect | event |
|---|---|
| `llvm.load p` / `llvm.store v, p` | plain read / write |
| `llvm.load p atomic o` / `llvm.store v, p atomic o` | atomic of order o (monotonic: relaxed), system scope; `syncscope("singlethread")`: thread scope |
| `llvm.atomicrmw xchg p, v o` | RMW (exchange) |
| `llvm.cmpxchg p, e, v o f` (and `llvm.extractvalue r[0]`) | compare-exchange: RMW expecting e |
| `llvm.fence o` | fence o over all memory (system); `syncscope("singlethread")`: a fence of the thread only (C++ atomic_signal_fence) |
| `llvm.call @__xfence_cpu_barrier()` | work-group barrier, memory part work-group acq_rel over all memory: the runtime (backends/cpu/runtime/Runtime.c) runs every work-item of a work-group as a fiber of one OS thread and the barrier switches fibers, so what one work-item did before the call is sequenced before what another does after it; it orders nothing for other work-groups |
| `omp.barrier` | work-group barrier with a seq_cst memory part over all memory: OpenMP 5.0 §2.17.2 (a barrier region implies a flush without a list, a strong flush) and §1.4.4 (strong flushes of different threads complete as if in one sequential order) |
"""

import re

from ..events import Event
from .common import ALL_SPACES, Unreadable

ORDER = {"monotonic": "relaxed", "acquire": "acquire", "release": "release",
         "acq_rel": "acq_rel", "seq_cst": "seq_cst"}
O = r"(monotonic|acquire|release|acq_rel|seq_cst)"
SS = r'(?:syncscope\("(\w*)"\)\s+)?'


def _scope(ss):
    if ss in (None, ""):
        return "system"
    if ss == "singlethread":
        return "thread"
    raise Unreadable("LLVM sync scope '%s'" % ss)


def read(text, nthreads, params, prefix="t"):
    """Per thread, the events of the func.func `<prefix>N`: its arguments
    are `params` in order (locations, then `out`)."""
    out = []
    for t in range(nthreads):
        name = "%s%d" % (prefix, t)
        m = re.search(r"func\.func @%s\((.*?)\)\s*\{\n(.*?)\n\s*return\b" %
                      re.escape(name), text, re.S)
        if not m:
            raise Unreadable("no func.func @%s in the output" % name)
        args = re.findall(r"(%\w+)\s*:", m.group(1))
        if len(args) != len(params):
            raise Unreadable("t%d: %d arguments, expected %d" % (
                t, len(args), len(params)))
        out.append(_read_fn(t, m.group(2), dict(zip(args, params))))
    return out


def _read_fn(t, body, where):
    where = {k: (v, 0) for k, v in where.items()}
    consts, loaded, pairs, evs = {}, {}, {}, []
    stored_out = {}

    def val(v):
        if v not in consts:
            raise Unreadable("t%d: stored value %s is not a constant" % (t, v))
        return consts[v]

    def loc(p):
        if p not in where:
            raise Unreadable("t%d: pointer %s is no argument" % (t, p))
        base, off = where[p]
        if base != "out" and off != 0:
            raise Unreadable("t%d: access at %s+%d" % (t, base, off))
        return base, off

    for line in body.splitlines():
        line = re.sub(r"\{alignment = \d+ : i64\}", "", line).strip()
        if not line:
            continue
        m = re.match(r"(%\w+) = arith\.constant (-?\d+) : i32$", line)
        if m:
            consts[m.group(1)] = int(m.group(2))
            continue
        m = re.match(r"(%\w+) = llvm\.getelementptr (%\w+)\[(\d+)\] :", line)
        if m and m.group(2) in where:
            b, o = where[m.group(2)]
            where[m.group(1)] = (b, o + int(m.group(3)))
            continue
        m = re.match(r"(%\w+) = llvm\.load (%\w+)(?: atomic " + SS + O +
                     r")?\s*:", line)
        if m:
            base, _ = loc(m.group(2))
            if base == "out":
                raise Unreadable("t%d: a load from out" % t)
            order = ORDER[m.group(4)] if m.group(4) else "na"
            loaded[m.group(1)] = len(evs)
            evs.append(Event("R", base, order, _scope(m.group(3)) if
                             m.group(4) else "system", origin=line))
            continue
        m = re.match(r"llvm\.store (%\w+), (%\w+)(?: atomic " + SS + O +
                     r")?\s*:", line)
        if m:
            base, off = loc(m.group(2))
            if base == "out":
                if m.group(1) not in loaded or m.group(3) or m.group(4):
                    raise Unreadable("t%d: out[%d] is not stored from a "
                                     "read (%s)" % (t, off, line))
                stored_out[loaded[m.group(1)]] = off
                continue
            order = ORDER[m.group(4)] if m.group(4) else "na"
            evs.append(Event("W", base, order, _scope(m.group(3)) if
                             m.group(4) else "system",
                             value=val(m.group(1)), origin=line))
            continue
        m = re.match(r"(%\w+) = llvm\.atomicrmw (\w+) (%\w+), (%\w+) " + SS +
                     O + r"\s*:", line)
        if m:
            if m.group(2) != "xchg":
                raise Unreadable("t%d: atomicrmw %s" % (t, m.group(2)))
            base, _ = loc(m.group(3))
            loaded[m.group(1)] = len(evs)
            evs.append(Event("RMW", base, ORDER[m.group(6)],
                             _scope(m.group(5)), value=val(m.group(4)),
                             origin=line))
            continue
        m = re.match(r"(%\w+) = llvm\.cmpxchg (%\w+), (%\w+), (%\w+) " + SS +
                     O + r" " + O + r"\s*:", line)
        if m:
            base, _ = loc(m.group(2))
            pairs[m.group(1)] = len(evs)
            evs.append(Event("RMW", base, ORDER[m.group(6)],
                             _scope(m.group(5)), value=val(m.group(4)),
                             expect=val(m.group(3)), origin=line))
            continue
        m = re.match(r"(%\w+) = llvm\.extractvalue (%\w+)\[(\d)\]", line)
        if m and m.group(2) in pairs:
            if m.group(3) == "0":
                loaded[m.group(1)] = pairs[m.group(2)]
            continue
        m = re.match(r"llvm\.fence " + SS + O + r"$", line)
        if m:
            evs.append(Event("F", order=ORDER[m.group(2)],
                             scope=_scope(m.group(1)), spaces=ALL_SPACES,
                             origin=line))
            continue
        if re.match(r"llvm\.call @__xfence_cpu_barrier\(\)", line):
            evs.append(Event("B", order="acq_rel", scope="workgroup",
                             spaces=ALL_SPACES, exec_scope="workgroup",
                             origin=line))
            continue
        if line == "omp.barrier":
            evs.append(Event("B", order="seq_cst", scope="system",
                             spaces=ALL_SPACES, exec_scope="workgroup",
                             origin=line))
            continue
        raise Unreadable("t%d: '%s' not in the table" % (t, line))
    # Registers: a read whose value goes to out[j] is r<t>_<j>.
    from dataclasses import replace
    res = []
    for i, e in enumerate(evs):
        if i in stored_out:
            e = replace(e, reg="r%d_%d" % (t, stored_out[i]))
        res.append(e)
    return res
