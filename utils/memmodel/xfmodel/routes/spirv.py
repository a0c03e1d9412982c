"""Reading SPIR-V (spirv-dis text) back into events, each instruction at
its weakest meaning in the SPIR-V specification (1.6, "Memory Model",
"Scope <id>", "Memory Semantics <id>", "Memory Operands") and the
environment's:

| SPIR-V | event | specification |
|---|---|---|
| `OpLoad` / `OpStore` | plain access | SPIR-V §2.18 (non-atomic); Vulkan: private unless NonPrivatePointer (Vulkan "Memory Model", "Availability and Visibility": av/vis operations apply to non-private accesses only) |
| `OpAtomicLoad/Store/Exchange/CompareExchange` | atomic access, the scope and order of its operands | SPIR-V §3.37.18 atomic instructions |
| `OpCompositeInsert`/`OpCompositeExtract` of a compare-exchange result | the value read, followed to its store into `out` | §3.37.12 |
| `OpAtomicOr/IAdd/Xor p, 0` | RMW that writes back what it read (read as CAS 0 -> 0) | §3.37.18 |
| `OpMemoryBarrier S, sem` | fence | §3.37.19 |
| `OpControlBarrier E, S, sem` | barrier E, memory part S sem (none: execution only) | §3.37.19 |

Orders from Memory Semantics: none relaxed, Acquire 0x2, Release 0x4,
AcquireRelease 0x8, SequentiallyConsistent 0x10 (Vulkan: "treated as
AcquireRelease", the Vulkan environment's memory model appendix). Spaces:
WorkgroupMemory 0x100 local, CrossWorkgroupMemory 0x200 (OpenCL) or
UniformMemory 0x40 (Vulkan) global, ImageMemory 0x800 image. Scopes:
CrossDevice 0 system, Device 1 device, Workgroup 2, Subgroup 3,
Invocation 4 thread, QueueFamily 5 device. Under Vulkan a release
without MakeAvailable, an acquire without MakeVisible, and a fence or
barrier in a thread whose plain accesses of a storage class are private,
order nothing of that storage class: the reader drops it from the
event's spaces (the weakest reading the vocabulary can state).
"""

import re

from ..events import Event
from .common import Unreadable, reg_name

SCOPES = {0: "system", 1: "device", 2: "workgroup", 3: "subgroup",
          4: "thread", 5: "device"}


def _order(sem, env):
    if sem & 0x10:
        return "acq_rel" if env == "vulkan" else "seq_cst"
    if sem & 0x8:
        return "acq_rel"
    if sem & 0x4 and sem & 0x2:
        return "acq_rel"
    if sem & 0x4:
        return "release"
    if sem & 0x2:
        return "acquire"
    return "relaxed"


def _spaces(sem, env):
    s = set()
    if sem & 0x100:
        s.add("local")
    if sem & (0x40 if env == "vulkan" else 0x200):
        s.add("global")
    if sem & 0x800:
        s.add("image")
    if env == "vulkan":
        order = _order(sem, env)
        rel = order in ("release", "acq_rel")
        acq = order in ("acquire", "acq_rel")
        if (rel and not sem & 0x2000) or (acq and not sem & 0x4000):
            s = set()
    return frozenset(s)


def _atomic_spaces(sem, env):
    # The storage bits of an atomic's semantics are the memory its order
    # applies to (SPIR-V "Memory Semantics <id>"); under Vulkan only with
    # MakeAvailable / MakeVisible for the release / acquire half, as for a
    # fence (_spaces).
    return _spaces(sem, env)


def read(text, nthreads, params, env, prefix="t", locals_=None):
    """Per thread, the events of the functions `<prefix>0`, ...: parameter
    i is `params[i]` (a location or `out`); a Workgroup
    variable is the local location it is named after, or, unnamed, the
    local locations in order of first use."""
    consts = {}
    for m in re.finditer(r"^\s*(%\w+) = OpConstant %\w+ (-?\d+)", text, re.M):
        consts[m.group(1)] = int(m.group(2))
    for m in re.finditer(r"^\s*(%\w+) = OpConstantNull %\w+", text, re.M):
        consts[m.group(1)] = 0
    funcs = {}
    for m in re.finditer(r"^\s*%(\w+) = OpFunction .*?\n(.*?)OpFunctionEnd",
                         text, re.S | re.M):
        funcs[m.group(1)] = m.group(2)
    wg_vars = re.findall(r"^\s*(%\w+) = OpVariable %\w+ Workgroup", text,
                         re.M)
    result = []
    for t in range(nthreads):
        name = "%s%d" % (prefix, t)
        if name not in funcs:
            raise Unreadable("no function %s in the SPIR-V" % name)
        result.append(_read_fn(t, funcs[name], consts, params, env, wg_vars,
                               name, locals_ or []))
    return result


def _read_fn(t, body, consts, pnames, env, wg_vars, fname, locals_):
    where = {}
    params = re.findall(r"^\s*(%\w+) = OpFunctionParameter", body, re.M)
    if params and len(params) != len(pnames):
        raise Unreadable("t%d: %d parameters, expected %d" % (
            t, len(params), len(pnames)))
    for p, n in zip(params, pnames):
        where[p] = (n, ())
    for m in re.finditer(r"%%%s_arg_(\d+)\b" % re.escape(fname), body):
        i = int(m.group(1))
        if i < len(pnames):
            where[m.group(0)] = (pnames[i], ())
    # A program-scope Workgroup variable Clang names after the kernel's
    # `__local int mN[1]` (`%<kernel>_mN`, the OpenCL C writer's arrays).
    for m in re.finditer(r"%" + re.escape(fname) + r"_(m\d+)\b", body):
        where[m.group(0)] = (m.group(1), ())
    # The work-group arrays a kernel uses, in the order the dialect writer
    # allocated them (the locals the thread accesses, in location order).
    used = sorted(set(re.findall(r"%__workgroup_mem__(\d+)\b", body)),
                  key=int)
    if used and len(used) != len(locals_):
        raise Unreadable("t%d: %d work-group arrays for %d local locations"
                         % (t, len(used), len(locals_)))
    for k, l in zip(used, locals_):
        where["%__workgroup_mem__" + k] = (l, ())
    evs = []
    results = {}
    out_of = {}
    private = set()  # storage classes with private accesses (Vulkan)

    def c(i):
        if i not in consts:
            raise Unreadable("t%d: %s is not a constant" % (t, i))
        return consts[i]

    fvars = set()  # Function-storage variables and the pointers to them

    def loc(p):
        if p in fvars:
            raise Unreadable("t%d: an access to a private (Function) "
                             "variable %s, the expected value of a "
                             "compare-exchange that a branch writes back "
                             "(the reader follows straight-line code only)"
                             % (t, p))
        if p not in where:
            raise Unreadable("t%d: pointer %s does not come from a "
                             "parameter or variable" % (t, p))
        base, idx = where[p]
        return base, idx

    parts = {}  # composite id -> {index path: event index of a read}
    for line in body.splitlines():
        line = line.strip()
        if not line:
            continue
        m = re.match(r"(?:(%\w+) = )?(Op\w+)\s*(.*)$", line)
        if not m:
            raise Unreadable("t%d: line '%s'" % (t, line))
        res, op, rest = m.groups()
        args = rest.split()
        if op in ("OpFunctionParameter", "OpLabel", "OpReturn", "OpIEqual",
                  "OpLine", "OpNoLine", "OpName", "OpLifetimeStart",
                  "OpLifetimeStop"):
            continue
        if op in ("OpAccessChain", "OpInBoundsAccessChain",
                  "OpPtrAccessChain", "OpInBoundsPtrAccessChain"):
            base, idx = loc(args[1])
            new = tuple(c(a) for a in args[2:])
            if "uchar" in args[0]:  # a byte offset of an i32 array
                new = tuple(i // 4 for i in new)
            where[res] = (base, idx + new)
            continue
        if op in ("OpBitcast", "OpCopyObject", "OpPtrCastToGeneric",
                  "OpGenericCastToPtr"):
            if args[1] in where:
                where[res] = where[args[1]]
            if args[1] in fvars:
                fvars.add(res)
            continue
        if op in ("OpCompositeInsert", "OpCompositeExtract"):
            # A compare-exchange's {old value, success} pair built and
            # taken apart (Clang's cmpxchg result): follow the value read.
            if op == "OpCompositeInsert":
                obj, comp, idx = args[1], args[2], args[3:]
                got = dict(parts.get(comp, {}))
                if obj in results:
                    got[tuple(idx)] = results[obj]
                else:
                    got.pop(tuple(idx), None)
                parts[res] = got
            else:
                got = parts.get(args[1], {}).get(tuple(args[2:]))
                if got is not None:
                    results[res] = got
            continue
        if op == "OpVariable":
            if "Function" in args[1:]:
                fvars.add(res)
            continue
        origin = line
        if op in ("OpLoad", "OpStore"):
            p = args[1] if op == "OpLoad" else args[0]
            base, idx = loc(p)
            ops = args[2:] if op == "OpLoad" else args[2:]
            if env == "vulkan" and "NonPrivatePointer" not in " ".join(ops):
                private.add(_storage(p, body, base))
            if base == "out":
                if op == "OpStore":
                    val = args[1]
                    if val not in results:
                        raise Unreadable("t%d: out stored from no read "
                                         "(a folded read)" % t)
                    out_of[results[val]] = idx[-1] if idx else 0
                    continue
                raise Unreadable("t%d: load of out" % t)
            if any(i != 0 for i in idx):
                raise Unreadable("t%d: %s at index %s" % (t, base, idx))
            if op == "OpStore" and args[1] not in consts:
                raise Unreadable("t%d: stored value %s is not a constant"
                                 % (t, args[1]))
            if op == "OpLoad":
                results[res] = len(evs)
                evs.append(Event("R", base, "na", origin=origin))
            else:
                evs.append(Event("W", base, "na", value=c(args[1]),
                                 origin=origin))
            continue
        if op.startswith("OpAtomic"):
            p = args[1] if op != "OpAtomicStore" else args[0]
            base, idx = loc(p)
            if base == "out" or any(i != 0 for i in idx):
                raise Unreadable("t%d: atomic on %s%s" % (t, base, idx))
            # OpenCL environment: the storage bits of an atomic's
            # semantics are the memory its order applies to (SPIR-V
            # "Memory Semantics <id>"); the Vulkan reading keeps the
            # atomic's own storage class (availability rules, §2).
            if op == "OpAtomicStore":
                sc, sem, val = args[1], args[2], args[3]
                evs.append(Event("W", base, _order(c(sem), env),
                                 SCOPES[c(sc)], value=c(val),
                                 spaces=_atomic_spaces(c(sem), env), origin=origin))
                continue
            sc, sem = args[2], args[3]
            order = _order(c(sem), env)
            scope = SCOPES[c(sc)]
            sp = _atomic_spaces(c(sem), env)
            if op == "OpAtomicLoad":
                ev = Event("R", base, order, scope, sp, origin=origin)
            elif op == "OpAtomicExchange":
                ev = Event("RMW", base, order, scope, sp, value=c(args[4]),
                           origin=origin)
            elif op in ("OpAtomicCompareExchange",
                        "OpAtomicCompareExchangeWeak"):
                ev = Event("RMW", base, order, scope, sp, value=c(args[5]),
                           expect=c(args[6]), origin=origin)
            elif op in ("OpAtomicOr", "OpAtomicIAdd", "OpAtomicXor",
                        "OpAtomicISub") and c(args[4]) == 0:
                ev = Event("RMW", base, order, scope, sp, value=0, expect=0,
                           origin=origin)
            else:
                raise Unreadable("t%d: '%s' not in the table" % (t, line))
            results[res] = len(evs)
            evs.append(ev)
            continue
        if op == "OpMemoryBarrier":
            sem = c(args[1])
            evs.append(Event("F", order=_order(sem, env),
                             scope=SCOPES[c(args[0])],
                             spaces=_spaces(sem, env), origin=origin))
            continue
        if op == "OpControlBarrier":
            sem = c(args[2])
            ex = SCOPES[c(args[0])]
            if sem & 0x1e == 0:
                evs.append(Event("B", exec_scope=ex, origin=origin))
            else:
                evs.append(Event("B", order=_order(sem, env),
                                 scope=SCOPES[c(args[1])],
                                 spaces=_spaces(sem, env), exec_scope=ex,
                                 origin=origin))
            continue
        raise Unreadable("t%d: SPIR-V instruction '%s' not in the table" %
                         (t, line))
    out = []
    for i, ev in enumerate(evs):
        if ev.kind in ("F", "B") and private and ev.order != "na":
            ev = Event(ev.kind, ev.loc, ev.order, ev.scope,
                       ev.spaces - private, ev.reg, ev.value, ev.exec_scope,
                       ev.expect, ev.origin + "  [private accesses: %s]" %
                       ", ".join(sorted(private)))
        if ev.is_read():
            reg = reg_name(t, out_of[i]) if i in out_of else \
                "_discarded%d" % i
            ev = Event(ev.kind, ev.loc, ev.order, ev.scope, ev.spaces, reg,
                       ev.value, ev.exec_scope, ev.expect, ev.origin)
        out.append(ev)
    return out


def _storage(p, body, base):
    # Local locations are Workgroup variables or parameters of space 3;
    # the rest is global (StorageBuffer / CrossWorkgroup).
    return "local" if base.startswith("m") and _is_local(p, body) else \
        "global"


def _is_local(p, body):
    m = re.search(r"^\s*%s = Op\w+ (%%\w+)" % re.escape(p), body, re.M)
    return bool(m and "Workgroup" in m.group(1) and
                "CrossWorkgroup" not in m.group(1))
