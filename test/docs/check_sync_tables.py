"""Checks the barrier and atomic tables of docs/semantics.md (§3.2, §3.3)
and the mapping tables of its HIP and alpaka targets (§3.4, §3.5) against
the code, as check_fence_table.py does for the fence table: for
each row, one op of that kind goes through the column's target, and the
outcome (refused with an error, or written) must be what the cell says (a
cell that starts with "error" is a refusal, anything else a form).

Most columns are the capability table (passes/TargetCapabilities.cpp)
applied by `xfence-opt --xfence-legalize=target=T`. A few OpenCL C cells
are forms that the CUDA-to-OpenCL rewriter writes where the capability
table has none (the compare-and-swap loops of inc/dec/fadd, the reducing
barrier's count): those cells are checked by translating a CUDA kernel
with the construct (`xfence translate --to opencl`), which must succeed
and contain the text the cell names. The alpaka cell that its emitter
decides (no atomic load) is checked by translating OpenCL C to alpaka. One
HIP row is not a legalization question (which CUDA spellings the
CUDA-to-HIP path keeps as written; test/rewriters/routes/cuda-to-hip has it).

Usage: check_sync_tables.py SEMANTICS_MD BIN_DIR
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_fence_table import table  # noqa: E402

COLUMNS = {
    "HIP": "hip",
    "alpaka 3": "alpaka",
    "PTX": "ptx-sm90",
    "CUDA C++ source": "cuda",
    "OpenCL C 1.2": "opencl1.2",
    "OpenCL C 2.0+": "opencl2",
    "SPIR-V": "spirv-opencl",
    "CPU (LLVM IR)": "cpu",
}

BARRIERS = {
    "`workgroup`, no memory part": "xfence.barrier workgroup",
    "`workgroup`, memory `workgroup` (or narrower), not seq_cst":
        "xfence.barrier workgroup memory workgroup acq_rel [local, global]",
    "`workgroup`, memory `device` / `system`":
        "xfence.barrier workgroup memory device acq_rel [local, global]",
    "memory part seq_cst":
        "xfence.barrier workgroup memory workgroup seq_cst [local, global]",
    "`subgroup`, full or masked":
        "xfence.barrier subgroup memory subgroup acq_rel [local, global]",
    "`cluster`": "xfence.barrier cluster memory cluster acq_rel [local, global]",
    "`device` / `system` (a grid barrier)": "xfence.barrier device",
    "`barrier_reduce count/and/or`, workgroup":
        "%n = xfence.barrier_reduce count %v workgroup memory workgroup "
        "acq_rel [local, global] : i32",
}

ATOMICS = {
    "`atomic_rmw`":
        "%r = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr<1>, i32",
    "`inc` / `dec` (CUDA's wrapping kinds)":
        "%r = xfence.atomic_rmw inc %p, %v device relaxed : !llvm.ptr<1>, i32",
    "`fadd`":
        "%r = xfence.atomic_rmw fadd %p, %f device relaxed : !llvm.ptr<1>, f32",
    "`atomic_cmpxchg`":
        "%o, %ok = xfence.atomic_cmpxchg %p, %v, %v device relaxed relaxed "
        ": !llvm.ptr<1>, i32",
    "`atomic_load` / `atomic_store`":
        "%l = xfence.atomic_load %p device relaxed : !llvm.ptr<1> -> i32",
}

FENCE = "xfence.fence %s [local, global]"
HIP = {
    "fence relaxed, or no spaces": FENCE % "workgroup relaxed",
    "fence thread": FENCE % "thread acq_rel",
    "fence subgroup / workgroup / device / system, any order":
        FENCE % "device seq_cst",
    "fence cluster": FENCE % "cluster acq_rel",
    "barrier workgroup, execution only": BARRIERS[
        "`workgroup`, no memory part"],
    "barrier workgroup, `[local]`, memory scope workgroup, not seq_cst":
        "xfence.barrier workgroup memory workgroup acq_rel [local]",
    "any other workgroup barrier":
        "xfence.barrier workgroup memory device seq_cst [local, global]",
    "barrier subgroup":
        "xfence.barrier subgroup memory subgroup acq_rel [local]",
    "reducing barrier workgroup (CUDA's `__syncthreads_count/_and/_or`)":
        BARRIERS["`barrier_reduce count/and/or`, workgroup"],
    "barrier device, cluster": "xfence.barrier device",
    "atomic RMW, load, store, compare-exchange": ATOMICS["`atomic_rmw`"],
    "compare-exchange returning the old value (OpenCL 1.x)":
        ATOMICS["`atomic_cmpxchg`"],
    "wrapping inc / dec (CUDA's atomicInc/Dec)":
        ATOMICS["`inc` / `dec` (CUDA's wrapping kinds)"],
    # Not a legalization question: which CUDA spellings the CUDA-to-HIP
    # path keeps as written (test/rewriters/routes/cuda-to-hip).
    "CUDA's legacy `atomicAdd`, `Sub`, `Exch`, `Min`, `Max`, `And`, `Or`, "
    "`Xor`, `CAS` and their `_system` forms, left relaxed at their scope by "
    "legalization and coalescing": None,
}
ALPAKA = {
    "fence relaxed, no spaces, or `thread`": FENCE % "thread acq_rel",
    "fence `subgroup` / `workgroup`": FENCE % "subgroup acq_rel",
    "fence `cluster` / `device`": FENCE % "cluster seq_cst",
    "fence `system`": FENCE % "system acq_rel",
    "barrier `workgroup`, execution only or `[local]` at workgroup scope, "
    "not seq_cst": "xfence.barrier workgroup memory workgroup acq_rel [local]",
    "any other workgroup barrier (global memory, a wider scope, seq_cst)":
        "xfence.barrier workgroup memory device acq_rel [local, global]",
    "barrier `subgroup`, masked, `cluster`, `device`; reducing barriers":
        "xfence.barrier subgroup memory subgroup acq_rel [local]",
    "relaxed atomic RMW at `workgroup` / `device` (subgroup widens to the "
    "block, cluster to the device)":
        "%r = xfence.atomic_rmw add %p, %v subgroup relaxed "
        ": !llvm.ptr<1>, i32",
    "`inc` / `dec`": ATOMICS["`inc` / `dec` (CUDA's wrapping kinds)"],
    "compare-exchange returning the old value": ATOMICS["`atomic_cmpxchg`"],
    "compare-exchange C11-style (expected by pointer, returns whether it "
    "stored)": ATOMICS["`atomic_cmpxchg`"],
    "atomic load": ATOMICS["`atomic_load` / `atomic_store`"],
    "atomic store":
        "xfence.atomic_store %v, %p device relaxed : i32, !llvm.ptr<1>",
    "ordered atomic (any of the above)":
        "%r = xfence.atomic_rmw add %p, %v device acq_rel : !llvm.ptr<1>, i32",
    "atomic at `system` scope":
        "%r = xfence.atomic_rmw add %p, %v system relaxed : !llvm.ptr<1>, i32",
}

# (row, column) -> (CUDA kernel body, text the OpenCL C output must have):
# the cells of forms the rewriter writes beyond the capability table.
CUDA = "__global__ void k(unsigned *u, float *f, int *n, int p) {\n%s\n}\n"
REWRITER = {
    ("`inc` / `dec` (CUDA's wrapping kinds)", "OpenCL C 1.2"):
        ("  atomicInc(u, 7u);", "xfence_atomic_inc_global_uint"),
    ("`inc` / `dec` (CUDA's wrapping kinds)", "OpenCL C 2.0+"):
        ("  atomicInc(u, 7u);", "xfence_atomic_inc_global_uint"),
    ("`fadd`", "OpenCL C 1.2"):
        ("  atomicAdd(f, 0.5f);", "xfence_atomic_fadd_global_float"),
    ("`fadd`", "OpenCL C 2.0+"):
        ("  atomicAdd(f, 0.5f);", "xfence_atomic_fadd_global_float"),
    ("`barrier_reduce count/and/or`, workgroup", "OpenCL C 1.2"):
        ("  n[0] = __syncthreads_count(p);", "xfence_syncthreads_count"),
    ("`barrier_reduce count/and/or`, workgroup", "OpenCL C 2.0+"):
        ("  n[0] = __syncthreads_count(p);", "work_group_reduce_add"),
}
CL_STD = {"OpenCL C 1.2": "CL1.2", "OpenCL C 2.0+": "CL2.0"}

# (row, column) -> an OpenCL C 2.0 kernel body translated to alpaka: cells
# that the alpaka emitter decides (its capability table has the op).
CL = "__kernel void k(__global atomic_int *a, __global int *out) {\n%s\n}\n"
ALPAKA_EMITTER = {
    ("atomic load", "alpaka 3"):
        "  out[0] = atomic_load_explicit(a, memory_order_relaxed, "
        "memory_scope_device);",
}


def translate_cl(bindir, body):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "k.cl")
        with open(src, "w") as fh:
            fh.write(CL % body)
        run = subprocess.run(
            [os.path.join(bindir, "xfence"), "translate", src, "--to",
             "alpaka", "--cl-std=CL2.0", "-o", os.path.join(tmp, "k.cpp")],
            capture_output=True, text=True)
        return "error" if run.returncode != 0 else "kept"


def legalize(bindir, target, op):
    module = ("func.func @f(%p: !llvm.ptr<1>, %v: i32, %f: f32) {\n  " + op +
              "\n  return\n}\n")
    run = subprocess.run(
        [os.path.join(bindir, "xfence-opt"),
         "--xfence-legalize=target=" + target],
        input=module, capture_output=True, text=True)
    if run.returncode != 0:
        return "error"
    name = op.split("=")[-1].split()[0]
    return "kept" if name in run.stdout else "dropped"


def translate(bindir, column, body, want):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "k.cu")
        with open(src, "w") as fh:
            fh.write(CUDA % body)
        out = os.path.join(tmp, "k.cl")
        run = subprocess.run(
            [os.path.join(bindir, "xfence"), "translate",
             "--cuda-builtin-header", src, "--to", "opencl",
             "-cl-std=" + CL_STD[column], "-o", out],
            capture_output=True, text=True)
        if run.returncode != 0:
            return "error"
        return "kept" if want in open(out).read() else "other text"


def expected(cell):
    if cell.startswith("error"):
        return "error"
    if cell.startswith("dropped"):
        return "dropped"
    return "kept"


def check(text, bindir, heading, ops, first_cell=None):
    header, rows = table(text, heading, first_cell)
    problems = checked = 0
    seen = set()
    for row in rows:
        name = row[0]
        if name not in ops:
            print("%s: unknown row %r: add it to the script" % (heading, name))
            problems += 1
            continue
        seen.add(name)
        for column, cell in zip(header[1:], row[1:]):
            target = COLUMNS.get(column)
            if target is None:
                print("%s: unknown column %r" % (heading, column))
                problems += 1
                continue
            want = expected(cell)
            if ops[name] is None:
                continue
            if (name, column) in ALPAKA_EMITTER:
                got = translate_cl(bindir, ALPAKA_EMITTER[(name, column)])
                how = "xfence translate --to alpaka"
            elif (name, column) in REWRITER:
                body, text_ = REWRITER[(name, column)]
                got = translate(bindir, column, body, text_)
                how = "xfence translate --to opencl"
            else:
                got = legalize(bindir, target, ops[name])
                how = target
            checked += 1
            if want != got:
                print("%s: row %s, column %s: the table says %s, %s gives %s"
                      % (heading, name, column, want, how, got))
                problems += 1
    for name in ops:
        if name not in seen:
            print("%s: row %r is missing from the table" % (heading, name))
            problems += 1
    return problems, checked


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    bindir = sys.argv[2]
    problems = checked = 0
    for heading, ops, first in (("### 3.2 Barriers", BARRIERS, None),
                                ("### 3.3 Atomics", ATOMICS, None),
                                ("### 3.4 HIP source", HIP, "xfence op"),
                                ("### 3.5 alpaka source", ALPAKA,
                                 "xfence op")):
        p, c = check(text, bindir, heading, ops, first)
        problems += p
        checked += c
    if problems:
        print("FAILED: %d problem(s)" % problems)
        return 1
    print("ok: %d cells agree with the code" % checked)
    return 0


if __name__ == "__main__":
    sys.exit(main())
