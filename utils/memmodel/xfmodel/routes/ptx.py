"""Reading PTX (the output of `xfence compile --to ptx` and of
`xfence-translate --export-ptx`) back into events, each instruction at
its weakest meaning in the PTX ISA (8.x):

| PTX | event | PTX ISA |
|---|---|---|
| `ld`/`st` without `.sem` (also `.weak`) | plain access | §8.2.2 "weak" memory operations; data race = undefined |
| `ld.volatile`/`st.volatile` | relaxed, system scope | §9.7.8.8 ld: .volatile has the memory synchronization semantics of .relaxed.sys |
| `ld.relaxed/.acquire.S`, `st.relaxed/.release.S` | atomic access of that order and scope (no scope: .gpu) | §9.7.8.8-9, §8.5 |
| `atom[.sem][.scope].exch` / `.cas` | RMW (no .sem: relaxed; no scope: .gpu) | §9.7.13.5 atom |
| `atom.add/or/xor x, 0` | RMW that writes back what it read (read as CAS 0 -> 0) | §9.7.13.5 |
| `fence.sc.S`, `membar.cta/gl/sys` | seq_cst fence | §9.7.13.4 membar/fence (membar = fence.sc from sm_70) |
| `fence.acq_rel.S`, `fence.S` | acq_rel fence | §9.7.13.4 |
| `fence.acquire.S` / `fence.release.S` | acquire / release fence | §9.7.13.4 (PTX 8.6) |
| `bar.sync 0`, `barrier.sync[.aligned] 0` | workgroup barrier, memory workgroup acq_rel | §9.7.13.1 bar: memory accesses before the barrier are performed relative to all participating threads |
| `bar.warp.sync -1` | subgroup barrier, memory subgroup acq_rel | §9.7.13.3 bar.warp.sync |
| `barrier.cluster.arrive[.release/.relaxed]` + `barrier.cluster.wait[.acquire]` | cluster barrier, memory cluster acq_rel (arrive.relaxed: acquire) | §9.7.13.2 barrier.cluster |

Scopes `.cta` workgroup, `.cluster` cluster, `.gpu` device, `.sys`
system; a fence or barrier orders every state space. Addresses are
followed from the kernel parameters (`ld.param`, `cvta`, `mov`, `add`)
and from `.shared` variables named after the test's locations; the reads
are matched to registers by the stores of their values to `out`.
"""

import re

from ..events import Event
from .common import ALL_SPACES, Unreadable, reg_name

SCOPE = {"cta": "workgroup", "cluster": "cluster", "gpu": "device",
         "sys": "system"}
SEM = {"relaxed": "relaxed", "acquire": "acquire", "release": "release",
       "acq_rel": "acq_rel", "sc": "seq_cst"}

IGNORED = re.compile(
    r"^(ret|exit|cvta(\.to)?\.\w+\.u64|mov\.\w+|add\.\w+|sub\.\w+|mul\.\w+|"
    r"mul\.wide\.\w+|shl\.\w+|cvt\.\w+(\.\w+)?|and\.\w+|or\.\w+|"
    r"mad\.\w+(\.\w+)?|setp\.\w+\.\w+|selp\.\w+)\b")


def _entries(text):
    """(name, params, body lines) of each `.entry`."""
    out = {}
    for m in re.finditer(r"\.(?:entry|func)\s+(\w+)\s*\(([^()]*)\)\s*\{(.*?)\n\}",
                         text, re.S):
        params = re.findall(r"(\w+_param_\d+)", m.group(2))
        out[m.group(1)] = (params, m.group(3))
    return out


def _instrs(body):
    body = re.sub(r"//[^\n]*", "", body)
    body = re.sub(r"^\s*(\.loc|\.file|\$\w+:)[^\n]*$", "", body, flags=re.M)
    for line in body.split(";"):
        line = re.sub(r"^(\$\w+:\s*)+", "", line.strip()).strip()
        if not line or line.startswith(".") or line in ("{", "}"):
            continue
        if line.startswith("@"):
            raise Unreadable("predicated instruction '%s'" % line)
        yield line


def read(text, nthreads, params, prefix="t"):
    """Per thread, the events of the entries `<prefix>0`, ...; parameter i
    is `params[i]` (a location or `out`); a `.shared` variable is the
    location whose name it contains."""
    entries = _entries(text)
    result = []
    for t in range(nthreads):
        name = "%s%d" % (prefix, t)
        if name not in entries:
            raise Unreadable("no .entry %s in the PTX" % name)
        _, body = entries[name]
        imp = "__clang_ocl_kern_imp_" + name
        if imp in entries and re.search(r"call\.uni\s+%s\b" % imp, body):
            # Clang's kernel wrapper: the kernel's body is the function it
            # calls, with the parameters passed in order.
            loads = dict(re.findall(r"ld\.param\.b64\s+(%rd\d+),\s*\[" +
                                    name + r"_param_(\d+)\]", body))
            for p, reg in re.findall(r"st\.param\.b64\s+\[param(\d+)\],\s*"
                                     r"(%rd\d+)", body):
                if loads.get(reg) != p:
                    raise Unreadable("%s passes its parameters out of "
                                     "order" % name)
            body = entries[imp][1]
        result.append(_read_entry(t, body, params))
    return result


def _addr(arg, where):
    """(base, offset) of an address operand `[%rd+4]` or `[name+4]`."""
    m = re.fullmatch(r"\[\s*([%\w$]+)\s*(?:\+\s*(-?\d+))?\s*\]", arg.strip())
    if not m:
        raise Unreadable("address '%s' not understood" % arg)
    base = m.group(1)
    off = int(m.group(2) or 0)
    if base in where:
        b, o = where[base]
        return b, o + off
    m2 = re.search(r"(m\d+)", base)
    if m2:
        return m2.group(1), off
    raise Unreadable("address %s does not come from a parameter" % base)


def _read_entry(t, body, pnames):
    where = {}  # register -> (location or "out", byte offset)
    consts = {}  # register -> constant
    loaded = {}  # register -> index of the read event
    evs = []
    reads_to_out = {}

    def value(tok):
        tok = tok.strip()
        if re.fullmatch(r"-?\d+", tok):
            return int(tok)
        if tok in consts:
            return consts[tok]
        raise Unreadable("t%d: stored value %s is not a constant" % (t, tok))

    for ins in _instrs(body):
        parts = ins.split(None, 1)
        op = parts[0]
        args = [a.strip() for a in re.split(r",(?![^\[]*\])",
                                             parts[1])] if len(parts) > 1 \
            else []
        if op.startswith("ld.param"):
            p = re.search(r"_param_(\d+)", args[1])
            i = int(p.group(1))
            if i >= len(pnames):
                raise Unreadable("t%d: parameter %d of %d" % (t, i,
                                                             len(pnames)))
            where[args[0]] = (pnames[i], 0)
            continue
        if re.match(r"(cvta|mov)\.", op) and args and args[1] in where:
            where[args[0]] = where[args[1]]
            continue
        if re.match(r"mov\.", op) and args:
            m = re.fullmatch(r"-?\d+", args[1])
            if m:
                consts[args[0]] = int(args[1])
                continue
            m = re.search(r"(m\d+)", args[1])
            if m:  # the address of a .shared variable
                where[args[0]] = (m.group(1), 0)
                continue
        if re.match(r"add\.", op) and args and args[1] in where and \
                re.fullmatch(r"-?\d+", args[2]):
            b, o = where[args[1]]
            where[args[0]] = (b, o + int(args[2]))
            continue
        if IGNORED.match(op):
            continue
        fields = op.split(".")
        head = fields[0]
        quals = fields[1:]
        scope = next((SCOPE[q] for q in quals if q in SCOPE), None)
        sem = next((SEM[q] for q in quals if q in SEM), None)
        origin = ins
        if head in ("ld", "st"):
            if "param" in quals:
                continue
            base, off = _addr(args[1] if head == "ld" else args[0], where)
            if "volatile" in quals:
                order, scope = "relaxed", "system"
            elif sem is None or "weak" in quals:
                order, scope = "na", scope or "system"
            else:
                order, scope = sem, scope or "device"
            if base == "out":
                if head != "st":
                    raise Unreadable("t%d: a load from out" % t)
                src = args[1]
                if src not in loaded:
                    raise Unreadable("t%d: out[%d] is not stored from a "
                                     "load (a folded read: %s)" % (
                                         t, off // 4, ins))
                reads_to_out[loaded[src]] = off // 4
                continue
            if off != 0:
                raise Unreadable("t%d: access at offset %d of %s" % (
                    t, off, base))
            if head == "ld":
                loaded[args[0]] = len(evs)
                evs.append(Event("R", base, order,
                                 scope if order != "na" else "system",
                                 origin=origin))
            else:
                evs.append(Event("W", base, order,
                                 scope if order != "na" else "system",
                                 value=value(args[1]), origin=origin))
            continue
        if head == "atom" or head == "red":
            base, off = _addr(args[1] if head == "atom" else args[0], where)
            if base == "out" or off != 0:
                raise Unreadable("t%d: atomic on %s+%d" % (t, base, off))
            order = sem or "relaxed"
            scope = scope or "device"
            kind = next((q for q in quals if q in (
                "exch", "cas", "add", "or", "xor", "and", "inc", "dec",
                "min", "max")), None)
            rest = args[2:] if head == "atom" else args[1:]
            if kind == "exch":
                ev = Event("RMW", base, order, scope, value=value(rest[0]))
            elif kind == "cas":
                ev = Event("RMW", base, order, scope, value=value(rest[1]),
                           expect=value(rest[0]))
            elif kind in ("add", "or", "xor") and value(rest[0]) == 0:
                ev = Event("RMW", base, order, scope, value=0, expect=0)
            else:
                raise Unreadable("t%d: atomic '%s' not in the table" % (t,
                                                                      ins))
            if head == "atom":
                loaded[args[0]] = len(evs)
            evs.append(Event(ev.kind, ev.loc, ev.order, ev.scope,
                             value=ev.value, expect=ev.expect,
                             origin=origin))
            continue
        if head == "fence":
            if "proxy" in quals or "mbarrier_init" in quals:
                raise Unreadable("t%d: '%s' not in the table" % (t, ins))
            evs.append(Event("F", order=sem or "acq_rel",
                             scope=scope or "system", spaces=ALL_SPACES,
                             origin=origin))
            continue
        if head == "membar":
            sc = {"cta": "workgroup", "gl": "device", "sys": "system"}
            evs.append(Event("F", order="seq_cst", scope=sc[quals[0]],
                             spaces=ALL_SPACES, origin=origin))
            continue
        if head in ("bar", "barrier") and ("sync" in quals or
                                           quals == ["aligned"]) and \
                "warp" not in quals and "cluster" not in quals:
            if len(args) != 1 or args[0] != "0":
                raise Unreadable("t%d: a partial barrier '%s'" % (t, ins))
            evs.append(Event("B", order="acq_rel", scope="workgroup",
                             spaces=ALL_SPACES, exec_scope="workgroup",
                             origin=origin))
            continue
        if head == "bar" and quals[:2] == ["warp", "sync"]:
            if args[0] not in ("-1", "0xffffffff", "4294967295"):
                raise Unreadable("t%d: a masked warp barrier" % t)
            evs.append(Event("B", order="acq_rel", scope="subgroup",
                             spaces=ALL_SPACES, exec_scope="subgroup",
                             origin=origin))
            continue
        if head == "barrier" and quals[:1] == ["cluster"]:
            if "arrive" in quals:
                arrive_relaxed = "relaxed" in quals
                continue
            if "wait" in quals:
                evs.append(Event("B", order="acquire" if arrive_relaxed
                                 else "acq_rel", scope="cluster",
                                 spaces=ALL_SPACES, exec_scope="cluster",
                                 origin=origin))
                continue
        raise Unreadable("t%d: PTX instruction '%s' not in the table" % (
            t, ins))
    # Name each read by the out slot its value is stored to.
    named = []
    for i, ev in enumerate(evs):
        if ev.is_read():
            if i in reads_to_out:
                reg = reg_name(t, reads_to_out[i])
            else:
                reg = "_discarded%d" % i
            ev = Event(ev.kind, ev.loc, ev.order, ev.scope, ev.spaces, reg,
                       ev.value, ev.exec_scope, ev.expect, ev.origin)
        named.append(ev)
    return named
