"""The routes xfence offers, how each is run, and the judge.

Each route writes every test in its source language, runs the real tool
on all of them at once (a directory for `xfence translate`, one file of
many kernels for `xfence compile` and the dialect pipelines, per test
again only when the batch is refused), reads the output back, and judges:
the outcomes the model allows for the output must be a subset of those it
allows for the source. A racy source allows everything; a race-free
source whose output has a race is unsound. Fewer outcomes is over-strong.
"""

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field, replace
from typing import Callable, Dict, List, Optional

from ..events import Litmus, scope_index
from . import alpaka, cpu, cuda, dialect, hip, opencl, ptx, seeds, spirv
from .common import (STRONG, WEAK, Inexpressible, Naming, Undefined,
                     Unreadable, describe)

CL_STD = {"cl12": "1.2", "cl20": "2.0", "cl30": "3.0"}


@dataclass
class Route:
    name: str
    source: str  # cl12 cl20 cl30 cuda hip dialect-<flavor>
    target: str  # cuda hip alpaka cl12 cl20 cl30 ptx spirv-opencl ...
    src_model: str
    out_model: str
    kind: str  # "translate", "compile" or "dialect"
    options: List[str] = field(default_factory=list)
    # The source model's OpenCL scope rule ("same": 2.0-3.0; "inclusive":
    # the dialect's own, CUDA's and PTX's inclusion of narrower scopes).
    src_scope_rule: str = "same"


def _routes():
    r = []
    for cl in ("cl12", "cl20", "cl30"):
        for tgt, model in (("cuda", "ptx"), ("hip", "ptx"),
                           ("alpaka", "c11")):
            r.append(Route("%s-%s" % (cl, tgt), cl, tgt, "opencl", model,
                           "translate"))
        r.append(Route("%s-ptx" % cl, cl, "ptx", "opencl", "ptx",
                       "compile"))
        r.append(Route("%s-spirv" % cl, cl, "spirv-opencl", "opencl",
                       "opencl", "compile"))
    for cl in ("cl12", "cl20", "cl30"):
        r.append(Route("cuda-%s" % cl, "cuda", cl, "ptx", "opencl",
                       "translate"))
    # HIP to OpenCL C: the HIP source (rewriters/sources/hip) through the
    # CUDA family's route (docs/hip-to-opencl.md).
    for cl in ("cl12", "cl20", "cl30"):
        r.append(Route("hip-%s" % cl, "hip", cl, "ptx", "opencl",
                       "translate"))
    r.append(Route("cuda-hip", "cuda", "hip", "ptx", "ptx", "translate"))
    r.append(Route("cuda-alpaka", "cuda", "alpaka", "ptx", "c11",
                   "translate"))
    r.append(Route("cuda-ptx", "cuda", "ptx", "ptx", "ptx", "compile"))
    r.append(Route("hip-cuda", "hip", "cuda", "ptx", "ptx", "translate"))
    # The dialect lowerings, after coalescing (as `xfence compile` and a
    # plugin user's pipeline run them) and the canonicalizer.
    # The dialect source is read with its spaces (docs/semantics.md §1: a
    # fence or barrier memory part orders the spaces it names, which is
    # what narrow-local and the OpenCL emitters rely on): the scoped C11
    # model of OpenCL with inclusive scopes, as in CUDA and PTX. The PTX
    # model, where a fence orders every state space, would read a [local]
    # fence as ordering global data too.
    r.append(Route("dialect-ptx-sm90", "dialect-ptr", "ptx", "opencl", "ptx",
                   "dialect", ["--ptx-sm=90", "--ptx-version=86"],
                   src_scope_rule="inclusive"))
    r.append(Route("dialect-ptx-sm80", "dialect-ptr", "ptx", "opencl", "ptx",
                   "dialect", ["--ptx-sm=80", "--ptx-version=78"],
                   src_scope_rule="inclusive"))
    r.append(Route("dialect-spirv-opencl", "dialect-memref-opencl",
                   "spirv-opencl", "opencl", "opencl", "dialect"))
    r.append(Route("dialect-spirv-vulkan", "dialect-memref-vulkan",
                   "spirv-vulkan", "vulkan", "vulkan", "dialect"))
    # The CPU lowering (docs/lowering.md; backends/cpu): the runtime barrier
    # of `xfence compile --to cpu` and the OpenMP barrier of a plugin
    # pipeline. The dialect source is judged by the scoped C11 model of
    # OpenCL (the dialect's meaning, docs/semantics.md), the LLVM IR output
    # by RC11.
    for b in ("runtime", "openmp"):
        r.append(Route("dialect-cpu-%s" % b, "dialect-ptr", "cpu", "opencl",
                       "c11", "dialect", ["barrier=" + b]))
    return {x.name: x for x in r}


ROUTES = _routes()


@dataclass
class Case:
    """One test on one route."""

    test: Litmus
    naming: Naming
    source_text: str = ""
    source_events: Optional[list] = None
    output_text: str = ""
    output_events: Optional[list] = None
    status: str = ""  # inexpressible refused unreadable unsound over-strong sound
    reason: str = ""
    known_gap: Optional[str] = None  # an unreadable result of KNOWN_GAPS
    causes: List[str] = field(default_factory=list)  # over-strong: causes()


# --- known reader gaps -----------------------------------------------------

# The unreadable results the checker accepts: (route regex, reason regex,
# why the output cannot be read). Any other unreadable result is an error
# (check_routes.py exits 1), so that a construct no table knows (a silent
# bad output, or a new spelling) is never passed over.
KNOWN_GAPS = [
    # Each litmus thread is its own kernel, so each has its own work-group
    # array: a kernel that stores to its array and never reads it may lose
    # the store (dead-store elimination in Clang/LLVM or the canonicalizer),
    # and the output then says nothing about how the access was mapped.
    (r".*", r"the output has no access to the local location",
     "one kernel per litmus thread: a work-group array only one kernel "
     "stores to is dead"),
    (r"dialect-spirv-.*", r"\d+ work-group arrays for \d+ local locations",
     "the same: the canonicalizer removes a memref.alloc that is only "
     "stored to, so the arrays no longer line up with the locations"),
    # A thread that reads its own earlier store: LLVM forwards the stored
    # constant, and `out` is stored from a constant. That is a read whose
    # value is fixed, which the PTX reader cannot tell from no read.
    (r".*ptx.*", r"is not stored from a load \(a folded read",
     "store-to-load forwarding within one kernel"),
    # OpenCL C's atomic_compare_exchange_strong(p, &expected, ...) compiled
    # by Clang: `expected` is a Function variable that the failure branch
    # writes; the SPIR-V reader reads straight-line code only.
    (r"cl\d+-spirv", r"private \(Function\) variable",
     "a compare-exchange's expected variable and its write-back branch"),
]


def known_gap(route_name, reason):
    for r, why_re, why in KNOWN_GAPS:
        if re.fullmatch(r, route_name) and re.search(why_re, reason):
            return why
    return None


# --- writing --------------------------------------------------------------

# The spellings a route's writer puts first (common.Ctx.prefer) where the
# target has a form for only some of them: OpenCL C 1.2 has atomic_xchg and
# atomic_cmpxchg, the forms of CUDA's atomicExch and atomicCAS, and none of
# cuda::atomic_ref's members (xfence refuses them), so without this most
# 1.2-expressible tests would reach cuda-cl12 in a spelling it refuses.
ROUTE_PREFER = {"cuda-cl12": "atomicCAS|atomicExch"}

def write_source(route, test, variant):
    n = Naming.of(test)
    c = Case(test, n)
    prefer = seeds.PREFER.get(test.name, "") or ROUTE_PREFER.get(route.name,
                                                                "")
    try:
        if "image" in n.spaces.values() and \
                route.source != "dialect-memref-opencl":
            # Only the dialect writer has image locations (stand-in
            # buffers judged by their fences, dialect.write_kernels); the
            # C-like writers have no read_image/write_image rows.
            raise Inexpressible("a location in image memory")
        if route.source in CL_STD or route.source in ("cuda", "hip"):
            # Each thread is a kernel with its own work-group array for a
            # local location: one work-group's memory. Only the dialect
            # writer can name memory shared by the work-groups of a
            # cluster (CUDA's distributed shared memory needs
            # cluster.map_shared_rank, which the writers do not write; HIP
            # and OpenCL C have none).
            groups = {}
            for th in test.threads:
                for e in th.events:
                    if e.loc and test.space_of(e.loc) == "local":
                        groups.setdefault(e.loc, set()).add(
                            (th.where.cluster, th.where.group))
            if any(len(g) > 1 for g in groups.values()):
                raise Inexpressible("local memory shared by two work-groups "
                                    "(distributed shared memory)")
        if route.source in CL_STD:
            v = CL_STD[route.source]
            c.source_text = opencl.write(test, v, variant, n, prefer)
            c.source_events = opencl.read(c.source_text, len(test.threads),
                                          STRONG, v, n.spaces)
        elif route.source == "cuda":
            c.source_text = cuda.write(test, variant, n, prefer)
            c.source_events = cuda.read(c.source_text, len(test.threads),
                                        STRONG)
        elif route.source == "hip":
            c.source_text = hip.write(test, variant, n, prefer)
            c.source_events = hip.read(c.source_text, len(test.threads),
                                       STRONG)
        else:
            flavor = route.source[len("dialect-"):]
            c.source_text = dialect.write_kernels(test, n, flavor)
            c.source_events = dialect.read(c.source_text, len(test.threads))
        if route.name == "dialect-ptx-sm80":
            wh = [th.where for th in test.threads]
            if any(a.cluster == b.cluster and a.group != b.group
                   for a in wh for b in wh):
                raise Inexpressible("two work-groups of one cluster: sm_80 "
                                    "has no clusters")
    except Inexpressible as e:
        c.status, c.reason = "inexpressible", str(e)
    return c


def _rename(text, prefix):
    return re.sub(r"\b(t\d+)\b(?=\s*\()", prefix + r"\1", text)


def _params(route, c):
    """The kernel parameters, in order, as location names (and `out`)."""
    if route.source.startswith("dialect-memref"):
        # image locations are stand-in global buffers (dialect.py)
        return [l for l, s in c.naming.spaces.items()
                if s in ("global", "image")] + ["out"]
    if route.source.startswith("dialect"):
        return list(c.naming.spaces) + ["out"]
    return [l for l, s in c.naming.spaces.items() if s == "global"] + ["out"]


# --- running --------------------------------------------------------------

def _run(cmd, cwd=None, timeout=600):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


SUFFIX = {"cuda": ".cu", "hip": ".hip", "cl12": ".cl", "cl20": ".cl",
          "cl30": ".cl"}
OUT_SUFFIX = {"cuda": ".cu", "hip": ".hip", "alpaka": ".cpp", "cl12": ".cl",
              "cl20": ".cl", "cl30": ".cl"}


def _translate_cmd(route, tools, src, out, jobs):
    cmd = [os.path.join(tools, "xfence"), "translate", src]
    if route.target in CL_STD:
        cmd += ["--to", "opencl", "--cl-std=CL" + CL_STD[route.target]]
    else:
        cmd += ["--to", route.target]
    if route.source in CL_STD:
        cmd += ["--cl-std=CL" + CL_STD[route.source]]
    if route.source in ("cuda", "hip") or route.target in CL_STD:
        cmd += ["--cuda-builtin-header"]
    cmd += ["-o", out]
    if jobs and os.path.isdir(src):
        cmd += ["-j", str(jobs)]
    return cmd


def run_translate(route, cases, tools, work, jobs):
    src = os.path.join(work, "src")
    out = os.path.join(work, "out")
    os.makedirs(src)
    todo = [c for c in cases if not c.status]
    names = {}
    for i, c in enumerate(todo):
        f = "k%d%s" % (i, SUFFIX[route.source])
        names[f] = c
        with open(os.path.join(src, f), "w") as fh:
            fh.write(c.source_text)
    if not todo:
        return
    # One run over the folder: its time grows with the files (a clang parse
    # of the HIP headers each, about 0.2 s on one core).
    rc, so, se = _run(_translate_cmd(route, tools, src, out, jobs),
                      timeout=600 + 2 * len(todo))
    for f, c in names.items():
        o = os.path.join(out, os.path.splitext(f)[0] +
                         OUT_SUFFIX[route.target])
        if os.path.exists(o):
            with open(o) as fh:
                c.output_text = fh.read()
        else:
            msgs = [l for l in se.splitlines() if re.search(
                r"\b%s:" % re.escape(f), l)]
            c.status = "refused"
            c.reason = "\n".join(msgs) or se.strip()[-400:] or \
                "no output (exit %d)" % rc


def _compile_one(route, tools, path, work):
    if route.target == "ptx":
        out = path + ".ptx"
        cmd = [os.path.join(tools, "xfence"), "compile", path, "--to", "ptx",
               "-o", out]
    else:
        out = path + ".spv"
        cmd = [os.path.join(tools, "xfence"), "compile", path, "--to",
               "spirv", "-o", out]
    if route.source in CL_STD:
        cmd += ["--cl-std=CL" + CL_STD[route.source]]
    else:
        cmd += ["--cuda-builtin-header"]
    rc, so, se = _run(cmd)
    if rc != 0 or not os.path.exists(out):
        return None, se.strip() or "exit %d" % rc
    if out.endswith(".spv"):
        rc, so, se2 = _run(["spirv-dis", out])
        if rc != 0:
            return None, "spirv-dis: " + se2
        return so, ""
    with open(out) as fh:
        return fh.read(), ""


def _batch(route, cases, tools, work, write_file, run_one):
    """Run all cases in one file; where the tool refuses the batch, run
    each case alone."""
    todo = [c for c in cases if not c.status]
    if not todo:
        return

    # A refused batch is split in halves until the refused cases are
    # alone: a few refusals cost a few runs each, not one run per case.
    def run(first, cs, tag):
        path = write_file(cs, tag, first)
        text, err = run_one(path)
        if text is not None:
            for i, c in enumerate(cs):
                c.output_text = text
                c.prefix = "k%d_" % (first + i)
            return
        if len(cs) == 1:
            cs[0].prefix = "k%d_" % first
            cs[0].status, cs[0].reason = "refused", err
            return
        h = len(cs) // 2
        run(first, cs[:h], tag + "a")
        run(first + h, cs[h:], tag + "b")
    run(0, todo, "all")


def run_compile(route, cases, tools, work, jobs):
    ext = SUFFIX[route.source]

    def write_file(cs, tag, first=0):
        path = os.path.join(work, tag + ext)
        with open(path, "w") as fh:
            for i, c in enumerate(cs):
                text = c.source_text
                if i and route.source == "cuda":
                    text = text.replace("#include <cuda/atomic>", "")
                fh.write(_rename(text, "k%d_" % (first + i)) + "\n")
        return path
    _batch(route, cases, tools, work, write_file,
           lambda p: _compile_one(route, tools, p, work))


def run_dialect(route, cases, tools, work, jobs):
    env = {"spirv-opencl": dialect.SPIRV_OPENCL_ENV,
           "spirv-vulkan": dialect.SPIRV_VULKAN_ENV}.get(route.target)

    def write_file(cs, tag, first=0):
        path = os.path.join(work, tag + ".mlir")
        with open(path, "w") as fh:
            text = dialect.module(
                [c.source_text.replace("gpu.func @t", "gpu.func @k%d_t" % (
                    first + i)) for i, c in enumerate(cs)],
                route.source, env)
            if route.target == "cpu":
                text = dialect.as_functions(text)
            fh.write(text)
        return path

    def run_one(path):
        opt = os.path.join(tools, "xfence-opt")
        tr = os.path.join(tools, "xfence-translate")
        rc, so, se = _run([opt, path, "--canonicalize", "--xfence-coalesce",
                           "-o", path + ".opt.mlir"])
        if rc:
            return None, se.strip()
        if route.target == "cpu":
            rc, so, se = _run([opt, path + ".opt.mlir",
                               "--convert-xfence-to-cpu=" +
                               route.options[0]])
            return (so, "") if rc == 0 else (None, se.strip())
        if route.target == "ptx":
            rc, so, se = _run([tr, "--export-ptx"] + route.options +
                              [path + ".opt.mlir", "-o", path + ".ptx"])
            if rc:
                return None, se.strip()
            with open(path + ".ptx") as fh:
                return fh.read(), ""
        cmd = [tr, "--export-spirv", path + ".opt.mlir", "-o",
               path + ".spv"]
        if route.target == "spirv-vulkan":
            cmd.insert(2, "--spirv-vulkan")
        rc, so, se = _run(cmd)
        if rc:
            return None, se.strip() or "exit %d" % rc
        rc, so, se = _run(["spirv-dis", path + ".spv"])
        return (so, "") if rc == 0 else (None, "spirv-dis: " + se)
    _batch(route, cases, tools, work, write_file, run_one)


# --- reading --------------------------------------------------------------

def read_output(route, c):
    n = len(c.test.threads)
    t = route.target
    prefix = getattr(c, "prefix", "")
    if route.kind == "translate":
        c.output_consts = {m.group(1): int(m.group(2)) for m in re.finditer(
            r"\b(r\d+_\d+)\s*=\s*\(?\s*(?:\(\s*int\s*\)\s*)?(-?\d+)\s*\)?\s*;",
            c.output_text)}
    if t in CL_STD:
        return opencl.read(c.output_text, n, WEAK, CL_STD[t], c.naming.spaces)
    if t == "cuda":
        return cuda.read(c.output_text, n, WEAK)
    if t == "hip":
        return hip.read(c.output_text, n, WEAK)
    if t == "alpaka":
        return alpaka.read(c.output_text, n, WEAK)
    if t == "ptx":
        return ptx.read(c.output_text, n, _params(route, c),
                        prefix=prefix + "t")
    if t == "cpu":
        return cpu.read(c.output_text, n, _params(route, c),
                        prefix=prefix + "t")
    env = "vulkan" if t == "spirv-vulkan" else "opencl"
    locals_ = [[l for l in c.naming.spaces if c.naming.spaces[l] == "local"
                and any(e.loc == l for e in evs)]
               for evs in c.source_events]
    out = []
    for t in range(n):
        # one thread at a time: each has its own work-group arrays
        out.append(spirv.read(c.output_text, t + 1, _params(route, c), env,
                              prefix=prefix + "t", locals_=locals_[t])[t])
    return out


def _check_locals(c):
    """Each thread is its own kernel, so a tool may drop a store to a
    kernel's work-group array that nothing else in that kernel reads: the
    test's sharing of local memory between threads is the writer's
    convention, not the kernel's. Such an output does not say what the
    route does to the access."""
    for t, (se, oe) in enumerate(zip(c.source_events, c.output_events)):
        want = {e.loc for e in se if e.loc and
                c.naming.spaces.get(e.loc) == "local"}
        got = {e.loc for e in oe if e.loc}
        if want - got:
            raise Unreadable("t%d: the output has no access to the local "
                             "location(s) %s (one kernel per thread: a "
                             "work-group array of one kernel)" % (
                                 t, ", ".join(sorted(want - got))))


# --- judging --------------------------------------------------------------

def _project(outcomes, keys):
    return frozenset(tuple(kv for kv in o if kv[0] in keys)
                     for o in outcomes)


def mapping(c):
    """The construct mapping of each thread: source -> output."""
    lines = []
    for t in range(len(c.test.threads)):
        s = [e.origin or describe(e) for e in c.source_events[t]
             if e.kind in ("F", "B") or e.atomic or e.kind == "RMW"]
        o = [e.origin or describe(e) for e in c.output_events[t]
             if e.kind in ("F", "B") or e.atomic or e.kind == "RMW"]
        if s != o:
            lines.append("t%d: %s  ->  %s" % (t, "; ".join(s) or "-",
                                               "; ".join(o) or "-"))
    return "\n".join(lines)


def _dialect_atomics(test):
    """The dialect's ordered atomics order all memory (docs/semantics.md
    §3.3: "an ordered xfence atomic orders all memory, as a PTX atom.<sem>
    and an LLVM atomic do"), where an OpenCL atomic orders its own space."""
    both = frozenset(("local", "global"))
    threads = []
    for th in test.threads:
        evs = tuple(replace(e, spaces=both)
                    if e.kind in ("R", "W", "RMW") and
                    e.order not in ("na", "relaxed") else e
                    for e in th.events)
        threads.append(replace(th, events=evs))
    return replace(test, threads=tuple(threads))


def judge(route, c, allowed):
    src = c.naming.restore(c.test, c.source_events, c.test.name + "/src")
    out = c.naming.restore(c.test, c.output_events, c.test.name + "/out")
    if route.source.startswith("dialect"):
        src = _dialect_atomics(src)
    vs = allowed(src, route.src_model, opencl_scope_rule=route.src_scope_rule)
    vo = allowed(out, route.out_model)
    if vs.racy:
        c.status = "sound"
        c.reason = "the source has a data race: it allows every outcome"
        return
    if vo.racy:
        c.status = "unsound"
        c.reason = "race-free source, racy output: %s" % (vo.race_witness,)
        return
    keys = {k for o in vs.outcomes for k, _ in o}
    missing = keys - {k for o in vo.outcomes for k, _ in o}
    # A register of the source that no read of the output stores into but
    # that the output sets to a constant (a compare-exchange whose expected
    # variable is no longer written back) has that value in every outcome.
    fill = {}
    for canon, reg in c.naming.regs.items():
        if reg in missing and canon in getattr(c, "output_consts", {}):
            fill[reg] = c.output_consts[canon]
    if fill:
        vo = replace(vo, outcomes=frozenset(
            tuple(sorted(o + tuple(fill.items()))) for o in vo.outcomes))
        missing -= set(fill)
    if missing and vo.outcomes:
        c.status = "unreadable"
        c.reason = "no read of the output stores into %s" % ", ".join(
            sorted(missing))
        return
    so = _project(vs.outcomes, keys)
    oo = _project(vo.outcomes, keys)
    extra = oo - so
    if extra:
        c.status = "unsound"
        c.reason = "the output allows %s, which the source forbids" % (
            ", ".join(_fmt(o) for o in sorted(extra)))
    elif oo < so:
        c.status = "over-strong"
        c.causes = causes(c, route)
        c.reason = "the output forbids %s\n%s" % (
            ", ".join(_fmt(o) for o in sorted(so - oo)), mapping(c))
    else:
        c.status = "sound"


# --- why an output is over-strong ------------------------------------------

# (route regex, cause, the rule that makes the output stronger: the target
# has no weaker form, or a documented mapping chooses the stronger one).
_ALL_SPACE_FENCE = (
    "the target's fence orders every memory space; it has none for one "
    "space (PTX `fence`/`membar` order all state spaces, CUDA's and HIP's "
    "fences are those, alpaka's memFence names no space, LLVM's `fence` "
    "orders all memory): docs/semantics.md §3")
OVER_STRONG = [
    (r"cl\d\d-(cuda|hip|alpaka|ptx)|dialect-(ptx|cpu)-.*",
     "fence orders more spaces", _ALL_SPACE_FENCE),
    (r"cl\d\d-(cuda|hip|alpaka|ptx)|dialect-(ptx|cpu)-.*",
     "barrier orders more spaces",
     "the target's barrier orders every memory space (__syncthreads, PTX "
     "bar.sync, the CPU barriers): docs/semantics.md §3"),
    (r"cl\d\d-(cuda|hip|ptx)|hip-cuda|dialect-ptx-.*",
     "barrier orders memory",
     "an execution-only work-group barrier (OpenCL's barrier(0), HIP's "
     "__builtin_amdgcn_s_barrier) becomes __syncthreads() / PTX bar.sync, "
     "which also order memory (CUDA and PTX have no CTA barrier "
     "that orders nothing): docs/semantics.md §3.1"),
    (r"dialect-cpu-.*", "barrier orders memory",
     "the CPU barrier (the runtime's fiber switch, OpenMP's barrier with its "
     "implied flush) orders all memory: backends/cpu, docs/lowering.md"),
    (r"dialect-cpu-openmp", "stronger barrier",
     "omp.barrier implies a strong flush, seq_cst (OpenMP 5.0 §2.17.2, "
     "§1.4.4): no weaker OpenMP barrier"),
    (r"dialect-cpu-.*", "wider scope",
     "LLVM IR on the CPU has one scope for threads, the system (no "
     "syncscope for work-groups): docs/lowering.md"),
    (r"dialect-cpu-runtime", "fence added",
     "seq_cst fences around the runtime barrier where its memory part is "
     "seq_cst or wider than the work-group (review N2): docs/lowering.md"),
    (r"(cuda|hip)-cl12", "stronger fence",
     "OpenCL C 1.2's fences: read_/write_mem_fence order loads only / "
     "stores only, so an acquire or release fence is mem_fence (1.2 "
     "§6.12.9): docs/semantics.md §3.1"),
    (r"(cuda|hip)-cl12", "fence added",
     "OpenCL C 1.2 atomics are relaxed only: an ordered atomic is the "
     "relaxed atomic between a release and an acquire mem_fence "
     "(docs/semantics.md §3.3)"),
    (r"(cuda|hip)-cl12", "wider scope",
     "OpenCL C 1.2 atomics have the scope of their memory (work-group on "
     "__local, device on __global) and its fences the work-group's: a "
     "narrower CUDA scope widens (docs/semantics.md §3.3)"),
    (r"cuda-alpaka|cl\d\d-alpaka", "fence added",
     "alpaka's atomics are relaxed on every back end: an ordered atomic is "
     "the relaxed atomic between a release and an acquire memFence of its "
     "scope (seq_cst: seq_cst fences; docs/semantics.md §3.5)"),
    (r"(cuda|hip)-cl12", "load as read-modify-write",
     "OpenCL C 1.2 has no atomic load: atomic_or(p, 0) (1.2 §6.12.11): "
     "docs/cuda-to-opencl.md"),
    (r"(cuda|hip)-cl12|cl\d\d-alpaka|cuda-alpaka|dialect-spirv-.*",
     "store as read-modify-write",
     "the target has no atomic store (OpenCL C 1.2, alpaka 3; the SPIR-V "
     "dialect route before it wrote OpAtomicStore): an exchange whose "
     "result is dropped, which also reads"),
    (r"(cuda|hip)-cl(20|30)", "stronger atomic",
     "in a file with a seq_cst operation, atomic stores and "
     "read-modify-writes are seq_cst (OpenCL's seq_cst fences are C11's: "
     "IRIW): docs/cuda-to-opencl.md"),
    (r"(cuda|hip)-cl(20|30)", "wider scope",
     "before OpenCL 3.1 two operations synchronize only at the same scope: "
     "a file's fences and atomics get its widest scope (review N7): "
     "docs/cuda-to-opencl.md"),
    (r"(cuda|hip)-cl(20|30)", "fence added",
     "CUDA's seq_cst atomic is fence.sc and the access (a seq_cst fence "
     "before it), and where the file touches local and global memory an "
     "ordered atomic gets fences with both flags: docs/cuda-to-opencl.md"),
    (r"cuda-ptx", "fence added",
     "clang's LLVM IR of CUDA atomics (atomicExch, and libcu++ calls whose "
     "order is not yet a constant) is seq_cst; a seq_cst access is "
     "fence.sc and the access in PTX (the PTX atomics ABI)"),
    (r"cuda-ptx", "stronger atomic",
     "clang's LLVM IR of CUDA atomics is seq_cst (see 'fence added'): the "
     "access after fence.sc is ld.acquire / st.release / atom.acquire"),
    (r"cuda-ptx", "wider scope",
     "clang's LLVM IR of CUDA atomics carries no syncscope: system scope"),
    (r"dialect-ptx-sm80", "stronger fence",
     "PTX before 8.6 has no fence.acquire / fence.release: fence.acq_rel "
     "(PTX ISA, membar/fence)"),
    (r"dialect-ptx-.*", "stronger fence",
     "an acquire or release fence on local memory at a scope that PTX 8.6 "
     "writes as fence.acq_rel"),
    (r"dialect-ptx-.*", "fence added",
     "the fence.sc that starts a seq_cst access (PTX atomics ABI), and "
     "fences around bar.sync for a barrier's memory part wider than the "
     "CTA or seq_cst (docs/semantics.md §3.2)"),
    (r"cl\d\d-spirv", "atomic orders every space",
     "an OpenCL atomic synchronizes its own space only; the dialect's "
     "ordered atomic orders all memory (docs/semantics.md §3.3), so its "
     "SPIR-V semantics carry every storage bit"),
    (r"cl\d\d-(cuda|hip|alpaka|ptx)|dialect-(ptx|cpu)-.*",
     "atomic orders every space",
     "an OpenCL (and dialect) atomic synchronizes its own space only; a "
     "CUDA, HIP, PTX or C++ release or acquire orders every space, and no "
     "target atomic orders one space only: docs/semantics.md §3.3"),
    (r"cl\d\d-.*|dialect-(spirv-vulkan|cpu-.*)",
     "target scopes are inclusive",
     "before OpenCL 3.1 two operations synchronize only at the same scope; "
     "the target's scopes include narrower ones (PTX, Vulkan) or it has "
     "none (C++): the same operations synchronize there"),
    (r"cl\d\d-(cuda|hip|ptx)|dialect-ptx-.*",
     "seq_cst atomic is a fence in the target",
     "a seq_cst atomic is C11's in OpenCL (ordered in the single total "
     "order, an acquire and a release of its object); CUDA's, HIP's and "
     "PTX's is fence.sc and the access (PTX atomics ABI), which also orders "
     "the thread's other accesses: no weaker seq_cst atomic exists there"),
    (r"cl\d\d-(cuda|hip|alpaka)", "fence added",
     "a barrier whose memory part is wider than the work-group or seq_cst: "
     "a release and an acquire fence of that scope around __syncthreads() / "
     "syncBlockThreads (docs/semantics.md §3.2)"),
    (r"cl\d\d-(cuda|hip|alpaka|ptx)", "wider scope",
     "CUDA, HIP and PTX have no sub-group scope (CUDA: block, device, "
     "system; PTX: .cta at the narrowest), alpaka has block, device and "
     "system: the next wider one (docs/semantics.md §3.3)"),
    (r"dialect-spirv-.*", "wider scope",
     "SPIR-V has no cluster scope: Device (docs/semantics.md §1)"),
    (r"dialect-ptx-.*", "wider scope",
     "PTX has no sub-group scope: the CTA (docs/semantics.md §3)"),
]

_RANK = {"na": 0, "relaxed": 1, "acquire": 2, "release": 2, "acq_rel": 3,
         "seq_cst": 4}


def _stronger(out, src):
    """Whether order `out` promises more than order `src`."""
    if out == src:
        return False
    if {out, src} == {"acquire", "release"} or src == "na":
        return True
    return _RANK[out] > _RANK[src]


def _sync(evs, kinds):
    return [e for e in evs if e.kind in kinds]


def _atomics(evs):
    return [e for e in evs if e.kind == "RMW" or
            (e.kind in ("R", "W") and e.order != "na")]


def _stronger_memory_part(what, se, oe):
    """How the memory part of a fence or barrier `oe` of the output goes
    beyond `se` of the source."""
    tags = set()
    if se.spaces and oe.spaces > se.spaces:
        tags.add("%s orders more spaces" % what)
    if scope_index(oe.scope) > scope_index(se.scope):
        tags.add("wider scope")
    if _stronger(oe.order, se.order):
        tags.add("stronger %s" % what)
    return tags


def causes(c, route=None):
    """What the output does beyond the source, thread by thread: the tags of
    the mapping changes that can forbid an outcome (an over-strong result
    whose output changed nothing has none)."""
    tags = set()
    # A source read with spaces (the OpenCL model: an atomic synchronizes
    # its own space) whose output is read without them (PTX, C++: a release
    # or acquire orders every space).
    if route is not None and route.src_model == "opencl" and \
            not route.source.startswith("dialect") and \
            (route.out_model in ("ptx", "c11") or
             any(len(e.spaces) > 1 for th in c.output_events
                 for e in _atomics(th))) and \
            {"local", "global"} <= {sp for _, sp in c.test.spaces} and \
            any(e.order not in ("na", "relaxed") for th in c.source_events
                for e in _atomics(th)):
        tags.add("atomic orders every space")
    # A seq_cst access is C11's in OpenCL and the dialect, fence.sc and the
    # access in PTX (the PTX atomics ABI; the model reads CUDA's and HIP's
    # seq_cst atomics so).
    if route is not None and route.src_model == "opencl" and \
            route.out_model == "ptx" and \
            any(e.order == "seq_cst" for th in c.source_events
                for e in _atomics(th)):
        tags.add("seq_cst atomic is a fence in the target")
    # OpenCL 2.0-3.0 synchronizes equal scopes only; PTX and Vulkan include
    # narrower scopes, C++ has none.
    if route is not None and route.src_model == "opencl" and \
            route.src_scope_rule == "same" and route.out_model != "opencl":
        scopes = {e.scope for th in c.source_events for e in th
                  if (e.kind == "F" and e.order not in ("na", "relaxed")) or
                  (e.kind == "B" and e.order != "na") or
                  (e.kind == "RMW" or e.order != "na") and e.kind != "F"
                  and e.kind != "B"}
        if len(scopes) > 1:
            tags.add("target scopes are inclusive")
    for t in range(len(c.test.threads)):
        src, out = c.source_events[t], c.output_events[t]
        sf, of = _sync(src, "F"), _sync(out, "F")
        sb, ob = _sync(src, "B"), _sync(out, "B")
        sa, oa = _atomics(src), _atomics(out)
        if len(of) > len(sf):
            tags.add("fence added")
        if len(of) < len(sf) and len(oa) == len(sa):
            tags.add("fence folded into an access")
        for se, oe in zip(sf, of) if len(sf) == len(of) else ():
            tags |= _stronger_memory_part("fence", se, oe)
        for se, oe in zip(sb, ob) if len(sb) == len(ob) else ():
            if se.order == "na" and oe.order != "na":
                tags.add("barrier orders memory")
            elif oe.order != "na":
                tags |= _stronger_memory_part("barrier", se, oe)
        if len(sb) != len(ob):
            tags.add("barrier added")
        if [e.loc for e in sa] == [e.loc for e in oa]:
            for se, oe in zip(sa, oa):
                if se.kind == "R" and oe.kind == "RMW":
                    tags.add("load as read-modify-write")
                if se.kind == "W" and oe.kind == "RMW":
                    tags.add("store as read-modify-write")
                if _stronger(oe.order, se.order):
                    tags.add("stronger atomic")
                if scope_index(oe.scope) > scope_index(se.scope):
                    tags.add("wider scope")
        else:
            tags.add("plain access made atomic"
                     if len(oa) > len(sa) else "atomics differ")
    return sorted(tags)


def explain(route, causes):
    """Why a route's output is stronger than its source for `causes` (the
    rules in docs/ that choose the stronger form); "UNEXPLAINED" where no
    rule covers a cause."""
    why = []
    for cause in causes:
        text = None
        for pattern, tag, reason in OVER_STRONG:
            if tag == cause and re.fullmatch(pattern, route):
                text = reason
                break
        why.append("%s: %s" % (cause, text or "UNEXPLAINED"))
    return "; ".join(why) or "UNEXPLAINED"


def _fmt(o):
    return "{" + " ".join("%s=%s" % kv for kv in o) + "}"


def check(route, tests, tools, allowed, variant=0, jobs=2, keep=None):
    """All cases of one route."""
    cases = [write_source(route, t, variant) for t in tests]
    work = tempfile.mkdtemp(prefix="routes-%s-" % route.name)
    try:
        {"translate": run_translate, "compile": run_compile,
         "dialect": run_dialect}[route.kind](route, cases, tools, work, jobs)
        for c in cases:
            if c.status:
                continue
            try:
                c.output_events = read_output(route, c)
                _check_locals(c)
            except Undefined as e:
                c.status, c.reason = "unsound", "undefined in the target: %s" % e
                continue
            except Unreadable as e:
                c.status, c.reason = "unreadable", str(e)
            else:
                judge(route, c, allowed)
            if c.status == "unreadable":
                c.known_gap = known_gap(route.name, c.reason)
    finally:
        if keep:
            shutil.copytree(work, os.path.join(keep, route.name),
                            dirs_exist_ok=True)
        shutil.rmtree(work, ignore_errors=True)
    return cases


def output_excerpt(route, c):
    """The part of the output that belongs to the test's kernels."""
    text = c.output_text
    prefix = getattr(c, "prefix", "")
    parts = []
    for t in range(len(c.test.threads)):
        name = prefix + "t%d" % t
        m = re.search(r"(?:\.entry|OpFunction|void|struct|func\.func)\s*[%@]?" +
                      re.escape(name) + r"\b|%" + re.escape(name) +
                      r" = OpFunction\b", text)
        if m:
            parts.append(text[m.start():m.start() + 1500].split(
                "\n}\n")[0].split("OpFunctionEnd")[0])
    return "\n".join(parts) or text[:2000]
