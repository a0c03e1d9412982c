#!/usr/bin/env python3
"""Property test of the OpenCL-to-CUDA rewriter: generated kernels that nest
the constructs it rewrites (shifts with non-constant counts, vector literals,
swizzles, vector ?:, built-ins, work-item functions, atomics, fences,
address-space qualifiers and casts, __local arguments, helper functions) in
each other and in macros that call macros.

Every generated kernel that clang accepts must translate (exit 0) and the
translation must compile with nvcc. Kernels are generated in files of
--per-file kernels; a file that fails is split kernel by kernel to name the
culprits, which are written to --out with xfence's output and the error.

  gen_nested_kernels.py --seed 1 --files 4 --per-file 50 --xfence X \\
      --clang C [--nvcc N] --out DIR [--jobs J]

Prints the counts; exits 1 on any failure, and also when fewer than
--min-accepted kernels were accepted by clang (so that it cannot pass
vacuously).
"""

import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys

MACROS = r"""
#define SHL(a, b) ((a) << (b))
#define SHR2(a, b) (SHL(a, b) >> (b))
#define ADD_AT(p, i, v) atomic_add(&(p)[(i)], (v))
#define REV(v) ((v).wzyx)
#define LANE0(v) (v).x
#define MN(a, b) min((a), (b))
#define GID get_global_id(0)
#define LID(d) get_local_id(d)
#define GPTR(T) __global T *
#define LFENCE mem_fence(CLK_LOCAL_MEM_FENCE)
#define SPLAT4(a) ((int4)((a), (a), (a), (a)))
#define CLAMPED(x) clamp((x), -7, 7)
#define RESTRICT restrict
#define MASK 15u
"""

# Every scalar integer expression generator returns text of type int (or a
# uint cast to int), every float one float, vector ones the vector type.


class Gen:
    def __init__(self, rng, depth, cl2):
        self.rng = rng
        self.max_depth = depth
        self.cl2 = cl2

    def pick(self, options):
        return self.rng.choice(options)

    def idx(self, d):
        """An index into a 64-element buffer."""
        return "(uint)(%s) & MASK" % self.int_(d + 1)

    def leaf_int(self):
        return self.pick([
            "a", "b", "(int)n", "x.y", "(int)get_global_id(0)",
            "(int)get_local_id(0)", "(int)get_local_id(d)", "(int)GID",
            "(int)LID(d)", "LANE0(x)", "gi[3]", "li[1]", "3",
        ])

    def int_(self, d=0):
        if d >= self.max_depth or self.rng.random() < 0.25:
            return self.leaf_int()
        c = self.rng.randrange(23)
        e = lambda: self.int_(d + 1)
        if c == 0:
            return "(%s << (%s & 7))" % (e(), e())
        if c == 1:
            return "(%s >> %s)" % (e(), e())
        if c == 2:
            return "SHL(%s, %s)" % (e(), e())
        if c == 3:
            return "SHR2(%s, %s)" % (e(), e())
        if c == 4:
            return "(%s %s %s)" % (e(), self.pick(["+", "-", "*", "&", "|", "^"]), e())
        if c == 5:
            return "%s(%s, %s)" % (self.pick(["min", "max", "mul24", "rotate", "MN"]), e(), e())
        if c == 6:
            return "clamp(%s, %s, %s)" % (e(), e(), e())
        if c == 7:
            return "(int)%s(%s)" % (self.pick(["popcount", "clz", "abs"]), e())
        if c == 8:
            return "%s.%s" % (self.int4(d + 1), self.pick(["x", "w", "s2", "hi.x", "lo.y", "odd.x"]))
        if c == 9:
            return "atomic_add(&gi[%s], %s)" % (self.idx(d), e())
        if c == 10:
            return "(int)atomic_inc(&gu[%s])" % self.idx(d)
        if c == 11:
            return "atomic_cmpxchg(&gi[%s], %s, %s)" % (self.idx(d), e(), e())
        if c == 12:
            return "atomic_max(&li[%s], %s)" % (self.idx(d), e())
        if c == 13:
            return "ADD_AT(gi, %s, %s)" % (self.idx(d), e())
        if c == 14:
            return "(%s ? %s : %s)" % (e(), e(), e())
        if c == 15:
            return "as_int(%s)" % self.float_(d + 1)
        if c == 16:
            return "convert_int_sat(%s)" % self.float_(d + 1)
        if c == 17:
            return "select(%s, %s, %s)" % (e(), e(), e())
        if c == 18:
            return "helper(%s, &gi[%s])" % (e(), self.idx(d))
        if c == 19:
            return "CLAMPED(%s)" % e()
        if c == 20:
            return "((int)(%s) %s %s)" % (e(), self.pick(["<<", ">>"]), self.int_(d + 1))
        if c == 21:
            return "(%s = %s)" % (self.pick(["a", "b"]), e())
        if self.cl2:
            return "atomic_fetch_add_explicit(&ai[%s], %s, %s, %s)" % (
                self.idx(d), e(),
                self.pick(["memory_order_relaxed", "memory_order_acq_rel", "memory_order_seq_cst"]),
                self.pick(["memory_scope_work_group", "memory_scope_device"]))
        return "atom_add(&gi[%s], %s)" % (self.idx(d), e())

    def float_(self, d=0):
        if d >= self.max_depth or self.rng.random() < 0.3:
            return self.pick(["f", "gf[2]", "y.z", "1.5f", "(float)a", "M_PI_F"])
        c = self.rng.randrange(9)
        e = lambda: self.float_(d + 1)
        if c == 0:
            return "(%s %s %s)" % (e(), self.pick(["+", "-", "*"]), e())
        if c == 1:
            return "mad(%s, %s, %s)" % (e(), e(), e())
        if c == 2:
            return "native_sqrt(fabs(%s))" % e()
        if c == 3:
            return "fmin(%s, %s)" % (e(), e())
        if c == 4:
            return "%s.%s" % (self.float4(d + 1), self.pick(["x", "y", "s3", "lo.x"]))
        if c == 5:
            return "as_float(%s)" % self.int_(d + 1)
        if c == 6:
            return "(float)(%s)" % self.int_(d + 1)
        if c == 7:
            return "clamp(%s, 0.0f, 1.0f)" % e()
        return "dot(%s, %s)" % (self.float4(d + 1), self.float4(d + 1))

    def int4(self, d=0):
        if d >= self.max_depth or self.rng.random() < 0.3:
            return self.pick(["x", "REV(x)", "x.wzyx", "(int4)(a)", "SPLAT4(b)"])
        c = self.rng.randrange(11)
        e = lambda: self.int4(d + 1)
        i = lambda: self.int_(d + 1)
        if c == 0:
            return "(int4)(%s, %s, %s, %s)" % (i(), i(), i(), i())
        if c == 1:
            return "(int4)(%s, %s)" % (self.int2(d + 1), self.int2(d + 1))
        if c == 2:
            return "(%s %s %s)" % (e(), self.pick(["+", "-", "*", "&", "<<", ">>"]), e())
        if c == 3:
            return "(%s > %s ? %s : %s)" % (e(), e(), e(), e())
        if c == 4:
            return "select(%s, %s, %s)" % (e(), e(), e())
        if c == 5:
            return "convert_int4(%s)" % self.float4(d + 1)
        if c == 6:
            return "as_int4(%s)" % self.float4(d + 1)
        if c == 7:
            return "vload4(%s, gi)" % self.pick(["0", "1", "(uint)(a) & 3u"])
        if c == 8:
            return "REV(%s)" % e()
        if c == 9:
            return "SPLAT4(%s)" % i()
        return "min(%s, %s)" % (e(), e())

    def int2(self, d=0):
        if d >= self.max_depth or self.rng.random() < 0.4:
            return self.pick(["x.xy", "x.zw", "x.hi", "(int2)(a, b)"])
        return self.pick([
            "(int2)(%s, %s)" % (self.int_(d + 1), self.int_(d + 1)),
            "%s.yx" % self.int4(d + 1),
            "(%s + %s)" % (self.int2(d + 1), self.int2(d + 1)),
        ])

    def float4(self, d=0):
        if d >= self.max_depth or self.rng.random() < 0.3:
            return self.pick(["y", "y.wzyx", "(float4)(f)"])
        c = self.rng.randrange(6)
        e = lambda: self.float4(d + 1)
        if c == 0:
            return "(float4)(%s, %s, %s, %s)" % tuple(self.float_(d + 1) for _ in range(4))
        if c == 1:
            return "(%s * %s)" % (e(), self.float_(d + 1))
        if c == 2:
            return "mad(%s, %s, %s)" % (e(), e(), e())
        if c == 3:
            return "convert_float4(%s)" % self.int4(d + 1)
        if c == 4:
            return "vload4(0, gf)"
        return "as_float4(%s)" % self.int4(d + 1)

    def fence(self):
        return self.pick([
            "mem_fence(CLK_LOCAL_MEM_FENCE);", "read_mem_fence(CLK_GLOBAL_MEM_FENCE);",
            "write_mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);",
            "LFENCE;", "mem_fence(CLK_GLOBAL_MEM_FENCE);",
        ] + (["atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);"]
             if self.cl2 else []))

    def stmt(self, d=0):
        c = self.rng.randrange(14 if d < 2 else 9)
        if c == 0:
            return "gi[%s] = %s;" % (self.idx(1), self.int_())
        if c == 1:
            return "gu[%s] += (uint)(%s);" % (self.idx(1), self.int_())
        if c == 2:
            return "gf[%s] = %s;" % (self.idx(1), self.float_())
        if c == 3:
            return "vstore4(%s, %s, gi);" % (self.int4(), self.pick(["0", "1", "(uint)b & 3u"]))
        if c == 4:
            return "x.%s = %s;" % (self.pick(["xz", "yw", "hi", "s01"]), self.int2())
        if c == 5:
            return "a %s= %s;" % (self.pick(["<<", ">>", "+", "^"]), self.int_())
        if c == 6:
            return self.fence()
        if c == 7:
            return "y.%s = %s;" % (self.pick(["x", "w", "s2"]), self.float_())
        if c == 8:
            return "x = %s;" % self.int4()
        body = lambda: " ".join(self.stmt(d + 1) for _ in range(self.rng.randrange(1, 3)))
        if c == 9:
            return "if (%s) { %s } else { %s }" % (self.int_(), body(), body())
        if c == 10:
            return "for (int k = 0; k < (%s & 3); ++k) { %s }" % (self.int_(), body())
        if c == 11:
            return "while (a-- > (%s)) { %s }" % (self.int_(), body())
        if c == 12:
            return "do { %s } while (b++ < (%s & 3));" % (body(), self.int_())
        return "{ %s %s }" % (self.fence(), body())

    def kernel(self, name):
        stmts = [self.stmt() for _ in range(self.rng.randrange(2, 6))]
        barrier = self.pick([
            "barrier(CLK_LOCAL_MEM_FENCE);", "barrier(CLK_GLOBAL_MEM_FENCE);",
            "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);",
        ] + (["work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);"]
             if self.cl2 else []))
        at = self.rng.randrange(len(stmts) + 1)
        stmts.insert(at, barrier)
        extra = ", __global atomic_int *ai" if self.cl2 else ""
        return (
            "__kernel void %s(GPTR(int) gi, __global uint * RESTRICT gu, "
            "__global float *gf, __local int *li, int4 x, float4 y, float f, "
            "uint n, uint d%s) {\n"
            "  int a = (int)n, b = (int)d;\n"
            "  __local int tile[16];\n"
            "  tile[get_local_id(0) & 15] = a;\n"
            "  %s\n"
            "  gi[0] = a + b + x.x + tile[3] + (int)f + (int)y.x;\n"
            "}\n" % (name, extra, "\n  ".join(stmts)))


HELPER = r"""
int helper(int v, __global int *p) {
  return SHL(v, *p) + atomic_add(p, (uint)v >> (v & 3));
}
"""


def run(cmd, cwd=None, timeout=600):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout + p.stderr


def kernels_of(text):
    """The kernels of a generated file, as (name, text)."""
    return re.findall(r"(__kernel void (k\d+)\(.*?\n}\n)", text, re.S)


class Checker:
    def __init__(self, args):
        self.a = args

    def std(self):
        return "-cl-std=CL2.0" if self.a.cl2 else "-cl-std=CL1.2"

    def clang_ok(self, path):
        rc, _ = run([self.a.clang, "-x", "cl", self.std(), "-Xclang",
                     "-finclude-default-header", "-fsyntax-only", path])
        return rc == 0

    def translate(self, path, out):
        return run([self.a.xfence, "translate", path, "--to", "cuda",
                    self.std(), "-o", out])

    def nvcc(self, path):
        return run([self.a.nvcc, "-arch=sm_90", "-c", path, "-o", path + ".o"])

    def check_file(self, path):
        """(status, message): 'ok', 'translate' or 'nvcc'."""
        out = path[:-3] + ".cu"
        rc, msg = self.translate(path, out)
        if rc != 0:
            return "translate", msg
        if os.path.exists(out + ".o"):
            os.remove(out + ".o")
        if self.a.nvcc:
            rc, msg = self.nvcc(out)
            if rc != 0:
                return "nvcc", msg
        return "ok", ""


def write_file(path, header, kernels):
    with open(path, "w") as f:
        f.write(header)
        for k in kernels:
            f.write(k)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--files", type=int, default=4)
    ap.add_argument("--per-file", type=int, default=50)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--cl2", action="store_true", help="OpenCL C 2.0 kernels")
    ap.add_argument("--xfence", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--nvcc", default="")
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--min-accepted", type=float, default=0.5,
                    help="fraction of generated kernels clang must accept")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    chk = Checker(a)
    header = ("#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable\n"
              + MACROS + HELPER)

    # Generate; keep the kernels clang accepts (checked one file at a time,
    # then kernel by kernel where a file is rejected).
    def generate(fi):
        rng = random.Random(a.seed * 1000003 + fi)
        g = Gen(rng, a.depth, a.cl2)
        ks = [g.kernel("k%d" % (fi * a.per_file + i)) for i in range(a.per_file)]
        path = os.path.join(a.out, "gen%04d.cl" % fi)
        write_file(path, header, ks)
        if chk.clang_ok(path):
            return fi, ks, len(ks)
        good = []
        for k in ks:
            one = os.path.join(a.out, "one%04d.cl" % fi)
            write_file(one, header, [k])
            if chk.clang_ok(one):
                good.append(k)
            os.remove(one)
        write_file(path, header, good)
        return fi, good, len(ks)

    generated = accepted = 0
    files = {}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for fi, ks, n in pool.map(generate, range(a.files)):
            files[fi] = ks
            generated += n
            accepted += len(ks)

    # Translate and compile each file; split the failing ones.
    failures = []

    def check(fi):
        path = os.path.join(a.out, "gen%04d.cl" % fi)
        status, msg = chk.check_file(path)
        if status == "ok":
            return []
        bad = []
        for name_text in kernels_of(open(path).read()):
            text, name = name_text
            one = os.path.join(a.out, "%s.cl" % name)
            write_file(one, header, [text])
            st, m = chk.check_file(one)
            if st != "ok":
                bad.append((name, st, one, m))
        if not bad:
            bad.append(("gen%04d" % fi, status, path, msg))
        return bad

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for bad in pool.map(check, sorted(files)):
            failures.extend(bad)

    translate_fail = sum(1 for f in failures if f[1] == "translate")
    nvcc_fail = sum(1 for f in failures if f[1] == "nvcc")
    print("generated %d kernels in %d files (seed %d, %s): clang accepted %d"
          % (generated, a.files, a.seed, "CL2.0" if a.cl2 else "CL1.2", accepted))
    print("translate failures: %d; nvcc failures: %d%s" % (
        translate_fail, nvcc_fail, "" if a.nvcc else " (nvcc not run)"))
    for name, st, path, msg in failures[:20]:
        first = next((l for l in msg.splitlines() if "error" in l), msg[:200])
        print("FAIL %s (%s) %s: %s" % (name, st, path, first))
    if failures:
        return 1
    if accepted < a.min_accepted * generated:
        print("too few kernels accepted by clang: the generator is broken")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
