"""Litmus tests over xfence's synchronization vocabulary.

Every test is named by a spec string that `build` turns back into the test:

    SHAPE:PLACEMENT:SPACES:DATA:TOKEN[:TOKEN...]

SHAPE      MP SB LB IRIW WRC ISA2 2+2W R S CoRR ATOM (one TOKEN per thread)
           IMG (one thread: an image write, then a read of the same image
           location; its TOKEN is po-device, no fence, or an F- token, a
           fence between the two)
           BMP BSB (barrier-synchronized message passing and store
           buffering; one TOKEN, the barrier every thread executes)
PLACEMENT  sg   all threads in one sub-group (different lanes)
           wg   one work-group, each thread in its own sub-group
           cl   one cluster, each thread in its own work-group
           dev  each thread in its own cluster
           mix  (3 or 4 threads) T0 and T1 share a work-group, the others
                are each in a cluster of their own
SPACES     global | local (every location) | mixed (data local, flags
           global) | image (every location; IMG only). Local memory is
           shared by one work-group only, so local and mixed go with sg
           and wg placements.
DATA       na (plain accesses to the data locations) | rlx (relaxed device
           scope atomics); shapes without data locations ignore it.
TOKEN      the synchronization of one thread:
             po-S         relaxed atomics at scope S, no fence
             F-O-S[-SP]   relaxed atomics at scope S and a fence of order O
                          and scope S between the thread's two accesses;
                          SP (g, l, gl, i, gi, gli; i is image) are the
                          fence's spaces (default: the spaces of the test's
                          locations); S may be thread for IMG
             A-S          release writes, acquire reads, acq_rel RMWs at S
             SC-S         seq_cst accesses at S
             X-O-S        the thread's synchronizing access becomes an
                          exchange (RMW) of order O at S
             L            OpenCL 1.2 atomics (LEGACY_SHAPES, sg and wg
                          only; every thread of the test takes L or LF):
                          each synchronizing access is a relaxed RMW at
                          the 1.2 scope of its location (device on
                          global, workgroup on local, 1.2 §6.12.11): a
                          write an exchange (atomic_xchg), a read a
                          compare-exchange that never matches
                          (atomic_cmpxchg(p, 5, 5))
             LF-O[-SP]    L and a work-group fence of order O (acquire,
                          release, seq_cst: read_mem_fence,
                          write_mem_fence, mem_fence) and spaces SP
                          between the thread's two accesses
           barrier shapes:
             B-E-O-S-SP   a barrier of execution scope E, memory order O (na
                          for an execution-only barrier), memory scope S and
                          spaces SP (g, l, gl or none)

Scopes are spelled as in events.SCOPES; orders as in events.ORDERS.
"""

import random
from itertools import product
from typing import Iterator, List, Optional, Tuple

from .events import Event, Litmus, Placement, Thread

SHAPES = ("MP", "SB", "LB", "IRIW", "WRC", "ISA2", "2+2W", "R", "S", "CoRR",
          "ATOM", "BMP", "BSB", "IMG")
BARRIER_SHAPES = ("BMP", "BSB")
# The shapes of the OpenCL 1.2 families (tokens L and LF-).
LEGACY_SHAPES = ("MP", "SB", "LB", "2+2W", "S", "R")
LEGACY_FENCE_ORDERS = ("acquire", "release", "seq_cst")
PLACEMENTS = ("sg", "wg", "cl", "dev", "mix")
SPACE_MODES = ("global", "local", "mixed", "image")
DATA_MODES = ("na", "rlx")
SYNC_SCOPES = ("subgroup", "workgroup", "cluster", "device", "system")
FENCE_ORDERS = ("acquire", "release", "acq_rel", "seq_cst")
RMW_ORDERS = ("relaxed", "acquire", "release", "acq_rel", "seq_cst")

# Each shape: threads of ops (kind, loc, value, role); role "data" ops use
# DATA, "sync" ops the thread's TOKEN, "wait" ops are "sync" reads that spin
# until they read 1 (events.Event.await_value): the data read after them
# happens only once the flag is seen, as in a real message-passing program. `key` is the op that carries the
# synchronization of the thread (release side: its last write; acquire side:
# its first read), replaced by an RMW for X- tokens.
_SHAPES = {
    "MP": ([[("W", "x", 1, "data"), ("W", "y", 1, "sync")],
            [("R", "y", None, "wait"), ("R", "x", None, "data")]], [1, 0]),
    "SB": ([[("W", "x", 1, "sync"), ("R", "y", None, "sync")],
            [("W", "y", 1, "sync"), ("R", "x", None, "sync")]], [0, 0]),
    "LB": ([[("R", "x", None, "sync"), ("W", "y", 1, "sync")],
            [("R", "y", None, "sync"), ("W", "x", 1, "sync")]], [1, 1]),
    "IRIW": ([[("W", "x", 1, "sync")],
              [("R", "x", None, "sync"), ("R", "y", None, "sync")],
              [("W", "y", 1, "sync")],
              [("R", "y", None, "sync"), ("R", "x", None, "sync")]], [0, 0, 0, 0]),
    "WRC": ([[("W", "x", 1, "sync")],
             [("R", "x", None, "sync"), ("W", "y", 1, "sync")],
             [("R", "y", None, "sync"), ("R", "x", None, "sync")]], [0, 1, 0]),
    "ISA2": ([[("W", "x", 1, "data"), ("W", "y", 1, "sync")],
              [("R", "y", None, "wait"), ("W", "z", 1, "sync")],
              [("R", "z", None, "wait"), ("R", "x", None, "data")]], [1, 1, 0]),
    "2+2W": ([[("W", "x", 1, "sync"), ("W", "y", 2, "sync")],
              [("W", "y", 1, "sync"), ("W", "x", 2, "sync")]], [1, 1]),
    "R": ([[("W", "x", 1, "sync"), ("W", "y", 1, "sync")],
           [("W", "y", 2, "sync"), ("R", "x", None, "sync")]], [1, 0]),
    "S": ([[("W", "x", 2, "sync"), ("W", "y", 1, "sync")],
           [("R", "y", None, "sync"), ("W", "x", 1, "sync")]], [1, 0]),
    "CoRR": ([[("W", "x", 1, "sync")],
              [("R", "x", None, "sync"), ("R", "x", None, "sync")]], [0, 0]),
    "ATOM": ([[("RMW", "x", 1, "sync")],
              [("RMW", "x", 2, "sync")]], [0, 0]),
    # A work-item's own write and later read of a read_write image: ordered
    # only by an image fence between them (models._image_unordered).
    "IMG": ([[("W", "x", 1, "data"), ("R", "x", None, "data")]], None),
    # Barrier shapes: ("B",) marks where the barrier goes.
    "BMP": ([[("W", "x", 1, "data"), ("B",)],
             [("B",), ("R", "x", None, "data")]], None),
    "BSB": ([[("W", "x", 1, "data"), ("B",), ("R", "y", None, "data")],
             [("W", "y", 1, "data"), ("B",), ("R", "x", None, "data")]], None),
}

_SP = {"g": frozenset(("global",)), "l": frozenset(("local",)),
       "gl": frozenset(("global", "local")), "none": frozenset(),
       "i": frozenset(("image",)), "gi": frozenset(("global", "image")),
       "gli": frozenset(("global", "local", "image"))}


def _placements(token: str, n: int) -> Tuple[Placement, ...]:
    if token == "sg":
        return tuple(Placement(lane=i) for i in range(n))
    if token == "wg":
        return tuple(Placement(subgroup=i) for i in range(n))
    if token == "cl":
        return tuple(Placement(group=i) for i in range(n))
    if token == "dev":
        return tuple(Placement(cluster=i) for i in range(n))
    if token == "mix":
        return tuple(Placement(subgroup=i) if i < 2 else Placement(cluster=i - 1)
                     for i in range(n))
    raise ValueError("unknown placement %r" % token)


def _data_locs(shape):
    threads, _ = _SHAPES[shape]
    return {op[1] for th in threads for op in th if len(op) > 1 and op[3] == "data"}


def _locs(shape):
    threads, _ = _SHAPES[shape]
    out = []
    for th in threads:
        for op in th:
            if len(op) > 1 and op[1] not in out:
                out.append(op[1])
    return sorted(out)


def _acc_order(kind, style):
    if style == "A":
        return {"R": "acquire", "W": "release", "RMW": "acq_rel"}[kind]
    if style == "SC":
        return "seq_cst"
    return "relaxed"


def build(spec: str) -> Litmus:
    """The test a spec string names (see the module docstring)."""
    parts = spec.split(":")
    if len(parts) < 5:
        raise ValueError("spec %r: want SHAPE:PLACEMENT:SPACES:DATA:TOKEN..." % spec)
    shape, placement, spaces, data = parts[:4]
    tokens = parts[4:]
    if shape not in _SHAPES:
        raise ValueError("unknown shape %r" % shape)
    threads_t, keys = _SHAPES[shape]
    n = len(threads_t)
    barrier = shape in BARRIER_SHAPES
    if barrier:
        if len(tokens) != 1:
            raise ValueError("spec %r: a barrier shape takes one token" % spec)
        tokens = tokens * n
    elif len(tokens) != n:
        raise ValueError("spec %r: %s has %d threads" % (spec, shape, n))
    if spaces not in SPACE_MODES:
        raise ValueError("unknown spaces %r" % spaces)
    if data not in DATA_MODES:
        raise ValueError("unknown data mode %r" % data)
    where = _placements(placement, n)
    dlocs = _data_locs(shape)
    locs = _locs(shape)
    loc_space = {}
    if (spaces == "image") != (shape == "IMG"):
        raise ValueError("spec %r: image spaces go with IMG only" % spec)
    for loc in locs:
        if spaces in ("global", "image"):
            loc_space[loc] = spaces
        elif spaces == "local":
            loc_space[loc] = "local"
        else:
            loc_space[loc] = "local" if loc in dlocs else "global"
    used = frozenset(loc_space.values())
    threads = []
    for t, (ops, tok) in enumerate(zip(threads_t, tokens)):
        f = tok.split("-")
        style = f[0]
        evs: List[Event] = []
        k = 0
        for j, op in enumerate(ops):
            if style == "LF" and j == 1:
                if len(f) not in (2, 3):
                    raise ValueError("token %r: want LF-ORDER[-SPACES]" % tok)
                sp = _SP[f[2]] if len(f) == 3 else used
                evs.append(Event("F", order=f[1], scope="workgroup",
                                 spaces=sp, origin="fence"))
            if style == "F" and j == 1:
                # The fence sits between the thread's first and second op.
                if len(f) not in (3, 4):
                    raise ValueError("token %r: want F-ORDER-SCOPE[-SPACES]" % tok)
                sp = _SP[f[3]] if len(f) == 4 else used
                evs.append(Event("F", order=f[1], scope=f[2], spaces=sp,
                                 origin="fence"))
            if op[0] == "B":
                if style != "B" or len(f) != 5:
                    raise ValueError("barrier token %r: want B-E-O-S-SP" % tok)
                _, ex, order, scope, sp = f
                evs.append(Event("B", order=order, scope=scope,
                                 spaces=_SP[sp] if order != "na" else frozenset(),
                                 exec_scope=ex, origin="barrier"))
                continue
            kind, loc, value, role = op
            wait = 1 if role == "wait" else None
            reg = ("r%d_%d" % (t, k)) if kind in ("R", "RMW") else None
            if kind in ("R", "RMW"):
                k += 1
            if role == "data":
                if data == "na":
                    evs.append(Event(kind, loc=loc, order="na", reg=reg, value=value))
                else:
                    evs.append(Event(kind, loc=loc, order="relaxed", scope="device",
                                     reg=reg, value=value))
                continue
            if style == "B":
                raise ValueError("token %r is for barrier shapes" % tok)
            if style in ("L", "LF"):
                # 1.2 atomics are relaxed RMWs, atomic among the device on
                # global memory and the work-group on local (§6.12.11).
                scope = "device" if loc_space[loc] == "global" else "workgroup"
                if kind == "W":
                    evs.append(Event("RMW", loc=loc, order="relaxed",
                                     scope=scope, reg="r%d_w%d" % (t, j),
                                     value=value, origin="atomic_xchg"))
                else:
                    evs.append(Event("RMW", loc=loc, order="relaxed",
                                     scope=scope, reg=reg, value=5, expect=5,
                                     origin="atomic_cmpxchg",
                                     await_value=wait))
            elif style in ("po", "A", "SC"):
                if len(f) != 2:
                    raise ValueError("token %r: want %s-SCOPE" % (tok, style))
                scope = f[1]
                order = _acc_order(kind, style)
                evs.append(Event(kind, loc=loc, order=order, scope=scope, reg=reg,
                                 value=value, await_value=wait))
            elif style == "F":
                if len(f) not in (3, 4):
                    raise ValueError("token %r: want F-ORDER-SCOPE[-SPACES]" % tok)
                scope = f[2]
                evs.append(Event(kind, loc=loc, order="relaxed", scope=scope,
                                 reg=reg, value=value, await_value=wait))
            elif style == "X":
                if len(f) != 3:
                    raise ValueError("token %r: want X-ORDER-SCOPE" % tok)
                scope = f[2]
                if j == keys[t]:
                    wval = value if kind != "R" else 10 + t
                    if kind == "W":
                        reg = "r%d_x" % t
                    evs.append(Event("RMW", loc=loc, order=f[1], scope=scope,
                                     reg=reg, value=wval, origin="exchange",
                                     await_value=wait))
                else:
                    evs.append(Event(kind, loc=loc, order="relaxed", scope=scope,
                                     reg=reg, value=value, await_value=wait))
            else:
                raise ValueError("unknown token %r" % tok)
        threads.append(Thread(tuple(evs), where[t]))
    return Litmus(spec, tuple(threads), tuple((loc, loc_space[loc]) for loc in locs))


# ---------------------------------------------------------------------------
# Enumeration


def _thread_tokens(shape: str, t: int) -> List[str]:
    threads_t, _ = _SHAPES[shape]
    nops = len(threads_t[t])
    sync = any(op[3] != "data" for op in threads_t[t] if len(op) > 1)
    if not sync:
        return ["po-device"]  # the thread has only data accesses
    out = []
    for s in SYNC_SCOPES:
        out.append("po-" + s)
        out.append("A-" + s)
        out.append("SC-" + s)
        for o in RMW_ORDERS:
            out.append("X-%s-%s" % (o, s))
        if nops > 1:
            for o in FENCE_ORDERS:
                out.append("F-%s-%s" % (o, s))
    return out


def _legacy_tokens(shape: str, t: int) -> List[str]:
    """The OpenCL 1.2 tokens of thread t (see the module docstring)."""
    out = ["L"]
    if len(_SHAPES[shape][0][t]) > 1:
        for o in LEGACY_FENCE_ORDERS:
            for sp in ("g", "l", "gl"):
                out.append("LF-%s-%s" % (o, sp))
    return out


def _image_tokens() -> List[str]:
    """No fence, then fences of every order and scope (work-item scope
    included: OpenCL C 2.0 allows memory_scope_work_item for image fences)
    with the image flag and without it."""
    out = ["po-device"]
    for o in FENCE_ORDERS:
        for s in ("thread",) + SYNC_SCOPES:
            for sp in ("i", "gi", "g"):
                out.append("F-%s-%s-%s" % (o, s, sp))
    return out


def _barrier_tokens() -> List[str]:
    out = []
    for ex in ("subgroup", "workgroup", "cluster"):
        out.append("B-%s-na-workgroup-none" % ex)
        for o in ("acq_rel", "seq_cst"):
            for s in ("subgroup", "workgroup", "cluster", "device"):
                for sp in ("g", "l", "gl"):
                    out.append("B-%s-%s-%s-%s" % (ex, o, s, sp))
    return out


def _families(only=None):
    """(shape, placement, spaces, data, token lists per thread), of the
    shapes in `only` if given."""
    for shape in SHAPES:
        if only is not None and shape not in only:
            continue
        threads_t, _ = _SHAPES[shape]
        n = len(threads_t)
        has_data = bool(_data_locs(shape))
        for placement in PLACEMENTS:
            if placement == "mix" and n < 3:
                continue
            for spaces in SPACE_MODES:
                if (spaces == "image") != (shape == "IMG"):
                    continue
                if shape == "IMG" and placement != "sg":
                    continue  # one thread: placement does not matter
                if spaces != "global" and placement not in ("sg", "wg"):
                    continue  # local memory: one work-group only
                if spaces == "mixed" and (not has_data or shape in BARRIER_SHAPES):
                    continue
                for data in (DATA_MODES if has_data and shape != "IMG"
                             else ("na",)):
                    if shape in BARRIER_SHAPES:
                        toks = [_barrier_tokens()]
                    elif shape == "IMG":
                        toks = [_image_tokens()]
                    else:
                        toks = [_thread_tokens(shape, t) for t in range(n)]
                    yield shape, placement, spaces, data, toks
                    if shape in LEGACY_SHAPES and data == "na" and \
                            placement in ("sg", "wg"):
                        # The OpenCL 1.2 family of the same test: relaxed
                        # RMWs and 1.2 fences, within one work-group.
                        yield shape, placement, spaces, data, [
                            _legacy_tokens(shape, t) for t in range(n)]


def count_tests(only=None) -> int:
    total = 0
    for _, _, _, _, toks in _families(only):
        c = 1
        for t in toks:
            c *= len(t)
        total += c
    return total


def enumerate_specs(limit: Optional[int] = None, seed: Optional[int] = None,
                    only=None) -> Iterator[str]:
    """Spec strings of the whole space (of the shapes in `only` if given): in
    a fixed order without `seed`, or `limit` distinct random ones with it."""
    fams = list(_families(only))
    if seed is None:
        made = 0
        for shape, placement, spaces, data, toks in fams:
            for combo in product(*toks):
                if limit is not None and made >= limit:
                    return
                made += 1
                yield ":".join((shape, placement, spaces, data) + combo)
        return
    rng = random.Random(seed)
    total = count_tests(only)
    want = total if limit is None else min(limit, total)
    seen = set()
    while len(seen) < want:
        shape, placement, spaces, data, toks = rng.choice(fams)
        spec = ":".join((shape, placement, spaces, data) + tuple(rng.choice(t) for t in toks))
        if spec in seen:
            continue
        seen.add(spec)
        yield spec


def enumerate_tests(limit: Optional[int] = None, seed: Optional[int] = None,
                    only=None) -> Iterator[Litmus]:
    """Litmus tests over the vocabulary (see enumerate_specs)."""
    for spec in enumerate_specs(limit, seed, only):
        yield build(spec)


def small_specs() -> List[str]:
    """A fixed subset (a few hundred) for the lit run: every shape with each
    synchronization style at a narrow and a wide scope, in one work-group and
    across work-groups, plus scope mismatches, local memory, fences with the
    wrong spaces, and barriers."""
    out = []
    styles = ["po-%s", "F-acq_rel-%s", "F-seq_cst-%s", "A-%s", "SC-%s", "X-acq_rel-%s"]
    for shape in SHAPES:
        if shape in BARRIER_SHAPES or shape == "IMG":
            continue
        threads_t, _ = _SHAPES[shape]
        n = len(threads_t)
        has_data = bool(_data_locs(shape))
        for placement in ("wg", "cl"):
            for style in styles:
                for scope in ("workgroup", "device"):
                    toks = []
                    for t in range(n):
                        tok = style % scope
                        if tok.startswith("F-") and len(threads_t[t]) < 2:
                            tok = "po-" + scope
                        toks.append(tok)
                    out.append(":".join([shape, placement, "global", "na"] + toks))
        if has_data:
            for placement in ("wg", "dev"):
                for tok in ("A-device", "F-acq_rel-device"):
                    out.append(":".join([shape, placement, "global", "rlx"] + [tok] * n))
    # Scope mismatches and the same-vs-inclusive rule (MP).
    for placement in ("wg", "cl"):
        for s0, s1 in (("device", "workgroup"), ("workgroup", "device"),
                       ("device", "system"), ("system", "device")):
            out.append("MP:%s:global:na:A-%s:A-%s" % (placement, s0, s1))
            out.append("MP:%s:global:na:F-acq_rel-%s:F-acq_rel-%s" % (placement, s0, s1))
    # Local memory and fences whose spaces miss the data.
    for placement in ("sg", "wg"):
        for tok in ("A-workgroup", "F-acq_rel-workgroup", "F-seq_cst-workgroup"):
            out.append("MP:%s:local:na:%s:%s" % (placement, tok, tok))
            out.append("SB:%s:local:na:%s:%s" % (placement, tok, tok))
        for sp in ("g", "l", "gl"):
            tok = "F-acq_rel-workgroup-" + sp
            out.append("MP:%s:mixed:na:%s:%s" % (placement, tok, tok))
            out.append("MP:%s:global:na:%s:%s" % (placement, tok, tok))
    # Subgroup scope across sub-groups and cluster scope across clusters.
    out.append("MP:wg:global:na:A-subgroup:A-subgroup")
    out.append("MP:sg:global:na:A-subgroup:A-subgroup")
    out.append("MP:cl:global:na:A-cluster:A-cluster")
    out.append("MP:dev:global:na:A-cluster:A-cluster")
    # 3- and 4-thread shapes with mixed placement.
    for shape in ("IRIW", "WRC", "ISA2"):
        n = len(_SHAPES[shape][0])
        for tok in ("A-workgroup", "A-device", "SC-device"):
            out.append(":".join([shape, "mix", "global", "na"] + [tok] * n))
    # Barriers.
    for placement in ("sg", "wg", "cl"):
        for spaces in ("global", "local"):
            if spaces == "local" and placement == "cl":
                continue
            for data in ("na", "rlx"):
                for tok in ("B-workgroup-acq_rel-workgroup-gl",
                            "B-workgroup-acq_rel-workgroup-l",
                            "B-workgroup-acq_rel-workgroup-g",
                            "B-workgroup-na-workgroup-none",
                            "B-subgroup-acq_rel-subgroup-gl"):
                    out.append("BMP:%s:%s:%s:%s" % (placement, spaces, data, tok))
                out.append("BSB:%s:%s:%s:B-workgroup-acq_rel-workgroup-gl"
                           % (placement, spaces, data))
    out.append("BMP:cl:global:na:B-cluster-acq_rel-cluster-gl")
    out.append("BMP:dev:global:na:B-cluster-acq_rel-cluster-gl")
    # A work-item's own image write and read: no fence, an image fence,
    # a fence without the image flag.
    for tok in ("po-device", "F-acq_rel-thread-i", "F-acq_rel-device-g"):
        out.append("IMG:sg:image:na:" + tok)
    seen = set()
    uniq = []
    for s in out:
        if s not in seen:
            seen.add(s)
            uniq.append(s)
    return uniq


def small() -> List[Litmus]:
    return [build(s) for s in small_specs()]
