"""Executable axiomatic memory models: which outcomes a litmus test allows.

`allowed(test, model)` enumerates the candidate executions of a test (a
reads-from choice for every read, a coherence order for every location),
keeps those that satisfy the axioms of `model`, and returns the outcomes of
the kept executions together with whether one of them has a data race.

Models:

  "ptx"     The scoped PTX model: PTX ISA, chapter "Memory Consistency
            Model" (sections "Morally strong operations", "Release and
            Acquire Patterns", "Ordering of memory operations", "Axioms"),
            as formalized by Lustig, Sahasrabuddhe and Giroux, "A Formal
            Analysis of the NVIDIA PTX Memory Consistency Model" (ASPLOS
            2019). A PTX data race does not make the program undefined: the
            outcomes are what the axioms allow (weak reads may return racing
            values); `racy` still says whether a race exists.
  "opencl"  The scoped C11 model of OpenCL 2.0 (OpenCL 2.0 specification
            section 3.3; OpenCL 3.0 API specification, "Memory Consistency
            Model for OpenCL 2.x" and "Memory Ordering Rules") as formalized
            by Batty, Donaldson and Wickerson, "Overhauling SC atomics in C11
            and OpenCL" (POPL 2016): separate global- and local-happens-
            before, fences that order only the spaces of their flags,
            barriers as entry/exit fences, scoped SC axiom. A data race makes
            the program undefined.
  "vulkan"  The Vulkan memory model (Vulkan specification, appendix "Memory
            Model") as far as xfence's SPIR-V output needs it: the OpenCL
            machinery with scope inclusion ("in the instance of each other's
            memory scopes"), no SequentiallyConsistent, and location-ordering
            that needs non-private accesses and availability/visibility.
  "c11"     RC11 (Lahav, Vafeiadis, Kang, Hur, Dreyer, "Repairing Sequential
            Consistency in C/C++11", PLDI 2017) for CPU code: scopes and
            spaces ignored.

Performance: relations are lists of int bitmasks (row i = the successors of
event i); closures are Warshall over bitmasks. Tests of up to 4 threads and
about 10 events take a few milliseconds.
"""

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import permutations, product
from typing import Dict, FrozenSet, List, Optional, Tuple

from .events import SCOPES, Event, Litmus, Placement, scope_index, shares

MODELS = ("ptx", "opencl", "vulkan", "c11")

_REL = frozenset(("release", "acq_rel", "seq_cst"))
_ACQ = frozenset(("acquire", "acq_rel", "seq_cst"))
_REGION_BIT = {"global": 1, "local": 2, "image": 4}
_REGIONS = ((1, "global"), (2, "local"), (4, "image"))


@dataclass(frozen=True)
class Verdict:
    """What a model says about a test.

    outcomes      the outcomes of all consistent executions (each a sorted
                  tuple of (register, value) and ("*loc", final value)).
    racy          some consistent execution has a data race (in "opencl",
                  "vulkan" and "c11" the program is then undefined; in "ptx"
                  the outcomes already include what the race allows), or the
                  test has barrier divergence.
    race_witness  a description of one race (empty when not racy).
    executions    how many consistent executions were found.
    """

    outcomes: FrozenSet[Tuple[Tuple[str, int], ...]]
    racy: bool
    race_witness: str = ""
    executions: int = 0


# ---------------------------------------------------------------------------
# Bitmask relations


def _bits(x):
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def _closure(rel):
    """Transitive closure (Warshall) of a bitmask relation."""
    r = list(rel)
    n = len(r)
    for k in range(n):
        rk = r[k]
        if not rk:
            continue
        bk = 1 << k
        for i in range(n):
            if r[i] & bk:
                r[i] |= rk
    return r


def _compose(a, b):
    out = []
    for x in a:
        acc = 0
        while x:
            low = x & -x
            acc |= b[low.bit_length() - 1]
            x ^= low
        out.append(acc)
    return out


def _irreflexive(rel):
    for i, row in enumerate(rel):
        if (row >> i) & 1:
            return False
    return True


def _acyclic(rel):
    return _irreflexive(_closure(rel))


def _add_edge(base, a, b):
    """Adds a->b to a transitively closed relation, keeping it closed."""
    new = list(base)
    tail = (1 << b) | base[b]
    bit_a = 1 << a
    for x in range(len(new)):
        if x == a or new[x] & bit_a:
            new[x] |= tail
    return new


# ---------------------------------------------------------------------------
# The compiled form of a test


class _Ev:
    __slots__ = (
        "i", "tid", "pos", "kind", "loc", "order", "scope", "spaces", "reg",
        "value", "expect", "nonprivate", "avvis", "exec_scope", "bar_key",
        "where", "origin", "atomic", "region", "tags", "is_read", "is_write",
        "cond", "await_value",
    )

    def describe(self):
        if self.kind == "I":
            return "init %s=%d" % (self.loc, self.value)
        parts = ["T%d.%d" % (self.tid, self.pos), self.kind]
        if self.loc is not None:
            parts.append(self.loc)
        if self.kind in ("F", "FE", "FX", "B") or self.atomic:
            parts.append(self.order)
            parts.append(self.scope)
        elif self.kind in ("R", "W"):
            parts.append("plain")
        if self.kind in ("F", "FE", "FX", "B") and self.spaces:
            parts.append("[" + ",".join(sorted(self.spaces)) + "]")
        if self.reg is not None:
            parts.append("->" + self.reg)
        if self.await_value is not None:
            parts.append("(await %d)" % self.await_value)
        if self.value is not None and self.kind != "R":
            parts.append("=%d" % self.value)
        if self.origin:
            parts.append("(" + self.origin + ")")
        return " ".join(parts)


class _Prog:
    """A test compiled for one model family: events (inits first), static
    relations, and the choices the enumeration ranges over."""


def _mk(prog_events, tid, pos, kind, src, where, **over):
    e = _Ev()
    e.i = len(prog_events)
    e.tid = tid
    e.pos = pos
    e.kind = kind
    e.loc = over.get("loc", src.loc if src else None)
    e.order = over.get("order", src.order if src else "na")
    e.scope = over.get("scope", src.scope if src else "system")
    e.spaces = over.get("spaces", src.spaces if src else frozenset())
    e.reg = over.get("reg", src.reg if src else None)
    e.value = over.get("value", src.value if src else None)
    e.expect = over.get("expect", src.expect if src else None)
    e.nonprivate = src.nonprivate if src else True
    e.avvis = src.avvis if src else True
    e.exec_scope = src.exec_scope if src else None
    e.bar_key = None
    e.await_value = src.await_value if src and kind in ("R", "RMW") else None
    e.where = where
    e.origin = over.get("origin", src.origin if src else "")
    e.is_read = kind in ("R", "RMW")
    e.is_write = kind in ("W", "RMW", "I")
    e.atomic = kind in ("R", "W", "RMW") and e.order != "na"
    # A compare-exchange writes only when it reads its expected value.
    e.cond = kind == "RMW" and e.expect is not None
    prog_events.append(e)
    return e


def _sc_barriers(events):
    """A barrier with a seq_cst memory part is a seq_cst fence, the barrier
    with an acq_rel memory part, and a seq_cst fence, of the barrier's
    memory scope and spaces (docs/semantics.md §3.2: "a release fence of
    the requested scope (or seq_cst) before the barrier and an acquire
    fence (or seq_cst) after it"). The barrier itself is read as release
    entry and acquire exit fences (OpenCL 2.0 §3.3.6.3) or a PTX barrier,
    which are in no seq_cst order; the seq_cst part is the two fences. In
    every family, before any family rewrites seq_cst (Vulkan reads the
    fences as AcquireRelease, like any seq_cst fence)."""
    out = []
    for e in events:
        if e.kind == "B" and e.order == "seq_cst":
            f = Event("F", order="seq_cst", scope=e.scope, spaces=e.spaces,
                      origin=e.origin)
            out += [f, replace(e, order="acq_rel"), f]
        else:
            out.append(e)
    return out


def _expand(test: Litmus, family: str):
    """The events of `test` as `family` reads them (inits first)."""
    evs: List[_Ev] = []
    space = dict(test.spaces)
    init = dict(test.init)
    for loc in test.locations():
        e = _mk(evs, -1, -1, "I", None, None, loc=loc, order="na",
                scope="system", value=init.get(loc, 0))
    barrier_count: Dict[tuple, int] = {}
    for tid, th in enumerate(test.threads):
        pos = 0
        for src in _sc_barriers(th.events):
            kind = src.kind
            if kind not in ("R", "W", "RMW", "F", "B"):
                raise ValueError("unknown event kind %r" % kind)
            if kind in ("R", "W", "RMW") and src.loc not in space:
                raise ValueError("location %r has no space" % src.loc)
            order = src.order
            if kind == "RMW" and order == "na":
                order = "relaxed"  # a read-modify-write is always atomic
            if kind == "F" and order in ("na", "relaxed"):
                continue  # a relaxed fence has no effect (C11 7.17.4)
            if family == "vulkan" and order == "seq_cst":
                # Vulkan appendix "Memory Model", "Memory Semantics":
                # SequentiallyConsistent is not supported; xfence's Vulkan
                # output (and glslang's) gives it the meaning of
                # AcquireRelease (the acquire or release part for a load or
                # store).
                order = {"R": "acquire", "W": "release"}.get(kind, "acq_rel")
            if family == "ptx" and kind in ("R", "W", "RMW") and order == "seq_cst":
                # PTX has no seq_cst access; a seq_cst atomic means its
                # mapping in the PTX atomics ABI (PTX Writers Guide to
                # Interoperability, "Atomics ABI"): fence.sc; ld.acquire,
                # fence.sc; st.relaxed, fence.sc; atom.acquire.
                _mk(evs, tid, pos, "F", src, th.where, order="seq_cst",
                    loc=None, reg=None, value=None, expect=None,
                    origin=(src.origin + " " if src.origin else "") + "(seq_cst ABI fence)")
                pos += 1
                order = "relaxed" if kind == "W" else "acquire"
            if kind == "B":
                # Barriers of one instance: same exec-scope instance, same
                # barrier id, same occurrence count in each thread.
                key0 = (src.exec_scope, src.barrier_id)
                k = barrier_count.get((tid,) + key0, 0)
                barrier_count[(tid,) + key0] = k + 1
                if family in ("opencl", "vulkan", "c11"):
                    # OpenCL 2.0 3.3.6.3 (3.0 API "Work-Group Functions"):
                    # a barrier is an entry fence (a release fence with the
                    # barrier's flags and scope) sequenced before an exit
                    # fence (an acquire fence, same flags and scope).
                    ent = _mk(evs, tid, pos, "FE", src, th.where, loc=None,
                              order="release" if order in _REL else "na")
                    ent.bar_key = key0 + (k,)
                    pos += 1
                    ext = _mk(evs, tid, pos, "FX", src, th.where, loc=None,
                              order="acquire" if order in _ACQ else "na")
                    ext.bar_key = key0 + (k,)
                    pos += 1
                    continue
                e = _mk(evs, tid, pos, "B", src, th.where, loc=None, order=order)
                e.bar_key = key0 + (k,)
                pos += 1
                continue
            e = _mk(evs, tid, pos, kind, src, th.where, order=order)
            e.atomic = kind in ("R", "W", "RMW") and order != "na"
            pos += 1
    for e in evs:
        if e.loc is not None:
            e.region = _REGION_BIT[space[e.loc]]
        else:
            e.region = 0
    return evs


def _instance_key(where: Placement, scope: str):
    if scope == "thread":
        return (where.cluster, where.group, where.subgroup, where.lane)
    if scope == "subgroup":
        return (where.cluster, where.group, where.subgroup)
    if scope == "workgroup":
        return (where.cluster, where.group)
    if scope == "cluster":
        return (where.cluster,)
    return ()


def _image_fence(e: "_Ev") -> bool:
    return e.kind in ("F", "FE", "FX") and "image" in e.spaces and \
        e.order not in ("na", "relaxed")


def _image_unordered(evs, w: "_Ev", r: "_Ev") -> bool:
    """Whether a thread's image write w and its po-later image read r of
    the same location are unordered: no image fence between them. OpenCL
    C 2.0 §6.13.11 (atomic_work_item_fence; 3.0 C specification, "Fences"):
    "For images declared with the read_write qualifier, the
    atomic_work_item_fence must be called to make sure that writes to the
    image by a work-item become visible to that work-item on subsequent
    reads to that image by that work-item." Any fence order but relaxed
    and any scope (work-item or wider) with CLK_IMAGE_MEM_FENCE orders
    them; program order alone does not, so the read returns the old value
    or the new one."""
    if w.region != 4 or r.region != 4 or w.tid != r.tid or w.loc != r.loc \
            or not w.pos < r.pos:
        return False
    return not any(e.tid == w.tid and w.pos < e.pos < r.pos and
                   _image_fence(e) for e in evs)


def _compile(test: Litmus, family: str) -> _Prog:
    P = _Prog()
    P.test = test
    P.family = family
    evs = _expand(test, family)
    P.evs = evs
    n = len(evs)
    P.n = n
    inits = [e for e in evs if e.kind == "I"]
    P.init_of = {e.loc: e.i for e in inits}
    thread_evs = [e for e in evs if e.kind != "I"]
    all_threads = 0
    for e in thread_evs:
        all_threads |= 1 << e.i
    P.all_threads = all_threads

    # Program order; each initial write precedes everything (PTX
    # "Initialization": the hypothetical write W0 is executed before any
    # thread starts; C11: initialization happens before the threads).
    po = [0] * n
    for a in thread_evs:
        for b in thread_evs:
            if a.tid == b.tid and a.pos < b.pos:
                po[a.i] |= 1 << b.i
    for e in inits:
        po[e.i] = all_threads
    P.po = po

    sameloc = [0] * n
    for a in evs:
        if a.loc is None:
            continue
        for b in evs:
            if b.loc == a.loc and b.i != a.i:
                sameloc[a.i] |= 1 << b.i
    P.sameloc = sameloc

    P.reads = [e.i for e in evs if e.is_read]
    P.locs = test.locations()

    # Barrier instances and divergence (OpenCL C 2.0 6.13.8, CUDA
    # __syncthreads: every work-item of the instance must reach the barrier).
    P.divergence = ""
    bars: Dict[tuple, List[_Ev]] = {}
    for e in evs:
        if e.bar_key is not None:
            inst = (e.bar_key, _instance_key(e.where, e.exec_scope or "workgroup"))
            bars.setdefault(inst, []).append(e)
    tids_in = {}
    for tid, th in enumerate(test.threads):
        tids_in[tid] = th.where
    for (bkey, ikey), members in bars.items():
        present = {m.tid for m in members}
        for tid, where in tids_in.items():
            if _instance_key(where, bkey[0] or "workgroup") == ikey and tid not in present:
                P.divergence = (
                    "barrier divergence: T%d does not reach barrier %s (occurrence %d) "
                    "that T%s reach" % (tid, bkey[0], bkey[2],
                                         ",".join(str(t) for t in sorted(present))))
    P.bar_instances = [members for members in bars.values()]

    # Candidate writes for each read: every same-location write of another
    # thread, the nearest po-earlier same-location write of its own thread
    # (and any conditional RMW between), or the initial write when there is
    # no po-earlier unconditional write. Reading an older own write or a
    # po-later one is forbidden by coherence in every model here (C11 CoWR,
    # PTX Causality with program order).
    # An image read may also read past its thread's own earlier writes to
    # the image that no image fence separates from it (_image_unordered).
    cands = []
    for ri in P.reads:
        r = evs[ri]
        lst = []
        own_found = False
        for e in reversed(thread_evs):
            if e.tid != r.tid or e.pos >= r.pos or e.loc != r.loc or not e.is_write:
                continue
            lst.append(e.i)
            if not e.cond and not _image_unordered(evs, e, r):
                own_found = True
                break
        for e in thread_evs:
            if e.tid != r.tid and e.loc == r.loc and e.is_write:
                lst.append(e.i)
        if not own_found:
            lst.append(P.init_of[r.loc])
        if r.await_value is not None:
            # A spin loop exits only on its awaited value.
            lst = [w for w in lst if evs[w].value == r.await_value]
        cands.append(sorted(set(lst)))
    P.rf_cands = cands
    P.co_cache = {}
    return P


def _co_orders(P: _Prog, loc, writes):
    """Coherence orders of `writes` (a tuple of event indices, initial write
    excluded) that keep each thread's writes in program order."""
    key = (loc, writes)
    got = P.co_cache.get(key)
    if got is not None:
        return got
    evs = P.evs
    out = []
    for perm in permutations(writes):
        ok = True
        seen = {}
        for w in perm:
            e = evs[w]
            last = seen.get(e.tid)
            if last is not None and last > e.pos:
                ok = False
                break
            seen[e.tid] = e.pos
        if ok:
            out.append((P.init_of[loc],) + perm)
    P.co_cache[key] = out
    return out


class _Exec:
    """One candidate execution: rf (read -> write), co (per location order)."""

    __slots__ = ("rf", "co", "co_pos", "wrote", "co_after", "co_before", "rf_rel",
                 "fr", "outcome", "vals")


def _candidates(P: _Prog, rmw_immediate: bool):
    """Yields candidate executions. With `rmw_immediate` (C11 atomicity,
    RC11 rmw ∩ (fr;co) = ∅ for every RMW) an RMW must come right after the
    write it reads in coherence order."""
    evs = P.evs
    n = P.n
    reads = P.reads
    for choice in product(*P.rf_cands):
        rf = dict(zip(reads, choice))
        vals = {r: evs[w].value for r, w in rf.items()}
        wrote = 0
        bad = False
        for e in evs:
            if e.is_write:
                if e.cond and vals[e.i] != e.expect:
                    continue
                wrote |= 1 << e.i
        for r, w in rf.items():
            if not (wrote >> w) & 1:
                bad = True  # read from a compare-exchange that did not write
                break
        if bad:
            continue
        per_loc = []
        for loc in P.locs:
            ws = tuple(e.i for e in evs if e.kind != "I" and e.loc == loc and (wrote >> e.i) & 1)
            per_loc.append(_co_orders(P, loc, ws))
        for cos in product(*per_loc):
            co_pos = {}
            for order in cos:
                for k, w in enumerate(order):
                    co_pos[w] = k
            if rmw_immediate:
                ok = True
                for r, w in rf.items():
                    if evs[r].kind == "RMW" and (wrote >> r) & 1:
                        if co_pos[r] != co_pos[w] + 1:
                            ok = False
                            break
                if not ok:
                    continue
            X = _Exec()
            X.rf = rf
            X.vals = vals
            X.wrote = wrote
            X.co = cos
            X.co_pos = co_pos
            co_after = [0] * n
            co_before = [0] * n
            for order in cos:
                for k, w in enumerate(order):
                    for w2 in order[k + 1:]:
                        co_after[w] |= 1 << w2
                        co_before[w2] |= 1 << w
            X.co_after = co_after
            X.co_before = co_before
            rf_rel = [0] * n
            fr = [0] * n
            for r, w in rf.items():
                rf_rel[w] |= 1 << r
                fr[r] = co_after[w] & ~(1 << r)
            X.rf_rel = rf_rel
            X.fr = fr
            yield X


def _outcome(P: _Prog, X: _Exec):
    evs = P.evs
    out = []
    for r in P.reads:
        e = evs[r]
        if e.reg is not None:
            out.append((e.reg, X.vals[r]))
    for order in X.co:
        last = evs[order[-1]]
        out.append(("*" + last.loc, last.value))
    return tuple(sorted(out))


def _describe_exec(P: _Prog, X: _Exec):
    evs = P.evs
    parts = []
    for r, w in sorted(X.rf.items()):
        parts.append("%s reads %s" % (evs[r].describe(), evs[w].describe()))
    for order in X.co:
        if len(order) > 2:
            parts.append("co(%s): %s" % (evs[order[0]].loc,
                                         " < ".join(evs[w].describe() for w in order)))
    return "; ".join(parts)


def _conflict_pairs(P: _Prog):
    """Cross-thread pairs of accesses to one location where at least one
    may write (a data race needs a write: C11 5.1.2.4p4 "conflict")."""
    evs = P.evs
    out = []
    acc = [e for e in evs if e.kind in ("R", "W", "RMW")]
    for x in range(len(acc)):
        a = acc[x]
        for b in acc[x + 1:]:
            if a.tid != b.tid and a.loc == b.loc and (a.is_write or b.is_write):
                out.append((a.i, b.i))
    return out


def _conflicts_now(P, X, a, b):
    wa = (X.wrote >> a) & 1
    wb = (X.wrote >> b) & 1
    return bool(wa or wb)


# ---------------------------------------------------------------------------
# RC11 (Lahav et al., PLDI 2017, section 3 "The RC11 model")


def _c11_static(P: _Prog, porf: bool):
    evs = P.evs
    n = P.n
    P.porf = porf
    sb = P.po
    P.sb = sb
    # sb|≠loc: sb between events that are not accesses to one location.
    sb_nl = [sb[i] & ~P.sameloc[i] for i in range(n)]
    P.sb_nl = sb_nl
    P.rel = [e.i for e in evs if e.order in _REL and e.kind in ("W", "RMW", "F", "FE")]
    P.acq_fence_after = [0] * n
    P.atomic_w_after = [[] for _ in range(n)]
    P.sameloc_w_after = [0] * n
    for a in evs:
        for b in _bits(sb[a.i]):
            eb = evs[b]
            if eb.kind in ("F", "FX") and eb.order in _ACQ:
                P.acq_fence_after[a.i] |= 1 << b
            if eb.kind in ("W", "RMW") and eb.atomic:
                P.atomic_w_after[a.i].append(b)
                if eb.loc == a.loc:
                    P.sameloc_w_after[a.i] |= 1 << b
    # Barrier entry fence -> exit fences of the other threads of the
    # instance (OpenCL-style barrier; C++ std::barrier: arrive
    # synchronizes-with the return of the waits of that phase).
    bsw = [0] * n
    for members in P.bar_instances:
        for a in members:
            if a.kind != "FE" or a.order not in _REL:
                continue
            for b in members:
                if b.kind == "FX" and b.tid != a.tid and b.order in _ACQ:
                    bsw[a.i] |= 1 << b.i
    P.bar_sw = bsw
    P.sc = [e.i for e in evs if e.order == "seq_cst" and e.kind in ("R", "W", "RMW", "F", "FE", "FX")]
    P.sc_fence = 0
    for i in P.sc:
        if evs[i].kind != "R" and evs[i].kind not in ("W", "RMW"):
            P.sc_fence |= 1 << i
    # Race candidates: at least one non-atomic (RC11 section 3, "race").
    P.race_cands = [(a, b) for a, b in _conflict_pairs(P)
                    if not (evs[a].atomic and evs[b].atomic)]


def _transpose(rel):
    n = len(rel)
    out = [0] * n
    for i, row in enumerate(rel):
        for j in _bits(row):
            out[j] |= 1 << i
    return out


def _check_c11(P: _Prog, X: _Exec, want_race: bool):
    evs = P.evs
    n = P.n
    rf = X.rf
    wrote = X.wrote
    # Release sequence, RC11: rs = [W]; (sb ∩ loc)?; [W ⊒ rlx]; (rf; rmw)*.
    rmw_readers = [0] * n
    for r, w in rf.items():
        if evs[r].kind == "RMW" and (wrote >> r) & 1:
            rmw_readers[w] |= 1 << r

    def rs(w):
        s = (1 << w) | (P.sameloc_w_after[w] & wrote)
        todo = s
        while todo:
            nxt = 0
            for x in _bits(todo):
                nxt |= rmw_readers[x]
            nxt &= ~s
            s |= nxt
            todo = nxt
        return s

    # sw = [E ⊒rel]; ([F]; sb)?; rs; rf; [R ⊒rlx]; (sb; [F])?; [E ⊒acq].
    sw = list(P.bar_sw)
    for a in P.rel:
        ea = evs[a]
        if ea.kind in ("F", "FE"):
            heads = [w for w in P.atomic_w_after[a] if (wrote >> w) & 1]
        else:
            if not (wrote >> a) & 1:
                continue
            heads = [a]
        S = 0
        for h in heads:
            S |= rs(h)
        for r, w in rf.items():
            if not (S >> w) & 1:
                continue
            er = evs[r]
            if not er.atomic or er.tid == ea.tid:
                continue
            if er.order in _ACQ:
                sw[a] |= 1 << r
            sw[a] |= P.acq_fence_after[r]
    hb = _closure([P.sb[i] | sw[i] for i in range(n)])
    # Coherence: irreflexive(hb; eco?), eco = (rf ∪ co ∪ fr)+.
    if not _irreflexive(hb):
        return False, None
    eco = _closure([X.rf_rel[i] | X.co_after[i] | X.fr[i] for i in range(n)])
    if not _irreflexive(_compose(hb, eco)):
        return False, None
    # Atomicity (rmw ∩ (fr; co) = ∅) is enforced by the enumeration.
    # SC: acyclic(psc_base ∪ psc_F).
    if P.sc:
        hb_loc = [hb[i] & P.sameloc[i] for i in range(n)]
        mid = _compose(_compose(P.sb_nl, hb), P.sb_nl)
        scb = [P.sb[i] | mid[i] | hb_loc[i] | X.co_after[i] | X.fr[i] for i in range(n)]
        hbT = _transpose(hb)
        hbeco_hb = _compose(_compose(hb, eco), hb)
        sc = P.sc
        psc = [0] * n
        for x in sc:
            left = (1 << x) | (hb[x] if (P.sc_fence >> x) & 1 else 0)
            M = 0
            for u in _bits(left):
                M |= scb[u]
            for y in sc:
                pre = (1 << y) | (hbT[y] if (P.sc_fence >> y) & 1 else 0)
                if M & pre:
                    psc[x] |= 1 << y
            if (P.sc_fence >> x) & 1:
                psc[x] |= (hb[x] | hbeco_hb[x]) & P.sc_fence
        if not _acyclic(psc):
            return False, None
    if P.porf:
        # RC11 No-Thin-Air: acyclic(sb ∪ rf) (optional, see allowed()).
        if not _acyclic([P.sb[i] | X.rf_rel[i] for i in range(n)]):
            return False, None
    race = None
    if want_race:
        for a, b in P.race_cands:
            if not _conflicts_now(P, X, a, b):
                continue
            if not ((hb[a] >> b) & 1 or (hb[b] >> a) & 1):
                race = (a, b)
                break
    return True, race


# ---------------------------------------------------------------------------
# OpenCL 2.0 (Batty, Donaldson, Wickerson, POPL 2016) and Vulkan


def _eff_scope(e: _Ev, region_bit: int) -> str:
    # OpenCL 3.0 API, "Memory Consistency Model for OpenCL 2.x": on local
    # memory, "memory_scope with wider visibility than memory_scope_work_group
    # will be reduced to memory_scope_work_group".
    if region_bit == 2 and scope_index(e.scope) > scope_index("workgroup"):
        return "workgroup"
    return e.scope


def _incl(P: _Prog, a: _Ev, b: _Ev, region_bit: int) -> bool:
    """Inclusive scopes of two actions (OpenCL 2.0 3.3.5: "Two actions A and B
    are defined to have an inclusive scope if they have the same scope P such
    that ..."; relaxed in OpenCL 3.1 to scopes that may differ, each wide
    enough; Vulkan: "in the instance of each other's memory scopes")."""
    sa = _eff_scope(a, region_bit)
    sb = _eff_scope(b, region_bit)
    if P.scope_rule == "same":
        return sa == sb and shares(a.where, b.where, sa)
    narrow = sa if scope_index(sa) <= scope_index(sb) else sb
    return shares(a.where, b.where, narrow)


def _ocl_static(P: _Prog, vulkan: bool, scope_rule: str):
    evs = P.evs
    n = P.n
    P.vulkan = vulkan
    P.scope_rule = "inclusive" if vulkan else scope_rule
    # Tags: an access is tagged with the space of its location (Vulkan: also
    # the storage classes of its semantics); a fence or barrier with its
    # flags. OpenCL 2.0 3.3.6: "global memory action", "local ...".
    for e in evs:
        if e.kind in ("F", "FE", "FX"):
            t = 0
            for s in e.spaces:
                t |= _REGION_BIT[s]
            e.tags = t
        elif e.kind in ("R", "W", "RMW", "I"):
            e.tags = e.region
            # An atomic that names the spaces its order applies to (Vulkan
            # semantics' storage classes, SPIR-V's storage bits in the
            # OpenCL environment, the dialect's ordered atomics, which
            # order all memory: docs/semantics.md §3.3) is a memory action
            # of each of them.
            if e.atomic:
                for s in e.spaces:
                    e.tags |= _REGION_BIT[s]
        else:
            e.tags = 0
    # sb restricted to each region (global-happens-before is built from
    # sequenced-before between global memory actions, local likewise).
    P.sb_r = {}
    for rb, _ in _REGIONS:
        rel = [0] * n
        mask = 0
        for e in evs:
            if e.tags & rb:
                mask |= 1 << e.i
        for e in evs:
            if e.tags & rb:
                rel[e.i] = P.po[e.i] & mask
        if rb == 4:
            # Image memory: a thread's image accesses are sequenced only
            # through the image fences between them (_image_unordered);
            # image-happens-before reaches a later access through the
            # fence, never through program order alone.
            acc = 0
            for e in evs:
                if e.tags & rb and e.kind in ("R", "W", "RMW"):
                    acc |= 1 << e.i
            for e in evs:
                if e.tags & rb and e.kind in ("R", "W", "RMW"):
                    rel[e.i] &= ~acc
        P.sb_r[rb] = rel
    # The program order the scoped SC axiom extends a seq_cst fence by
    # (Fsb?, sbF?): a fence without the image flag is not sequenced with
    # image accesses (they are ordered only by image fences).
    img_acc = 0
    plain_f = 0
    for e in evs:
        if e.kind in ("R", "W", "RMW") and e.region == 4:
            img_acc |= 1 << e.i
        if e.kind in ("F", "FE", "FX") and not e.tags & 4:
            plain_f |= 1 << e.i
    P.po_sc = list(P.po)
    for e in evs:
        if (plain_f >> e.i) & 1:
            P.po_sc[e.i] &= ~img_acc
        elif (img_acc >> e.i) & 1:
            P.po_sc[e.i] &= ~plain_f
    P.used_regions = [rb for rb, _ in _REGIONS if any(e.tags & rb for e in evs)]
    P.rel = [e.i for e in evs if e.order in _REL and e.kind in ("W", "RMW", "F", "FE")]
    P.acq_fence_after = [[] for _ in range(n)]
    P.atomic_w_after = [[] for _ in range(n)]
    for a in evs:
        for b in _bits(P.po[a.i]):
            eb = evs[b]
            if eb.kind in ("F", "FX") and eb.order in _ACQ:
                P.acq_fence_after[a.i].append(b)
            if eb.kind in ("W", "RMW") and eb.atomic and eb.scope != "thread":
                P.atomic_w_after[a.i].append(b)
    # Barrier synchronization: "If the flags have CLK_GLOBAL_MEM_FENCE set
    # then for each work-item the entry fence global-synchronizes-with the
    # exit fence of all other work-items in the same work-group" (local
    # likewise). Vulkan: a release barrier po-before a control barrier
    # synchronizes-with an acquire barrier po-after the matching control
    # barrier of another invocation in scope.
    P.bar_sw = []
    for members in P.bar_instances:
        for a in members:
            if a.kind != "FE" or a.order not in _REL:
                continue
            for b in members:
                if b.kind == "FX" and b.tid != a.tid and b.order in _ACQ:
                    if vulkan and not _incl(P, a, b, 1):
                        continue
                    P.bar_sw.append((a.i, b.i, a.tags & b.tags))
    P.sc = [e.i for e in evs if e.order == "seq_cst" and e.kind in ("R", "W", "RMW", "F", "FE", "FX")]
    if vulkan:
        P.sc = []
    P.is_fence = 0
    for e in evs:
        if e.kind in ("F", "FE", "FX"):
            P.is_fence |= 1 << e.i
    # Race candidates (OpenCL 2.0 3.3.6: "at least one of A or B is not
    # atomic, or A and B do not have inclusive memory scope"; Vulkan "Data
    # Race": "X and Y are not mutually-ordered atomic operations").
    cands = []
    for a, b in _conflict_pairs(P):
        ea, eb = evs[a], evs[b]
        if ea.atomic and eb.atomic and ea.scope != "thread" and eb.scope != "thread" \
                and _incl(P, ea, eb, ea.region):
            continue
        cands.append((a, b))
    P.race_cands = cands


def _ocl_rs(P: _Prog, X: _Exec, w: int) -> int:
    """C11 release sequence (OpenCL 2.0 3.3.6): the maximal contiguous
    sub-sequence of the modification order headed by w whose later members
    are writes of w's work-item or atomic read-modify-writes."""
    evs = P.evs
    ew = evs[w]
    order = X.co[P.locs.index(ew.loc)]
    s = 1 << w
    for x in order[X.co_pos[w] + 1:]:
        ex = evs[x]
        if ex.tid == ew.tid or ex.kind == "RMW":
            s |= 1 << x
        else:
            break
    return s


def _check_ocl(P: _Prog, X: _Exec, want_race: bool):
    evs = P.evs
    n = P.n
    rf = X.rf
    wrote = X.wrote
    # sw edges with the regions they synchronize: (a, b, region mask).
    edges = list(P.bar_sw)
    for a in P.rel:
        ea = evs[a]
        if ea.kind in ("F", "FE"):
            heads = [w for w in P.atomic_w_after[a] if (wrote >> w) & 1]
        else:
            if not (wrote >> a) & 1 or ea.scope == "thread":
                continue
            heads = [a]
        for h in heads:
            eh = evs[h]
            rb = eh.region
            if not (ea.tags & rb):
                continue  # a release fence orders only the spaces of its flags
            S = _ocl_rs(P, X, h)
            for r, w in rf.items():
                if not (S >> w) & 1:
                    continue
                er = evs[r]
                if not er.atomic or er.scope == "thread" or er.tid == ea.tid:
                    continue
                targets = []
                if er.order in _ACQ:
                    targets.append(r)
                targets.extend(P.acq_fence_after[r])
                for t in targets:
                    et = evs[t]
                    if not (et.tags & rb):
                        continue
                    # Batty et al. require inclusive scopes of the two ends of
                    # every release-acquire synchronization (the 2.0 text
                    # says so for the fence rules of 3.3.6.2; for two atomics
                    # a non-inclusive pair is a race anyway).
                    if not _incl(P, ea, et, rb):
                        continue
                    regions = rb
                    # OpenCL 2.0 3.3.6.1: "Let X and Y be two
                    # memory_order_seq_cst operations. If X local-synchronizes-
                    # with or global-synchronizes-with Y then X both ..."; and
                    # 3.3.6.2 for two fences with both flags.
                    if not P.vulkan and (
                            (ea.order == "seq_cst" and et.order == "seq_cst") or
                            ((P.is_fence >> a) & 1 and (P.is_fence >> t) & 1 and
                             ea.tags & 3 == 3 and et.tags & 3 == 3)):
                        regions |= 3
                    # The spaces both ends act on (Vulkan: the storage
                    # classes in both semantics; OpenCL: two fences with
                    # both flags, as above, or atomics that name spaces).
                    regions |= (ea.tags & et.tags) | rb
                    edges.append((a, t, regions))
    hb = {}
    for rb in P.used_regions:
        rel = list(P.sb_r[rb])
        for a, b, regs in edges:
            if regs & rb:
                rel[a] |= 1 << b
        hb[rb] = _closure(rel)
    eco = None
    for rb in P.used_regions:
        h = hb[rb]
        if not _irreflexive(h):
            return False, None  # 3.3.6: no cycle in either happens-before
    eco = _closure([X.rf_rel[i] | X.co_after[i] | X.fr[i] for i in range(n)])
    for rb in P.used_regions:
        # Coherence (write-write, read-read, read-write, write-read, and a
        # read not reading a write that happens after it): irreflexive
        # (hb; eco?) over the accesses of the region.
        if not _irreflexive(_compose(hb[rb], eco)):
            return False, None
    # Non-atomic reads read the visible side effect (3.3.6: "The value of a
    # non-atomic scalar object M, as determined by evaluation B, shall be the
    # value stored by the visible side effect A").
    for r, w in rf.items():
        er = evs[r]
        if er.atomic:
            continue
        h = hb[er.region]
        if not (h[w] >> r) & 1 and not _image_unordered(evs, evs[w], er):
            return False, None
        for w2 in _bits(X.co_after[w] | X.co_before[w]):
            if (h[w] >> w2) & 1 and (h[w2] >> r) & 1:
                return False, None
    # Atomicity of RMW is enforced by the enumeration.
    if P.sc:
        # Scoped SC (Batty et al. section 6, opencl_scopedsc): acyclic
        # ((SC × SC) ∩ scp ∩ incl), scp = Fsb?; (rb ∪ mo ∪ hb); sbF?.
        hball = [0] * n
        for rb in P.used_regions:
            h = hb[rb]
            for i in range(n):
                hball[i] |= h[i]
        # rb and mo of atomic objects only: "All modifications to a
        # particular atomic object M occur in some particular total order,
        # called the modification order of M" (OpenCL 3.0 API, "Memory
        # Ordering Rules", from C11 5.1.2.4p7); a non-atomic location has
        # none, and a conflict there without happens-before is a data race,
        # not an SC constraint.
        amask = 0
        for e in evs:
            if e.atomic:
                amask |= 1 << e.i
        mid = [((X.fr[i] | X.co_after[i]) & amask if (amask >> i) & 1 else 0)
               | hball[i] for i in range(n)]
        sc = P.sc
        rel = [0] * n
        for x in sc:
            ex = evs[x]
            left = (1 << x) | (P.po_sc[x] if (P.is_fence >> x) & 1 else 0)
            M = 0
            for u in _bits(left):
                M |= mid[u]
            for y in sc:
                ey = evs[y]
                hit = (M >> y) & 1
                if not hit and (P.is_fence >> y) & 1:
                    for v in _bits(M):
                        if (P.po_sc[v] >> y) & 1:
                            hit = 1
                            break
                if not hit:
                    continue
                # The scopes are compared in a space both act on (a fence
                # with both flags and a local atomic: local, where a scope
                # wider than the work-group is reduced to it, OpenCL 3.0
                # API "Memory Consistency Model for OpenCL 2.x"); two
                # actions on different spaces have none in common.
                common = ex.tags & ey.tags & 3
                if common:
                    incl = any(_incl(P, ex, ey, rb) for rb in (1, 2)
                               if common & rb)
                else:
                    rb = 1 if ((ex.tags | ey.tags) & 1 or
                               not ((ex.tags | ey.tags) & 2)) else 2
                    incl = _incl(P, ex, ey, rb)
                if incl:
                    rel[x] |= 1 << y
        if not _acyclic(rel):
            return False, None
    race = None
    if want_race:
        hbvis = None
        for a, b in P.race_cands:
            if not _conflicts_now(P, X, a, b):
                continue
            ea, eb = evs[a], evs[b]
            h = hb[ea.region]
            if not P.vulkan:
                if not ((h[a] >> b) & 1 or (h[b] >> a) & 1):
                    race = (a, b)
                    break
                continue
            # Vulkan "Location-Ordered": across invocations, both accesses
            # non-private, and a write needs availability and visibility
            # operations on the path (release/acquire with MakeAvailable and
            # MakeVisible).
            if not ((ea.atomic or ea.nonprivate) and (eb.atomic or eb.nonprivate)):
                race = (a, b)
                break
            if hbvis is None:
                hbvis = {}
                for rb in P.used_regions:
                    rel = list(P.sb_r[rb])
                    for x, y, regs in edges:
                        if regs & rb and evs[x].avvis and evs[y].avvis:
                            rel[x] |= 1 << y
                    hbvis[rb] = _closure(rel)
            hv = hbvis[ea.region]

            def ordered(x, y, ex):
                if ex.kind == "R" or not (X.wrote >> x) & 1:
                    return (h[x] >> y) & 1
                return (hv[x] >> y) & 1

            if not (ordered(a, b, ea) or ordered(b, a, eb)):
                race = (a, b)
                break
    return True, race


# ---------------------------------------------------------------------------
# PTX (PTX ISA "Memory Consistency Model"; Lustig et al., ASPLOS 2019)


def _ptx_static(P: _Prog):
    evs = P.evs
    n = P.n
    # Strong operations (PTX "Operation types"): fences, and memory
    # operations with .relaxed/.acquire/.release/.acq_rel/.volatile.
    strong = [False] * n
    for e in evs:
        strong[e.i] = e.kind == "F" or e.atomic or e.kind == "I"
    P.strong = strong
    # Morally strong (PTX "Morally strong operations"): related in program
    # order, or each strong with a scope that includes the other's thread;
    # memory operations must overlap completely (same location here). The
    # initial write is treated as morally strong with every access of its
    # location (it precedes everything in causality order).
    ms = [0] * n
    for a in evs:
        for b in evs:
            if a.i == b.i:
                continue
            if a.kind == "B" or b.kind == "B":
                continue
            mem_a = a.kind in ("R", "W", "RMW", "I")
            mem_b = b.kind in ("R", "W", "RMW", "I")
            if mem_a and mem_b and a.loc != b.loc:
                continue
            if a.kind == "I" or b.kind == "I":
                if mem_a and mem_b:
                    ms[a.i] |= 1 << b.i
                continue
            if a.tid == b.tid:
                ms[a.i] |= 1 << b.i
            elif strong[a.i] and strong[b.i] and shares(a.where, b.where, a.scope) \
                    and shares(b.where, a.where, b.scope):
                ms[a.i] |= 1 << b.i
    P.ms = ms
    # Release patterns (PTX "Release and Acquire Patterns"): (first, write).
    rel_pairs = []
    for a in evs:
        if a.kind in ("W", "RMW") and a.order in _REL:
            rel_pairs.append((a.i, a.i))
            for b in _bits(P.po[a.i]):
                eb = evs[b]
                if eb.kind in ("W", "RMW") and eb.atomic and eb.loc == a.loc:
                    rel_pairs.append((a.i, b))
        elif a.kind == "F" and a.order in _REL:
            for b in _bits(P.po[a.i]):
                eb = evs[b]
                if eb.kind in ("W", "RMW") and eb.atomic:
                    rel_pairs.append((a.i, b))
    P.rel_pairs = rel_pairs
    # Acquire patterns: read -> last operations of patterns it begins.
    acq_last = [[] for _ in range(n)]
    for a in evs:
        if a.kind in ("R", "RMW") and a.order in _ACQ:
            acq_last[a.i].append(a.i)
        if a.kind in ("R", "RMW") and a.atomic:
            for b in _bits(P.po[a.i]):
                eb = evs[b]
                if eb.kind in ("R", "RMW") and eb.order in _ACQ and eb.loc == a.loc:
                    acq_last[a.i].append(b)
                elif eb.kind == "F" and eb.order in _ACQ:
                    acq_last[a.i].append(b)
    P.acq_last = acq_last
    # Barriers: "A bar{.cta}.sync or bar{.cta}.red or bar{.cta}.arrive
    # operation synchronizes with a bar{.cta}.sync or bar{.cta}.red operation
    # executed on the same barrier"; "A barrier.cluster.arrive operation
    # synchronizes with a barrier.cluster.wait operation" (PTX "Memory
    # synchronization"). A B event with order "na" is execution only.
    bar = [0] * n
    for members in P.bar_instances:
        for a in members:
            if a.order not in _REL:
                continue
            for b in members:
                if b.tid != a.tid and b.order in _ACQ:
                    bar[a.i] |= 1 << b.i
    P.base_static = [P.po[i] | bar[i] for i in range(n)]
    # fence.sc operations and their morally strong pairs (Fence-SC order
    # relates every such pair).
    scf = [e.i for e in evs if e.kind == "F" and e.order == "seq_cst"]
    P.sc_pairs = [(a, b) for x, a in enumerate(scf) for b in scf[x + 1:]
                  if (ms[a] >> b) & 1]
    # Data races (PTX "Conflict and Data-races"): conflicting, not morally
    # strong, not related in causality order.
    P.race_cands = [(a, b) for a, b in _conflict_pairs(P) if not (ms[a] >> b) & 1]
    # Maximal sets of pairwise morally strong same-location operations
    # (axiom "Sequential Consistency Per Location").
    cliques = []
    for loc in P.locs:
        ops = [e.i for e in evs if e.loc == loc and e.kind in ("R", "W", "RMW", "I")]
        cliques.extend(_maximal_cliques(ops, ms))
    P.cliques = [c for c in cliques if bin(c).count("1") >= 2]
    P.po_loc = [P.po[i] & P.sameloc[i] for i in range(n)]


def _maximal_cliques(nodes, adj):
    out = []

    def bk(R, Pset, Xset):
        if not Pset and not Xset:
            out.append(R)
            return
        for v in list(_bits(Pset)):
            bk(R | (1 << v), Pset & adj[v], Xset & adj[v])
            Pset &= ~(1 << v)
            Xset |= 1 << v

    allm = 0
    for v in nodes:
        allm |= 1 << v
    bk(0, allm, 0)
    return out


def _ptx_obs(P: _Prog, X: _Exec):
    """Observation order (PTX "Observation Order"): W -> R when R reads W and
    they are morally strong, or through a chain of atomic RMWs."""
    n = P.n
    evs = P.evs
    direct = [X.rf_rel[w] & P.ms[w] for w in range(n)]
    obs = [0] * n
    done = [False] * n

    def go(w, stack):
        if done[w]:
            return obs[w]
        acc = direct[w]
        for z in _bits(direct[w]):
            if evs[z].kind == "RMW" and (X.wrote >> z) & 1 and z not in stack:
                acc |= go(z, stack | {z})
        obs[w] = acc
        done[w] = True
        return acc

    for w in range(n):
        if evs[w].is_write and (X.wrote >> w) & 1:
            go(w, frozenset((w,)))
    return obs


def _ptx_axioms(P: _Prog, X: _Exec, base, obs):
    """Checks the axioms that depend on causality order; returns (ok,
    cause)."""
    evs = P.evs
    n = P.n
    # Causality order (ASPLOS'19 formulation): base ∪ (observation; base).
    cause = list(base)
    for w in range(n):
        o = obs[w]
        if o:
            acc = cause[w]
            for r in _bits(o):
                acc |= base[r]
            cause[w] = acc
    wrote = X.wrote
    # Axiom "Coherence": W before W' in causality order => W before W' in
    # coherence order.
    for order in X.co:
        for w in order:
            if cause[w] & X.co_before[w]:
                return False, None
    # Coherence order is partial: writes are related when morally strong or
    # causality-ordered ("Coherence Order"); transitively closed.
    co_eff = [0] * n
    for order in X.co:
        for k, a in enumerate(order):
            for b in order[k + 1:]:
                if (P.ms[a] >> b) & 1 or (cause[a] >> b) & 1 or (cause[b] >> a) & 1:
                    co_eff[a] |= 1 << b
    co_eff = _closure(co_eff)
    # Axiom "Causality": a read does not read a write that follows it in
    # causality order, nor a write coherence-before a write that precedes it
    # in causality order.
    for r, w in X.rf.items():
        if (cause[r] >> w) & 1:
            return False, None
        for w2 in _bits(co_eff[w] & ~(1 << r)):
            if (cause[w2] >> r) & 1:
                return False, None
    # Axiom "Atomicity" (read-modify-write): an RMW A and a morally strong
    # write W: not (A reads a write coherence-before W and A follows W).
    for r, w in X.rf.items():
        er = evs[r]
        if er.kind != "RMW" or not (wrote >> r) & 1:
            continue
        for w2 in _bits(P.ms[r] & wrote & P.sameloc[r]):
            if (co_eff[w] >> w2) & 1 and (co_eff[w2] >> r) & 1:
                return False, None
    # Axiom "Fence-SC": Fence-SC order cannot contradict causality order.
    for a, b in P.sc_pairs:
        if (cause[a] >> b) & 1 and (cause[b] >> a) & 1:
            return False, None
    return True, (cause, co_eff)


def _ptx_sc_per_loc(P: _Prog, X: _Exec):
    # Axiom "Sequential Consistency Per Location": within a set of pairwise
    # morally strong overlapping operations, communication order (rf, co,
    # fr) and program order do not form a cycle. Pairwise morally strong
    # writes are related in coherence order, so co is total there.
    n = P.n
    for c in P.cliques:
        rel = [0] * n
        for i in _bits(c):
            rel[i] = (P.po_loc[i] | X.rf_rel[i] | X.co_after[i] | X.fr[i]) & c
        if not _acyclic(rel):
            return False
    return True


def _check_ptx(P: _Prog, X: _Exec, want_race: bool):
    evs = P.evs
    n = P.n
    if not _ptx_sc_per_loc(P, X):
        return False, None
    obs = _ptx_obs(P, X)
    # Synchronization (PTX "Memory synchronization"): a release pattern X
    # synchronizes with an acquire pattern Y if a write of X precedes a read
    # of Y in observation order and the first operation of X and the last of
    # Y are morally strong.
    base = list(P.base_static)
    for first, w in P.rel_pairs:
        if not (X.wrote >> w) & 1:
            continue
        o = obs[w]
        if not o:
            continue
        tf = evs[first].tid
        for r in _bits(o):
            for last in P.acq_last[r]:
                if evs[last].tid != tf and (P.ms[first] >> last) & 1:
                    base[first] |= 1 << last
    # Base causality order: the transitive closure of program order and
    # synchronizes-with.
    base = _closure(base)
    found = [False, None]
    need_race = want_race and bool(P.race_cands)

    def leaf(cause):
        found[0] = True
        if need_race and found[1] is None:
            for a, b in P.race_cands:
                if not _conflicts_now(P, X, a, b):
                    continue
                if not ((cause[a] >> b) & 1 or (cause[b] >> a) & 1):
                    found[1] = (a, b)
                    break

    def dfs(base):
        ok, res = _ptx_axioms(P, X, base, obs)
        if not ok:
            return
        # Fence-SC order: orient every morally strong pair of fence.sc not
        # already ordered; fence.sc X synchronizes with Y when X precedes Y.
        for a, b in P.sc_pairs:
            if not ((base[a] >> b) & 1 or (base[b] >> a) & 1):
                dfs(_add_edge(base, a, b))
                if found[0] and (not need_race or found[1] is not None):
                    return
                dfs(_add_edge(base, b, a))
                return
        leaf(res[0])

    dfs(base)
    return found[0], found[1]


# ---------------------------------------------------------------------------
# Driver


def _prepare(test: Litmus, model: str, opencl_scope_rule: str, c11_porf: bool):
    if model == "ptx":
        P = _compile(test, "ptx")
        _ptx_static(P)
        return P, _check_ptx, False
    if model in ("opencl", "vulkan"):
        P = _compile(test, model)
        _ocl_static(P, model == "vulkan", opencl_scope_rule)
        return P, _check_ocl, True
    if model == "c11":
        P = _compile(test, "c11")
        _c11_static(P, c11_porf)
        return P, _check_c11, True
    raise ValueError("unknown model %r (one of %s)" % (model, ", ".join(MODELS)))


@lru_cache(maxsize=65536)
def allowed(test: Litmus, model: str, opencl_scope_rule: str = "same",
            c11_porf: bool = False) -> Verdict:
    """The outcomes `model` allows for `test`, and whether it is racy.

    opencl_scope_rule  "same" (default): OpenCL 2.0-3.0 section "Overview of
                       atomic and fence operations" (2.0 3.3.5) defines
                       inclusive scope as "the same scope P" that includes
                       both actions; "inclusive": the OpenCL 3.1 rule, where
                       the scopes may differ and each must include the other
                       action. Vulkan always uses inclusion.
    c11_porf           RC11's No-Thin-Air axiom acyclic(sb ∪ rf), which
                       forbids load buffering with relaxed atomics. Off by
                       default: C++ only recommends it ([atomics.order]
                       p8-9) and compilers for Arm/Power do not enforce it, so
                       as a target model it would hide weakenings.
    """
    if opencl_scope_rule not in ("same", "inclusive"):
        raise ValueError("opencl_scope_rule must be 'same' or 'inclusive'")
    P, check, rmw_immediate = _prepare(test, model, opencl_scope_rule, c11_porf)
    outcomes = set()
    racy = False
    witness = ""
    if P.divergence:
        racy = True
        witness = P.divergence
    count = 0
    for X in _candidates(P, rmw_immediate):
        ok, race = check(P, X, not racy)
        if not ok:
            continue
        count += 1
        outcomes.add(_outcome(P, X))
        if race is not None and not racy:
            racy = True
            a, b = race
            witness = "%s races with %s in: %s" % (
                P.evs[a].describe(), P.evs[b].describe(), _describe_exec(P, X))
    return Verdict(frozenset(outcomes), racy, witness, count)


def executions(test: Litmus, model: str, opencl_scope_rule: str = "same",
               c11_porf: bool = False):
    """Yields (outcome, description, race description or "") for every
    consistent execution (for explanations; `allowed` is the fast path)."""
    P, check, rmw_immediate = _prepare(test, model, opencl_scope_rule, c11_porf)
    for X in _candidates(P, rmw_immediate):
        ok, race = check(P, X, True)
        if not ok:
            continue
        rdesc = ""
        if race is not None:
            rdesc = "%s races with %s" % (P.evs[race[0]].describe(),
                                          P.evs[race[1]].describe())
        yield _outcome(P, X), _describe_exec(P, X), rdesc


def outcome_matches(outcome, **want) -> bool:
    """Whether `outcome` has each given register (or "*loc" via loc_x=...)
    value; e.g. outcome_matches(o, r0=1, r1=0)."""
    d = dict(outcome)
    for k, v in want.items():
        key = "*" + k[4:] if k.startswith("loc_") else k
        if d.get(key) != v:
            return False
    return True


def allows(test: Litmus, model: str, **want) -> bool:
    """Whether some allowed outcome of `test` has the given values."""
    v = allowed(test, model)
    return any(outcome_matches(o, **want) for o in v.outcomes)
