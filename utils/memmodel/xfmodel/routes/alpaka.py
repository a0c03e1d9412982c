"""Reading alpaka 3 (the output of `xfence translate --to alpaka`) back
into events, each construct at its weakest meaning in alpaka 3's headers
(alpaka-group/alpaka3, include/alpaka/; the model is "c11", alpaka's CPU
executors, where the fences are `std::atomic_thread_fence` and the
atomics `std::atomic_ref`):

| alpaka 3 | event | source |
|---|---|---|
| `onAcc::memFence(acc, scope::block/device/system, order::o)` | fence o at workgroup/device/system, every space | onAcc/memFence.hpp; api/host/memFence.hpp (std::atomic_thread_fence) |
| `onAcc::syncBlockThreads(acc)` | workgroup barrier, memory part acq_rel over local memory at the block | onAcc/Acc.hpp: a block synchronization, whose action is `__syncthreads()` on CUDA and HIP (api/unifiedCudaHip/ComputeApi.hpp; both order the block's shared memory, HIP's global memory only in some ROCm versions) and nothing on the CPU (api/host/block/sync/NoOp.hpp), where every executor runs blocks of one thread (api/host/exec/*.hpp: "Thread block extent must be 1."); global memory is not counted on |
| `onAcc::atomicExch(acc, p, v[, scope])` | RMW relaxed at the scope (default device) | onAcc/atomic.hpp; api/host/atomic.hpp: std::atomic_ref with memory_order_relaxed |
| `onAcc::atomicCas(acc, p, e, v[, scope])` | compare-exchange, relaxed | the same |

The xfence statement expressions around an atomic (`({ int
*xfence_object = (p); ...; auto xfence_old = atomic...; (int)xfence_old;
})`) are unfolded before reading; the work-item loops and the work-item
helpers are scaffolding.
"""

import re

from ..events import Event
from .common import (ALL_SPACES, ARG, INT, Ctx, Row, Unreadable,
                     expected_value,
                     foreign_rows, loc_in, matching, plain_rows, scan,
                     strip_comments)

SCOPE = {"block": "workgroup", "device": "device", "system": "system"}
SC = r"alpaka::onAcc::scope::(block|device|system)"
ORD = r"alpaka::onAcc::order::(relaxed|acquire|release|acq_rel|seq_cst)"

ROWS = [
    Row("memFence",
        r"\balpaka::onAcc::memFence\s*\(\s*xfence_acc\s*,\s*" + SC +
        r"\s*,\s*" + ORD + r"\s*\)",
        lambda m, r, c: [Event("F", order=m.group(2),
                               scope=SCOPE[m.group(1)], spaces=ALL_SPACES)],
        None, "onAcc/memFence.hpp"),
    Row("syncBlockThreads",
        r"\balpaka::onAcc::syncBlockThreads\s*\(\s*xfence_acc\s*\)",
        lambda m, r, c: [Event("B", order="acq_rel", scope="workgroup",
                               spaces=frozenset(("local",)),
                               exec_scope="workgroup")], None,
        "onAcc/Acc.hpp: __syncthreads() on CUDA and HIP (the block's "
        "shared memory), nothing on the CPU's one-thread blocks"),
    Row("atomicExch",
        r"\balpaka::onAcc::atomicExch\s*\(\s*xfence_acc\s*,\s*(" + ARG +
        r")\s*,\s*" + INT + r"\s*(?:,\s*" + SC + r"\s*)?\)",
        lambda m, r, c: [Event("RMW", loc_in(m.group(1)), "relaxed",
                               SCOPE[m.group(3) or "device"],
                               value=int(m.group(2)))], None,
        "onAcc/atomic.hpp, relaxed"),
    Row("atomicCas (C11 form)",
        r"\balpaka::onAcc::atomicCas\s*\(\s*xfence_acc\s*,\s*(" + ARG +
        r")\s*,\s*[\s(]*\*[\s(]*int\s*\*\s*\)\s*\(\s*&\s*(r\d+_\d+)\s*\)[\s)]*,"
        r"\s*" + INT + r"\s*(?:,\s*" + SC + r"\s*)?\)",
        lambda m, r, c: [Event("RMW", loc_in(m.group(1)), "relaxed",
                               SCOPE[m.group(4) or "device"],
                               value=int(m.group(3)), reg=m.group(2),
                               expect=expected_value(c, m.group(2)))], None,
        "onAcc/atomic.hpp, relaxed; the expected variable is the result"),
    Row("atomicCas",
        r"\balpaka::onAcc::atomicCas\s*\(\s*xfence_acc\s*,\s*(" + ARG +
        r")\s*,\s*" + INT + r"\s*,\s*" + INT + r"\s*(?:,\s*" + SC +
        r"\s*)?\)",
        lambda m, r, c: [Event("RMW", loc_in(m.group(1)), "relaxed",
                               SCOPE[m.group(4) or "device"],
                               value=int(m.group(3)),
                               expect=int(m.group(2)))], None,
        "onAcc/atomic.hpp, relaxed"),
    Row("xfence_cas helper",
        r"\bxfence_cas_(?:global|local)_int_relaxed_relaxed_"
        r"(block|work_group|device|system)\s*\(\s*xfence_acc\s*,\s*"
        r"xfence_wi\s*,\s*(" +
        ARG + r")\s*,\s*" + INT + r"\s*,\s*" + INT + r"\s*\)",
        lambda m, r, c: [Event("RMW", loc_in(m.group(2)), "relaxed",
                               SCOPE.get(m.group(1), "workgroup"),
                               value=int(m.group(4)),
                               expect=int(m.group(3)))], None,
        "the helper the output's prelude defines: atomicCas at the scope of "
        "its name (work_group: the OpenCL name of block, whose body calls "
        "atomicCas with scope::block), returning the old value "
        "(onAcc/atomic.hpp, relaxed)"),
    Row("other xfence_cas helpers",
        r"\bxfence_cas_\w+\s*\(",
        lambda m, r, c: _unknown(m.group(0)), None, ""),
] + plain_rows("C++ [intro.races]: ordinary accesses") + foreign_rows(
    "alpaka (C++)")

def _unknown(what):
    raise Unreadable("a helper the table does not know: %s" % what)


ALLOWED = [r"bool", r"if", r"int", r"unsigned", r"const", r"volatile", r"auto", r"for",
           r"std", r"uint32_t", r"size_t", r"void", r"xfence_\w+",
           r"atomic_int", r"WorkItem", r"groupIndex", r"threadIndex",
           r"threadCount", r"items", r"static_cast", r"alpaka",
           r"onAcc", r"return"]


_CAS_REF = re.compile(
    r"\(\{\s*int\s*\*\s*xfence_object\s*=\s*(?P<p>" + ARG + r")\s*;"
    r"\s*int\s*\*\s*xfence_where\s*=\s*[\s(]*int\s*\*\s*\)[\s(]*&[\s(]*"
    r"(?P<e>r\d+_\d+)[\s)]*;"
    r"\s*int\s+xfence_expected\s*=\s*\*\s*xfence_where\s*;"
    r"\s*int\s+xfence_desired\s*=\s*(?P<v>" + ARG + r")\s*;"
    r"\s*int\s+xfence_found\s*=\s*\(\{\s*auto\s+xfence_old\s*=\s*"
    r"alpaka::onAcc::atomicCas\s*\(\s*xfence_acc\s*,\s*xfence_object\s*,"
    r"\s*xfence_expected\s*,\s*xfence_desired\s*(?P<s>,\s*[\w:]+)?\s*\)\s*;"
    r"\s*\(\s*int\s*\)\s*xfence_old\s*;\s*\}\)\s*;"
    r"\s*bool\s+xfence_ok\s*=\s*xfence_found\s*==\s*xfence_expected\s*;"
    r"\s*if\s*\(\s*!\s*xfence_ok\s*\)\s*\*\s*xfence_where\s*=\s*"
    r"xfence_found\s*;\s*xfence_ok\s*;\s*\}\)", re.S)


def _unfold_cas_ref(body):
    """xfence's compare-exchange through a reference to the expected
    variable (C++ [atomics.ref.ops] compare_exchange_strong: on failure
    the value read is written to `expected`): the whole statement
    expression is the C11 form `atomicCas(acc, P, *(int *)(&E), V, S)`,
    whose result is the expected variable."""
    return _CAS_REF.sub(
        lambda m: "alpaka::onAcc::atomicCas(xfence_acc, %s, *(int *)(&%s), "
        "%s%s)" % (m.group("p"), m.group("e"), m.group("v"),
                   m.group("s") or ""), body)


def _unfold(body):
    """`int r = ({ int *xfence_object = (P); ... auto xfence_old = CALL;
    ...; (int)xfence_old; });` becomes `... int r = CALL'; ...` with P in
    place of xfence_object."""
    out = []
    pos = 0
    for m in re.finditer(r"(?:\b(r\d+_\d+)\s*=\s*)?\(\{", body):
        if m.start() < pos:
            continue
        end = matching(body, m.end() - 2, "(", ")")
        inner = body[m.end():end - 2]
        while True:
            p = re.search(r"\b(?:int|auto)\s*\*?\s*(xfence_(?!old\b)\w+)"
                          r"\s*=\s*(" + ARG + r")\s*;", inner)
            if not p:
                break
            inner = inner[:p.start()] + re.sub(
                r"\b%s\b" % p.group(1), lambda _: "(" + p.group(2) + ")",
                inner[p.end():])
        reg = m.group(1)
        if reg:
            inner = re.sub(r"\bauto\s+xfence_old\s*=", reg + " =", inner)
        else:
            inner = re.sub(r"\bauto\s+xfence_old\s*=", "", inner)
        inner = re.sub(r"\(\s*\w+\s*\)\s*xfence_old\s*;?", "", inner)
        out.append(body[pos:m.start()])
        out.append(" " + inner + " ")
        pos = end
    out.append(body[pos:])
    return "".join(out)


def read(text, nthreads, reading):
    text = strip_comments(text)
    result = []
    for t in range(nthreads):
        m = re.search(r"\bstruct\s+t%d\s*\{.*?operator\s*\(\s*\)\s*\(" % t,
                      text, re.S)
        if not m:
            raise Unreadable("no kernel functor t%d in the alpaka output" % t)
        close = matching(text, m.end() - 1)
        brace = text.index("{", close)
        body = text[brace + 1:matching(text, brace, "{", "}") - 1]
        body = _unfold(_unfold_cas_ref(body))
        result.append([e for e, _ in scan(body, ROWS, reading, Ctx("alpaka"),
                                          ALLOWED, t)])
    return result
