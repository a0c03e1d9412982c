"""What the writers and readers of the route checker share.

A writer turns a litmus test into the text of one kernel function per
litmus thread (`t0`, `t1`, ...), each straight-line code over the test's
locations, which are named `m0`, `m1`, ... (kernel parameters for global
locations, work-group arrays for local ones). Each read stores into a
variable named `r<thread>_<index>` and, at the end of the function, into
the thread's `out` parameter, which no reader takes for an event.

A reader turns a tool's output back into events, construct by construct,
with one table per language. The same table gives the source side its
meaning: `Reading.STRONG` is the strongest meaning a construct plausibly
has in its language (what a programmer may rely on), `Reading.WEAK` the
weakest (what an implementation may give). A construct a table does not
know is an error, never skipped.
"""

import re
from dataclasses import dataclass, replace
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from ..events import Event, Litmus, Thread

STRONG = "strong"
WEAK = "weak"

ALL_SPACES = frozenset(("local", "global"))


class Inexpressible(Exception):
    """The source language has no construct with the meaning of an event."""


class Unreadable(Exception):
    """A reader met a construct it has no table row for, or output whose
    accesses it cannot map back to the test's locations and registers."""


class Undefined(Exception):
    """The output uses a construct whose behaviour the target's
    specification leaves undefined (counted as unsound)."""


def loc_name(i: int) -> str:
    return "m%d" % i


def reg_name(thread: int, index: int) -> str:
    return "r%d_%d" % (thread, index)


@dataclass
class Naming:
    """The canonical names of one test's locations and registers, and the
    way back to the test's own names."""

    locs: List[str]  # canonical index -> test loc
    spaces: Dict[str, str]  # canonical loc -> space
    regs: Dict[str, str]  # canonical reg -> test reg

    @staticmethod
    def of(test: Litmus) -> "Naming":
        locs = test.locations()
        spaces = {loc_name(i): test.space_of(l) for i, l in enumerate(locs)}
        regs = {}
        for t, th in enumerate(test.threads):
            j = 0
            for ev in th.events:
                if ev.is_read():
                    if ev.reg is not None:
                        regs[reg_name(t, j)] = ev.reg
                    j += 1
        return Naming(list(locs), spaces, regs)

    def canon_loc(self, loc: str) -> str:
        return loc_name(self.locs.index(loc))

    def test_loc(self, canon: str) -> str:
        i = int(canon[1:])
        if i >= len(self.locs):
            raise Unreadable("location %s is not one of the test's" % canon)
        return self.locs[i]

    def canon_thread(self, test: Litmus, t: int) -> List[Event]:
        """Thread t's events with canonical location and register names."""
        out = []
        j = 0
        for ev in test.threads[t].events:
            kw = {}
            if ev.loc is not None:
                kw["loc"] = self.canon_loc(ev.loc)
            if ev.is_read():
                kw["reg"] = reg_name(t, j)
                j += 1
            out.append(replace(ev, **kw))
        return out

    def restore(self, test: Litmus, threads: Sequence[Sequence[Event]],
                name: str) -> Litmus:
        threads = [fold_barriers(evs) for evs in threads]
        return self._restore(test, threads, name)

    def _restore(self, test: Litmus, threads: Sequence[Sequence[Event]],
                 name: str) -> Litmus:
        """A litmus test of the read-back events, with the test's own
        location and register names and placements. A read whose value
        the code discards gets a register `_d<n>` that is no register of
        the test (the judge compares the test's registers only)."""
        out = []
        n = 0
        for t, evs in enumerate(threads):
            new = []
            for ev in evs:
                kw = {}
                if ev.loc is not None:
                    kw["loc"] = self.test_loc(ev.loc)
                if ev.is_read():
                    if ev.reg in self.regs:
                        kw["reg"] = self.regs[ev.reg]
                    else:
                        kw["reg"] = "_d%d" % n
                        n += 1
                new.append(replace(ev, **kw))
            out.append(Thread(tuple(new), test.threads[t].where))
        return Litmus(name, tuple(out), test.spaces, test.init)


_REL = ("release", "acq_rel", "seq_cst")
_ACQ = ("acquire", "acq_rel", "seq_cst")


def fold_barriers(evs: Sequence[Event]) -> List[Event]:
    """`fence(release, S); execution-only barrier; fence(acquire, S)` is a
    barrier whose memory part has scope S: the form HIP
    (`__builtin_amdgcn_s_barrier` between `__builtin_amdgcn_fence`s,
    AMDGPUUsage "Memory Model", the workgroup barrier code sequence) and
    alpaka (`syncBlockThreads` between `memFence`s) give a barrier that
    orders memory, and the two-fence reading OpenCL 2.0 §3.3.5 gives every
    barrier. The memory part is the weaker of the two fences (order,
    scope) and the spaces both order."""
    out = list(evs)
    i = 0
    while i + 2 < len(out):
        a, b, c = out[i], out[i + 1], out[i + 2]
        if (a.kind == "F" and b.kind == "B" and b.order == "na" and
                c.kind == "F" and a.order in _REL and c.order in _ACQ):
            from ..events import SCOPES
            scope = min(a.scope, c.scope, key=SCOPES.index)
            if SCOPES.index(scope) >= SCOPES.index(b.exec_scope):
                order = "seq_cst" if (a.order == c.order == "seq_cst") \
                    else "acq_rel"
                out[i:i + 3] = [Event("B", order=order, scope=scope,
                                      spaces=a.spaces & c.spaces,
                                      exec_scope=b.exec_scope,
                                      origin="%s; %s; %s" % (
                                          a.origin, b.origin, c.origin))]
        i += 1
    return out


def same_meaning(got: Event, want: Event) -> bool:
    """Whether a construct's meaning `got` is the event `want`: equal in
    everything but the spaces of a fence or barrier, where `got` may name
    more (a CUDA fence orders every space)."""
    if (got.kind, got.loc, got.order, got.value, got.expect) != (
            want.kind, want.loc, want.order, want.value, want.expect):
        return False
    if got.kind == "B" and got.exec_scope != want.exec_scope:
        return False
    if got.atomic or got.kind in ("F", "B", "RMW"):
        if got.order != "na" and got.scope != want.scope:
            return False
    if got.kind in ("F", "B") and got.order != "na":
        return want.spaces <= got.spaces
    return True


def foreign_rows(lang: str) -> List["Row"]:
    """Constructs of another language that a tool may copy into an output
    of `lang` verbatim: the output is not `lang` code (it does not
    compile), which the judge counts as unsound, never as unreadable."""
    def meaning(m, reading, ctx):
        raise Undefined(
            "'%s' is not %s: clang's OpenCL C builtin copied verbatim into "
            "the output (%s has no such function, and atomic_int, "
            "memory_order_* and memory_scope_* are OpenCL C declarations), "
            "so the output does not compile" % (m.group(1), lang, lang))
    return [Row("OpenCL C builtin in " + lang,
                r"\b(__opencl_atomic_\w+|__c11_atomic_\w+|"
                r"atomic_work_item_fence)\s*\(", meaning, None,
                "not a construct of " + lang)]


# --- C-like text ---------------------------------------------------------

def strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def matching(text: str, i: int, open_c: str = "(", close_c: str = ")") -> int:
    """The index just past the bracket that closes the one at text[i]."""
    depth = 0
    for j in range(i, len(text)):
        c = text[j]
        if c == open_c:
            depth += 1
        elif c == close_c:
            depth -= 1
            if depth == 0:
                return j + 1
    raise Unreadable("unbalanced %s at offset %d" % (open_c, i))


def function_bodies(text: str, names: Sequence[str],
                    header: str = r"\bvoid\s+") -> Dict[str, str]:
    """The body of each function definition `void NAME(...) {...}`."""
    text = strip_comments(text)
    out = {}
    for name in names:
        for m in re.finditer(header + re.escape(name) + r"\s*\(", text):
            end = matching(text, m.end() - 1)
            rest = text[end:]
            k = re.match(r"\s*(?:__attribute__\s*\(\(.*?\)\)\s*)?\{", rest,
                         re.S)
            if not k:
                continue  # a declaration
            start = end + k.end() - 1
            out[name] = text[start + 1:matching(text, start, "{", "}") - 1]
            break
        else:
            raise Unreadable("no definition of function %s in the output" %
                             name)
    return out


# An argument of a call: text without a top-level comma, with up to three
# levels of parentheses.
_P0 = r"[^(),;]"
_P1 = r"\((?:%s|,)*\)" % _P0
_P2 = r"\((?:%s|%s|,)*\)" % (_P0, _P1)
_P3 = r"\((?:%s|%s|%s|,)*\)" % (_P0, _P1, _P2)
_P4 = r"\((?:%s|%s|,)*\)" % (_P0, _P3)
_P5 = r"\((?:%s|%s|,)*\)" % (_P0, _P4)
ARG = r"(?:%s|%s)+" % (_P0, _P5)
INT = (r"[\s(]*(?:\(\s*(?:int|unsigned|unsigned\s+int)\s*\)[\s(]*)?"
       r"(-?\d+)[uU]?[\s)]*")


def loc_in(arg: str) -> str:
    locs = set(re.findall(r"\bm\d+\b", arg))
    if len(locs) != 1:
        raise Unreadable("cannot tell the location of '%s'" % arg.strip())
    return locs.pop()


@dataclass
class Row:
    """One construct of a language: `pattern` finds it in code, `meaning`
    gives its events (match, reading, ctx) -> [Event] (with canonical
    location names; the register of a read is filled in by the scanner
    from the assignment around it), `spell` writes an event as this
    construct (or returns None), `cite` says where the meaning is
    specified."""

    name: str
    pattern: str
    meaning: Callable
    spell: Optional[Callable] = None
    cite: str = ""
    versions: Optional[frozenset] = None

    def __post_init__(self):
        self.regex = re.compile(self.pattern, re.S)


@dataclass
class Ctx:
    """What a meaning may depend on: the language version, the spaces of
    the locations, the initial values of expected-value variables, and
    the target's environment (e.g. SPIR-V's)."""

    version: str = ""
    spaces: Dict[str, str] = None
    inits: Dict[str, int] = None
    env: str = ""
    # A writer puts first the spellings that contain one of these
    # "|"-separated substrings (the first listed first).
    prefer: str = ""


ASSIGN = re.compile(r"\b(r\d+_\d+)\s*=\s*[\s(]*(?:int\s*\)[\s(]*)?$")
_IDENT = re.compile(r"[A-Za-z_]\w*")


def scan(body: str, rows: Sequence[Row], reading: str, ctx: Ctx,
         allowed: Sequence[str], thread: int,
         residue_check: bool = True) -> List[Tuple[Event, str]]:
    """The events of one function body, in program order, each with the
    text of its construct. Whatever no row matches must consist of
    identifiers in `allowed` (declarations, the `out` stores, index
    arithmetic, scaffolding of the target); anything else is an error."""
    # Declarations of work-group arrays are no accesses.
    body = re.sub(r"\b(?:__local|local|__shared__|static)\s+(?:__shared__\s+)?"
                  r"(?:volatile\s+)?int\s+m\d+\s*\[\s*\d+\s*\]\s*;", " ",
                  body)
    body = re.sub(r"\bauto\s*&\s*m\d+\s*=\s*alpaka::onAcc::declareSharedVar\s*"
                  r"<[^>]*>\s*\(\s*xfence_acc\s*\)\s*;", " ", body)
    ctx.inits = {m.group(1): int(m.group(2)) for m in re.finditer(
        r"\b(r\d+_\d+)\s*=\s*(?:\(\s*int\s*\)\s*)?\(?\s*(-?\d+)\s*\)?\s*;",
        body)}
    found: List[Tuple[Event, str]] = []
    residue = []
    pos = 0
    allowed_re = re.compile("|".join("(?:%s)$" % a for a in allowed))
    # An assignment whose value is a comma expression, `r = (fence(...),
    # atomic(...))`, belongs to the first read after it.
    pending = None
    while True:
        best = None
        for row in rows:
            if row.versions and ctx.version not in row.versions:
                continue
            m = row.regex.search(body, pos)
            if m and (best is None or m.start() < best[1].start() or
                      (m.start() == best[1].start() and
                       m.end() > best[1].end())):
                best = (row, m)
        if best is None:
            residue.append(body[pos:])
            break
        row, m = best
        residue.append(body[pos:m.start()])
        evs = row.meaning(m, reading, ctx)
        before = body[max(0, m.start() - 40):m.start()]
        a = ASSIGN.search(before)
        if a is None and pending is not None and re.fullmatch(
                r"[\s,()]*", body[pending[1]:m.start()]):
            a = pending[0]
        pending = None
        for ev in evs:
            ev = replace(ev, origin=m.group(0).strip())
            if ev.is_read():
                if a and ev.reg is None:
                    ev = replace(ev, reg=a.group(1))
                    a = None
            found.append((ev, m.group(0).strip()))
        if a is not None:
            pending = (a, m.end())
        pos = m.end()
        if m.end() == m.start():
            pos += 1
    if residue_check:
        rest = " ".join(residue)
        for ident in _IDENT.findall(rest):
            if re.fullmatch(r"m\d+", ident):
                raise Unreadable("t%d: an access to %s that no table row "
                                 "reads: ...%s" % (thread, ident,
                                                   _near(rest, ident)))
            if re.fullmatch(r"r\d+_\d+|out|int", ident):
                continue
            if not allowed_re.match(ident):
                raise Unreadable("t%d: unknown construct '%s' in: %s" %
                                 (thread, ident, _near(rest, ident)))
    return found


def _near(text: str, word: str) -> str:
    i = text.find(word)
    return " ".join(text[max(0, i - 60):i + 60].split())


def order_of(word: str) -> str:
    w = word.lower()
    for o in ("seq_cst", "acq_rel", "acquire", "release", "relaxed"):
        if o in w:
            return o
    if w.endswith("seqcst") or w == "sc":
        return "seq_cst"
    raise Unreadable("unknown memory order '%s'" % word)


# --- writing C-like kernels ----------------------------------------------

def pick(cands: List[str], key: str, variant: int) -> List[str]:
    """The candidate spellings, rotated by the variant, so that one test
    and variant always gives the same text but different variants use
    different spellings."""
    import zlib
    if not cands:
        return cands
    k = (zlib.crc32(key.encode()) + variant) % len(cands)
    return cands[k:] + cands[:k]


def write_threads(test: Litmus, naming: Naming, spell: Callable,
                  rows: Sequence[Row], ctx: Ctx, variant: int,
                  allowed: Sequence[str]) -> List[List[str]]:
    """Each thread's statements. `spell(ev, ctx)` gives the candidate
    statements for an event; the first (in the variant's rotation) whose
    strongest meaning by `rows` is the event is taken."""
    ctx.spaces = naming.spaces
    threads = []
    for t in range(len(test.threads)):
        lines = []
        for j, ev in enumerate(naming.canon_thread(test, t)):
            cands = pick(spell(ev, ctx), "%s/%d/%d" % (test.name, t, j),
                         variant)
            if ctx.prefer:
                prefs = ctx.prefer.split("|")
                cands.sort(key=lambda c: min(
                    [i for i, p in enumerate(prefs) if p in c] +
                    [len(prefs)]))
            for c in cands:
                try:
                    got = scan(c, rows, STRONG, Ctx(ctx.version, ctx.spaces,
                                                    None, ctx.env),
                               allowed, t)
                except (Unreadable, Undefined):
                    continue
                if len(got) == 1 and same_meaning(got[0][0], ev) and (
                        not ev.is_read() or got[0][0].reg == ev.reg):
                    lines.append(c)
                    break
            else:
                raise Inexpressible("t%d event %d (%s) has no construct in "
                                    "this language" % (t, j, describe(ev)))
        threads.append(lines)
    return threads


def describe(ev: Event) -> str:
    if ev.kind == "F":
        return "fence %s %s [%s]" % (ev.scope, ev.order,
                                     ", ".join(sorted(ev.spaces)))
    if ev.kind == "B":
        s = "barrier %s" % ev.exec_scope
        if ev.order != "na":
            s += " memory %s %s [%s]" % (ev.scope, ev.order,
                                         ", ".join(sorted(ev.spaces)))
        return s
    s = "%s %s" % (ev.kind, ev.loc)
    if ev.atomic or ev.kind == "RMW":
        s += " %s %s" % (ev.order, ev.scope)
    if ev.expect is not None:
        s += " expect %d" % ev.expect
    if ev.value is not None:
        s += " = %d" % ev.value
    if ev.reg:
        s += " -> %s" % ev.reg
    return s


def out_stores(naming: Naming, t: int, test: Litmus) -> List[str]:
    n = sum(1 for ev in test.threads[t].events if ev.is_read())
    return ["out[%d] = %s;" % (j, reg_name(t, j)) for j in range(n)]


PLAIN_W = r"\b(m\d+)\s*\[\s*0\s*\]\s*=(?!=)\s*" + INT
PLAIN_R = r"\b(m\d+)\s*\[\s*0\s*\]"


def plain_rows(cite: str) -> List[Row]:
    """Plain (non-atomic) stores and loads, alike in every C-like
    language."""
    return [
        Row("plain store", PLAIN_W,
            lambda m, r, c: [Event("W", m.group(1), "na",
                                   value=int(m.group(2)))],
            lambda ev, c: (["%s[0] = %d;" % (ev.loc, ev.value)]
                           if ev.kind == "W" and ev.order == "na" else []),
            cite),
        Row("plain load", PLAIN_R,
            lambda m, r, c: [Event("R", m.group(1), "na")],
            lambda ev, c: (["int %s = %s[0];" % (ev.reg, ev.loc)]
                           if ev.kind == "R" and ev.order == "na" else []),
            cite),
    ]


def spell_all(rows: Sequence[Row]) -> Callable:
    """The candidate spellings of an event by every row of a table."""
    fns = []
    for r in rows:
        if r.spell is not None and r.spell not in fns:
            fns.append(r.spell)

    def spell(ev, ctx):
        out = []
        for f in fns:
            for s in f(ev, ctx):
                if s not in out:
                    out.append(s)
        return out
    return spell


def expected_value(ctx, var):
    """The value a compare-exchange's expected variable was initialized
    with in the output (the reader's record of `int var = N;`)."""
    if var not in (ctx.inits or {}):
        raise Unreadable("expected value of %s unknown" % var)
    return ctx.inits[var]


def cas_failure_order(order):
    """The failure order written for a compare-exchange of success order
    `order`: no release part, no stronger than the success order (C11
    7.17.7.4p2)."""
    return {"acq_rel": "acquire", "release": "relaxed"}.get(order, order)
