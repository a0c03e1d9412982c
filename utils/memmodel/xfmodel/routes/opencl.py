"""OpenCL C 1.2, 2.0 and 3.0: the one table of what each synchronization
construct means, used to write OpenCL C sources and to read OpenCL C
outputs. `Ctx.version` is "1.2", "2.0" or "3.0".

Sources (cited per row): OpenCL 1.2 specification §6.12.8
(synchronization functions), §6.12.9 (explicit memory fence functions),
§6.12.11 (atomic functions), §3.3.1 (memory consistency); OpenCL 2.0
specification §3.3.4-§3.3.6 (memory model, scopes, fences); OpenCL C 2.0
§6.13.8 (synchronization), §6.13.9 (legacy explicit fences), §6.13.11
(atomics, atomic_work_item_fence); OpenCL C 3.0 §6.15.8, §6.15.9,
§6.15.12 (the same functions, and the optional features).

Where the readings differ: OpenCL 1.2 describes `mem_fence` as a full
fence ("all loads and stores preceding the mem_fence will be committed to
memory before any loads and stores following", §6.12.9) and `barrier` as
queuing such a fence (§6.12.8): the strongest reading of both in a 1.2
source is seq_cst at work-group scope; OpenCL C 2.0 §6.13.9 / 3.0
define `mem_fence(f)` as `atomic_work_item_fence(f, memory_order_acq_rel,
memory_scope_work_group)`, which is the weakest reading in every version.
1.2 says `read_mem_fence` orders only loads and `write_mem_fence` only
stores; an acquire (release) fence at work-group scope is the weakest
reading the event vocabulary can state (it also orders load->store
(load->store before a store) pairs, so the checker cannot flag a
translation that relies on those pairs: a known limit).
"""

import re

from ..events import Event
from .common import (ARG, INT, STRONG, WEAK, Ctx, Naming, Row, Unreadable,
                     cas_failure_order, expected_value,
                     Undefined, function_bodies, loc_in, matching,
                     out_stores, plain_rows, scan, spell_all, write_threads)

V12, V20, V30 = "1.2", "2.0", "3.0"
ALL = frozenset((V12, V20, V30))
V2 = frozenset((V20, V30))

SCOPE = {"work_item": "thread", "sub_group": "subgroup",
         "work_group": "workgroup", "device": "device",
         "all_svm_devices": "system", "all_devices": "system"}
SCOPE_NAME = {"thread": "work_item", "subgroup": "sub_group",
              "workgroup": "work_group", "device": "device",
              "system": "all_svm_devices"}
FLAG = {"CLK_LOCAL_MEM_FENCE": "local", "CLK_GLOBAL_MEM_FENCE": "global",
        "CLK_IMAGE_MEM_FENCE": "image"}
FLAG_NAME = {v: k for k, v in FLAG.items()}

FLAGS = r"((?:CLK_(?:LOCAL|GLOBAL|IMAGE)_MEM_FENCE|0|\s|\||\(|\))+?)"
ORD = r"memory_order_(relaxed|acquire|release|acq_rel|seq_cst)"
SCO = r"(memory_scope_(?:work_item|sub_group|work_group|device|all_svm_devices|all_devices)|XFENCE_MEMORY_SCOPE_SYSTEM)"


def _flags(text):
    spaces = set()
    for w in re.findall(r"\w+", text):
        if w in FLAG:
            spaces.add(FLAG[w])
        elif w != "0":
            raise Unreadable("unknown fence flag %s" % w)
    return frozenset(spaces)


def _scope(word):
    if word is None:
        return "device"
    if word == "XFENCE_MEMORY_SCOPE_SYSTEM":
        return "system"
    return SCOPE[word[len("memory_scope_"):]]


def _flag_text(spaces):
    if not spaces:
        return "0"
    return " | ".join(FLAG_NAME[s] for s in ("local", "global", "image")
                      if s in spaces)


def _check_work_item(scope, spaces, what):
    # OpenCL C 2.0 §6.13.11.4 / 3.0 memory_scope: "The
    # memory_scope_work_item value ... can only be used with
    # atomic_work_item_fence with flags set to CLK_IMAGE_MEM_FENCE."
    if scope == "thread" and spaces != frozenset(("image",)):
        raise Undefined("%s at memory_scope_work_item: OpenCL C 2.0 "
                        "§6.13.11.4 allows that scope only for "
                        "atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, ...)"
                        % what)


def _legacy_fence(order):
    def meaning(m, reading, ctx):
        o = order
        if order == "acq_rel" and reading == STRONG and ctx.version == V12:
            o = "seq_cst"  # 1.2 §6.12.9: a full fence
        return [Event("F", order=o, scope="workgroup",
                      spaces=_flags(m.group(1)))]
    return meaning


def _barrier(m, reading, ctx):
    spaces = _flags(m.group(2))
    exec_scope = "subgroup" if m.group(1) == "sub_group_barrier" else \
        "workgroup"
    if not spaces:
        return [Event("B", exec_scope=exec_scope)]
    scope = _scope(m.group(3)) if m.group(3) else exec_scope
    if spaces == frozenset(("local",)) and scope not in ("thread",
                                                          "subgroup"):
        scope = "workgroup"  # C 2.0 §6.13.8: local memory: work_group
    order = "acq_rel"
    if reading == STRONG and ctx.version == V12:
        order = "seq_cst"  # 1.2 §6.12.8: the barrier queues a mem_fence
    return [Event("B", order=order, scope=scope, spaces=spaces,
                  exec_scope=exec_scope)]


def _awif(m, reading, ctx):
    spaces = _flags(m.group(1))
    scope = _scope(m.group(3))
    _check_work_item(scope, spaces, "atomic_work_item_fence")
    return [Event("F", order=m.group(2), scope=scope, spaces=spaces)]


def _atomic(kind, builtin=False):
    def meaning(m, reading, ctx):
        d = m.groupdict()
        loc = loc_in(d["p"])
        explicit = builtin or d.get("x") is not None
        order = d.get("o") or "seq_cst"
        scope = _scope(d.get("s")) if explicit else "device"
        _check_work_item(scope, frozenset(), "an atomic")
        ev = dict(loc=loc, order=order, scope=scope)
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


def _legacy_scope(loc, ctx):
    # 1.2 §6.12.11: atomic on __global memory among all work-items of the
    # device, on __local memory among the work-group's.
    return "workgroup" if ctx.spaces.get(loc) == "local" else "device"


def _legacy_rmw(m, reading, ctx):
    loc = loc_in(m.group(2))
    op = m.group(1)
    if op == "xchg":
        return [Event("RMW", loc, "relaxed", _legacy_scope(loc, ctx),
                      value=int(m.group(3)))]
    # atomic_add/or/xor(p, 0): writes the value it read. The vocabulary
    # writes a constant, so this is read as a compare-exchange of 0 with 0:
    # exact when the value read is 0 (the initial value), and a read
    # otherwise.
    if int(m.group(3)) != 0 or op not in ("add", "sub", "or", "xor"):
        raise Unreadable("atomic_%s with a value other than 0" % op)
    return [Event("RMW", loc, "relaxed", _legacy_scope(loc, ctx), value=0,
                  expect=0)]


def _ptr(loc, ctx):
    space = "__local" if ctx.spaces[loc] == "local" else "__global"
    return "(volatile %s atomic_int *)&%s[0]" % (space, loc)


def _spell(ev, ctx):
    v = ctx.version
    out = []
    if ev.kind == "F":
        f = _flag_text(ev.spaces)
        if ev.scope == "workgroup":
            if ev.order == ("seq_cst" if v == V12 else "acq_rel"):
                out.append("mem_fence(%s);" % f)
            if ev.order == "acquire":
                out.append("read_mem_fence(%s);" % f)
            if ev.order == "release":
                out.append("write_mem_fence(%s);" % f)
        if v != V12 and ev.scope in SCOPE_NAME:
            out.append("atomic_work_item_fence(%s, memory_order_%s, "
                       "memory_scope_%s);" % (f, ev.order,
                                              SCOPE_NAME[ev.scope]))
    elif ev.kind == "B":
        f = _flag_text(ev.spaces)
        if ev.exec_scope == "workgroup":
            out.append("barrier(%s);" % f)
            if v != V12:
                out.append("work_group_barrier(%s);" % f)
                if ev.scope in SCOPE_NAME and ev.order != "na":
                    out.append("work_group_barrier(%s, memory_scope_%s);" % (
                        f, SCOPE_NAME[ev.scope]))
        elif ev.exec_scope == "subgroup" and v != V12:
            out.append("sub_group_barrier(%s);" % f)
    elif (ev.atomic or ev.kind == "RMW") and v == V12:
        if ev.kind == "RMW" and ev.order == "relaxed":
            # atomic_* (1.2 §6.12.11) and the atom_* of the 1.0 extensions
            # cl_khr_{global,local}_int32_base_atomics (the same functions
            # under their older names).
            for fn in ("atomic", "atom"):
                if ev.expect is None:
                    out.append("int %s = %s_xchg(&%s[0], %d);" % (
                        ev.reg, fn, ev.loc, ev.value))
                else:
                    out.append("int %s = %s_cmpxchg(&%s[0], %d, %d);" % (
                        ev.reg, fn, ev.loc, ev.expect, ev.value))
    elif (ev.atomic or ev.kind == "RMW") and ev.scope in SCOPE_NAME:
        p = _ptr(ev.loc, ctx)
        tail = ", memory_order_%s, memory_scope_%s" % (
            ev.order, SCOPE_NAME[ev.scope])
        tails = [tail]
        if ev.scope == "device":
            tails.append(", memory_order_%s" % ev.order)
        if ev.kind == "R":
            out += ["int %s = atomic_load_explicit(%s%s);" % (ev.reg, p, t)
                    for t in tails]
            out.append("int %s = __opencl_atomic_load(%s%s);" % (ev.reg, p,
                                                                tail))
            out.append("int %s = atomic_load(%s);" % (ev.reg, p))
        elif ev.kind == "W":
            out += ["atomic_store_explicit(%s, %d%s);" % (p, ev.value, t)
                    for t in tails]
            out.append("__opencl_atomic_store(%s, %d%s);" % (p, ev.value,
                                                            tail))
            out.append("atomic_store(%s, %d);" % (p, ev.value))
        elif ev.expect is None:
            out += ["int %s = atomic_exchange_explicit(%s, %d%s);" % (
                ev.reg, p, ev.value, t) for t in tails]
            out.append("int %s = __opencl_atomic_exchange(%s, %d%s);" % (
                ev.reg, p, ev.value, tail))
            out.append("int %s = atomic_exchange(%s, %d);" % (ev.reg, p,
                                                              ev.value))
        else:
            fail = cas_failure_order(ev.order)
            out.append(
                "int %s = %d; atomic_compare_exchange_strong_explicit(%s, "
                "&%s, %d, memory_order_%s, memory_order_%s, "
                "memory_scope_%s);" % (ev.reg, ev.expect, p, ev.reg,
                                       ev.value, ev.order, fail,
                                       SCOPE_NAME[ev.scope]))
            out.append(
                "int %s = %d; __opencl_atomic_compare_exchange_strong(%s, "
                "&%s, %d, memory_order_%s, memory_order_%s, "
                "memory_scope_%s);" % (ev.reg, ev.expect, p, ev.reg,
                                       ev.value, ev.order, fail,
                                       SCOPE_NAME[ev.scope]))
        if ev.scope == "system":
            out += _spell_c11(ev, p)
    return out


C11_ORDER = {"relaxed": "__ATOMIC_RELAXED", "acquire": "__ATOMIC_ACQUIRE",
             "release": "__ATOMIC_RELEASE", "acq_rel": "__ATOMIC_ACQ_REL",
             "seq_cst": "__ATOMIC_SEQ_CST"}


def _spell_c11(ev, p):
    """clang's __c11_atomic_* builtins: no scope operand, so system scope
    (clang gives them the target's default, widest synchronization
    scope)."""
    o = C11_ORDER[ev.order]
    if ev.kind == "R" and ev.order in ("relaxed", "acquire", "seq_cst"):
        return ["int %s = __c11_atomic_load(%s, %s);" % (ev.reg, p, o)]
    if ev.kind == "W" and ev.order in ("relaxed", "release", "seq_cst"):
        return ["__c11_atomic_store(%s, %d, %s);" % (p, ev.value, o)]
    if ev.kind == "RMW" and ev.expect is None:
        return ["int %s = __c11_atomic_exchange(%s, %d, %s);" % (
            ev.reg, p, ev.value, o)]
    if ev.kind == "RMW":
        fail = cas_failure_order(ev.order)
        return ["int %s = %d; __c11_atomic_compare_exchange_strong(%s, &%s, "
                "%d, %s, %s);" % (ev.reg, ev.expect, p, ev.reg, ev.value, o,
                                  C11_ORDER[fail])]
    return []


def _c11(kind):
    def meaning(m, reading, ctx):
        d = m.groupdict()
        ev = dict(loc=loc_in(d["p"]), order=d["o"].lower(), scope="system")
        if kind == "R":
            return [Event("R", **ev)]
        if kind in ("W", "RMW"):
            return [Event(kind, value=int(d["v"]), **ev)]
        var = d["e"]
        return [Event("RMW", value=int(d["v"]), expect=expected_value(ctx, var),
                      reg=var, **ev)]
    return meaning


P = r"(?P<p>" + ARG + r")"
V = INT.replace("(-?\\d+)", "(?P<v>-?\\d+)")
XORD = ORD.replace("(relaxed", "(?P<o>relaxed")
XSCO = SCO.replace("(memory_scope", "(?P<s>memory_scope", 1)
C11_ORD = r"__ATOMIC_(?P<o>RELAXED|ACQUIRE|RELEASE|ACQ_REL|SEQ_CST)"

ROWS = [
    Row("mem_fence", r"\bmem_fence\s*\(\s*" + FLAGS + r"\s*\)",
        _legacy_fence("acq_rel"), _spell,
        "1.2 §6.12.9 (a full fence: seq_cst when strong); C 2.0 §6.13.9: "
        "atomic_work_item_fence(f, acq_rel, work_group)"),
    Row("read_mem_fence", r"\bread_mem_fence\s*\(\s*" + FLAGS + r"\s*\)",
        _legacy_fence("acquire"), _spell,
        "1.2 §6.12.9; C 2.0 §6.13.9: atomic_work_item_fence(f, acquire, "
        "work_group)"),
    Row("write_mem_fence", r"\bwrite_mem_fence\s*\(\s*" + FLAGS + r"\s*\)",
        _legacy_fence("release"), _spell,
        "1.2 §6.12.9; C 2.0 §6.13.9: atomic_work_item_fence(f, release, "
        "work_group)"),
    Row("barrier",
        r"\b(barrier|work_group_barrier|sub_group_barrier)\s*\(\s*" + FLAGS +
        r"\s*(?:,\s*" + SCO + r"\s*)?\)",
        _barrier, _spell,
        "1.2 §6.12.8; C 2.0 §6.13.8 (a release fence on entry, an acquire "
        "fence on exit, with the flags and scope; local memory: "
        "work_group)"),
    Row("atomic_work_item_fence",
        r"\batomic_work_item_fence\s*\(\s*" + FLAGS + r"\s*,\s*" + ORD +
        r"\s*,\s*" + SCO + r"\s*\)",
        _awif, _spell, "C 2.0 §6.13.11 atomic_work_item_fence, §3.3.6.2",
        V2),
    Row("atomic_load",
        r"\batomic_load(?P<x>_explicit)?\s*\(\s*" + P +
        r"(?:,\s*" + XORD + r"\s*(?:,\s*" + XSCO + r"\s*)?)?\)",
        _atomic("R"), _spell,
        "C 2.0 §6.13.11 atomic_load: seq_cst device without "
        "_explicit; device without a scope", V2),
    Row("atomic_store",
        r"\batomic_store(?P<x>_explicit)?\s*\(\s*" + P + r",\s*" + V +
        r"\s*(?:,\s*" + XORD + r"\s*(?:,\s*" + XSCO + r"\s*)?)?\)",
        _atomic("W"), _spell, "C 2.0 §6.13.11 atomic_store", V2),
    Row("atomic_exchange",
        r"\batomic_exchange(?P<x>_explicit)?\s*\(\s*" + P + r",\s*" + V +
        r"\s*(?:,\s*" + XORD + r"\s*(?:,\s*" + XSCO + r"\s*)?)?\)",
        _atomic("RMW"), _spell, "C 2.0 §6.13.11 atomic_exchange", V2),
    Row("atomic_compare_exchange_strong",
        r"\batomic_compare_exchange_strong(?P<x>_explicit)?\s*\(\s*" + P +
        r",\s*(?:\(\s*int\s*\*\s*\)\s*)?\(?\s*&\s*\(?\s*(?P<e>r\d+_\d+)\s*\)?\s*\)?"
        r"\s*,\s*" + V + r"\s*(?:,\s*" + XORD +
        r"\s*,\s*" + ORD + r"\s*(?:,\s*" + XSCO + r"\s*)?)?\)",
        _atomic("CAS"), _spell,
        "C 2.0 §6.13.11 atomic_compare_exchange_strong (the expected "
        "variable holds the old value afterwards)", V2),
    Row("__opencl_atomic_load",
        r"\b__opencl_atomic_load\s*\(\s*" + P + r",\s*" + XORD + r"\s*,\s*" +
        XSCO + r"\s*\)", _atomic("R", True), _spell,
        "clang's OpenCL atomic builtins (LanguageExtensions, "
        "__opencl_atomic_*): atomic_load_explicit with order and scope",
        V2),
    Row("__opencl_atomic_store",
        r"\b__opencl_atomic_store\s*\(\s*" + P + r",\s*" + V + r"\s*,\s*" +
        XORD + r"\s*,\s*" + XSCO + r"\s*\)", _atomic("W", True), _spell,
        "clang __opencl_atomic_store", V2),
    Row("__opencl_atomic_exchange",
        r"\b__opencl_atomic_exchange\s*\(\s*" + P + r",\s*" + V +
        r"\s*,\s*" + XORD + r"\s*,\s*" + XSCO + r"\s*\)",
        _atomic("RMW", True), _spell, "clang __opencl_atomic_exchange", V2),
    Row("__opencl_atomic_compare_exchange_strong",
        r"\b__opencl_atomic_compare_exchange_strong\s*\(\s*" + P +
        r",\s*&\s*(?P<e>r\d+_\d+)\s*,\s*" + V + r"\s*,\s*" + XORD +
        r"\s*,\s*" + ORD + r"\s*,\s*" + XSCO + r"\s*\)",
        _atomic("CAS", True), _spell,
        "clang __opencl_atomic_compare_exchange_strong: "
        "atomic_compare_exchange_strong_explicit with the same operands",
        V2),
    Row("__c11_atomic_load",
        r"\b__c11_atomic_load\s*\(\s*" + P + r",\s*" + C11_ORD + r"\s*\)",
        _c11("R"), _spell,
        "clang's C11 atomic builtins (LanguageExtensions, __c11_atomic_*): "
        "C11 7.17 with the given order; no scope operand: the widest "
        "(all_svm_devices)", V2),
    Row("__c11_atomic_store",
        r"\b__c11_atomic_store\s*\(\s*" + P + r",\s*" + V + r"\s*,\s*" +
        C11_ORD + r"\s*\)", _c11("W"), _spell, "clang __c11_atomic_store",
        V2),
    Row("__c11_atomic_exchange",
        r"\b__c11_atomic_exchange\s*\(\s*" + P + r",\s*" + V +
        r"\s*,\s*" + C11_ORD + r"\s*\)", _c11("RMW"), _spell,
        "clang __c11_atomic_exchange", V2),
    Row("__c11_atomic_compare_exchange_strong",
        r"\b__c11_atomic_compare_exchange_strong\s*\(\s*" + P +
        r",\s*&\s*(?P<e>r\d+_\d+)\s*,\s*" + V + r"\s*,\s*" + C11_ORD +
        r"\s*,\s*__ATOMIC_\w+\s*\)", _c11("CAS"), _spell,
        "clang __c11_atomic_compare_exchange_strong (the expected variable "
        "holds the old value afterwards)", V2),
    Row("xfence_cas helper",
        r"\bxfence_cas_(?:global|local)_int\s*\(\s*" + P + r",\s*" +
        INT.replace("(-?\\d+)", "(?P<e2>-?\\d+)") + r",\s*" + V + r"\s*,\s*" +
        XORD + r"\s*,\s*" + ORD + r"\s*,\s*" + XSCO + r"\s*\)",
        lambda m, r, c: [Event("RMW", loc_in(m.group("p")), m.group("o"),
                               _scope(m.group("s")), value=int(m.group("v")),
                               expect=int(m.group("e2")))], None,
        "the helper xfence writes into the output's prelude: "
        "atomic_compare_exchange_strong_explicit(p, &expected, desired, o, "
        "f, s), returning the old value (C 2.0 §6.13.11)", V2),
    Row("atomic_xchg / identity RMW",
        r"\batom(?:ic)?_(xchg|add|sub|or|xor)\s*\(\s*(" + ARG + r")\s*,\s*" +
        INT + r"\s*\)",
        _legacy_rmw, _spell,
        "1.2 §6.12.11: relaxed (no ordering is specified), atomic among "
        "the device (global) or work-group (local); atom_*: the 1.0 "
        "extensions cl_khr_{global,local}_int32_base_atomics, the same "
        "functions under their older names"),
    Row("atomic_cmpxchg",
        r"\batom(?:ic)?_cmpxchg\s*\(\s*(" + ARG + r")\s*,\s*" + INT + r"\s*,\s*" +
        INT + r"\s*\)",
        lambda m, r, c: [Event("RMW", loc_in(m.group(1)), "relaxed",
                               _legacy_scope(loc_in(m.group(1)), c),
                               value=int(m.group(3)),
                               expect=int(m.group(2)))],
        _spell, "1.2 §6.12.11 atomic_cmpxchg"),
] + plain_rows("1.2 §3.3.1 / 2.0 §3.3: ordinary accesses; a data race is "
               "undefined (2.0 §3.3.4)")

ALLOWED = [r"int", r"unsigned", r"const", r"volatile", r"__global",
           r"global", r"__local", r"local", r"atomic_int", r"size_t",
           r"get_global_id", r"get_local_id", r"void", r"return",
           r"xfence_\w+", r"XFENCE_\w+"]


def write(test, version, variant=0, naming=None, prefer=""):
    """The OpenCL C source of a test: one __kernel per thread."""
    naming = naming or Naming.of(test)
    ctx = Ctx(version, prefer=prefer)
    threads = write_threads(test, naming, spell_all(ROWS), ROWS, ctx,
                            variant, ALLOWED)
    params = "".join("__global int *%s, " % l
                     for l, s in naming.spaces.items() if s == "global")
    text = []
    for t, lines in enumerate(threads):
        text.append("__kernel void t%d(%s__global int *out) {" % (t, params))
        for l, s in naming.spaces.items():
            if s == "local":
                text.append("  __local int %s[1];" % l)
        text += ["  " + l for l in lines]
        text += ["  " + l for l in out_stores(naming, t, test)]
        text += ["}", ""]
    return "\n".join(text)


# The helpers xfence defines in the output's prelude to run fences after an
# atomic whose value is used: `static T xfence_then_T_N(T v) { F; return v; }`.
# A call evaluates its argument first (C99 6.5.2.2p10: a sequence point
# after the evaluation of the arguments, before the call), so
# `xfence_then_T_N(A)` is A, then F.
_THEN_DEF = re.compile(r"\bstatic\s+\w+\s+(xfence_then_\w+)\s*\(\s*\w+\s+v\s*\)"
                       r"\s*\{(.*?)\breturn\s+v\s*;\s*\}", re.S)


def _inline_then(body, helpers):
    for name, fences in helpers.items():
        while True:
            m = re.search(r"\b%s\s*\(" % re.escape(name), body)
            if not m:
                break
            end = matching(body, m.end() - 1)
            arg = body[m.end():end - 1]
            body = body[:m.start()] + "(" + arg + "); " + fences.strip() + \
                " " + body[end:]
    return body


def read(text, nthreads, reading, version, spaces):
    ctx = Ctx(version, spaces)
    bodies = function_bodies(text, ["t%d" % t for t in range(nthreads)])
    helpers = {m.group(1): m.group(2) for m in _THEN_DEF.finditer(text)}
    if helpers:
        bodies = {k: _inline_then(b, helpers) for k, b in bodies.items()}
    for t in range(nthreads):
        # A C++ name (a CUDA source's cuda::atomic<int, S> cast) copied
        # into the output: OpenCL C has no namespaces, the output does not
        # compile. The access rows would read the access around it.
        m = re.search(r"\b(?:cuda|std)\s*::\s*\w+", bodies["t%d" % t])
        if m:
            raise Undefined("'%s' is not OpenCL C: a C++ name copied into "
                            "the output (OpenCL C has no namespaces), so the "
                            "output does not compile" % m.group(0))
    return [[e for e, _ in scan(bodies["t%d" % t], ROWS, reading, ctx,
                                ALLOWED, t)] for t in range(nthreads)]
