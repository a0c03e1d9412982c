"""Checks the barrier and atomic tables of docs/semantics.md (§3.2, §3.3)
against the code, as check_fence_table.py does for the fence table: for
each row, one op of that kind goes through the column's target, and the
outcome (refused with an error, or written) must be what the cell says (a
cell that starts with "error" is a refusal, anything else a form).

Most columns are the capability table (passes/TargetCapabilities.cpp)
applied by `xfence-opt --xfence-legalize=target=T`. A few OpenCL C cells
are forms that the CUDA-to-OpenCL rewriter writes where the capability
table has none (the compare-and-swap loops of inc/dec/fadd, the reducing
barrier's count): those cells are checked by translating a CUDA kernel
with the construct (`xfence translate --to opencl`), which must succeed
and contain the text the cell names.

Usage: check_sync_tables.py SEMANTICS_MD BIN_DIR
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_fence_table import table  # noqa: E402

COLUMNS = {
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


def legalize(bindir, target, op):
    module = ("func.func @f(%p: !llvm.ptr<1>, %v: i32, %f: f32) {\n  " + op +
              "\n  return\n}\n")
    run = subprocess.run(
        [os.path.join(bindir, "xfence-opt"),
         "--xfence-legalize=target=" + target],
        input=module, capture_output=True, text=True)
    return "error" if run.returncode != 0 else "kept"


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


def check(text, bindir, heading, ops):
    header, rows = table(text, heading)
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
            want = "error" if cell.startswith("error") else "kept"
            if (name, column) in REWRITER:
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
    for heading, ops in (("### 3.2 Barriers", BARRIERS),
                         ("### 3.3 Atomics", ATOMICS)):
        p, c = check(text, bindir, heading, ops)
        problems += p
        checked += c
    if problems:
        print("FAILED: %d problem(s)" % problems)
        return 1
    print("ok: %d cells agree with the code" % checked)
    return 0


if __name__ == "__main__":
    sys.exit(main())
