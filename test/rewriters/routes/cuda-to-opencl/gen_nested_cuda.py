#!/usr/bin/python3
"""Property test of the CUDA-to-OpenCL translator: generated CUDA kernels
that nest its constructs in each other and in macros that call macros
(atomics whose operands hold atomics, index expressions with threadIdx and
blockIdx, fences and barriers in if/for/while/?:/comma, __shared__ arrays in
inner blocks, __device__ helpers taking shared and global pointers, default
arguments, references, struct arguments with pointers, function templates,
__syncthreads_count/_and/_or, __syncwarp, cuda::atomic_ref).

Each kernel goes in a file of its own with the host code that launches it
and is translated to OpenCL C (`--cuda-builtin-header`, 1.2 and 3.0), and
with --hip-clang also to HIP, with --alpaka-cxx also to alpaka (whose
errors of the second step are located in the OpenCL C translation,
k.cu.cl, docs/cuda-to-alpaka.md). An outcome is one of:
  ok       exit 0 and `clang -x cl -fsyntax-only` accepts the output;
  refused  exit 1 with a located error (file:line:col: error:) and no output;
  BAD      anything else: a crash, exit 0 with an output clang rejects, an
           error without a location, or an output file left on failure.
Prints the counts and every BAD kernel; exit status 1 if any is BAD.

  gen_nested_cuda.py --seed N --kernels K --xfence X --clang C --out DIR
                     [--hip-clang "clang -x hip --offload-arch=gfx90a ..."]
                     [--alpaka-cxx "g++ -std=c++20 -I ALPAKA_INCLUDE"]
"""

import argparse
import os
import random
import re
import subprocess
import sys

HEADER = """#define IDX (blockIdx.x * blockDim.x + threadIdx.x)
#define LANE (threadIdx.x % 32)
#define ADD(p, v) atomicAdd((p), (v))
#define TWICE(x) ((x) + (x))
#define SYNC() __syncthreads()
#define FENCE() __threadfence()
#define AT(a, i) (a)[(i)]
#define CALL(f, ...) f(__VA_ARGS__)
struct Span { int *data; int n; };
template <typename T> __device__ T twice(T v) { return v + v; }
__device__ int bump(int *p, int v = 1) { return atomicAdd(p, v); }
__device__ void keep(int &r, int v) { r = TWICE(r) + v; }
__device__ int load(const int *p, int i) { return p[i]; }
"""


class Gen:
    def __init__(self, rng, kernel):
        self.rng = rng
        self.kernel = kernel
        self.depth = 0

    def pick(self, options):
        return self.rng.choice(options)

    def index(self):
        return self.pick(["IDX", "threadIdx.x", "LANE", "(threadIdx.x + 1) % 64",
                          "blockIdx.x", "(IDX % n)", "AT(g, LANE) % 64"])

    def intexpr(self):
        if self.depth > 3:
            return self.pick(["1", "n", "threadIdx.x", "(int)blockDim.x"])
        self.depth += 1
        e = self.pick([
            lambda: "ADD(&g[%s %% n], %s)" % (self.index(), self.intexpr()),
            lambda: "atomicAdd(&s[%s %% 64], %s)" % (self.index(), self.intexpr()),
            lambda: "atomicMax(&g[0], %s)" % self.intexpr(),
            lambda: "atomicCAS(&g[1], %s, %s)" % (self.intexpr(), self.intexpr()),
            lambda: "(int)atomicInc((unsigned *)&g[2], 64u)",
            lambda: "atomicExch(&s[LANE], %s)" % self.intexpr(),
            lambda: "TWICE(%s)" % self.intexpr(),
            lambda: "twice<int>(%s)" % self.intexpr(),
            lambda: "bump(&g[%s %% n])" % self.index(),
            lambda: "bump(&s[LANE], %s)" % self.intexpr(),
            lambda: "load(s, %s %% 64)" % self.index(),
            lambda: "load(g, %s %% n)" % self.index(),
            lambda: "CALL(bump, &g[3], %s)" % self.intexpr(),
            lambda: "(%s ? %s : %s)" % (self.cond(), self.intexpr(), self.intexpr()),
            lambda: "__syncthreads_count(%s)" % self.cond(),
            lambda: "AT(s, %s %% 64)" % self.index(),
            lambda: "span.data[%s %% span.n]" % self.index(),
            lambda: "cuda::atomic_ref<int, cuda::thread_scope_block>(s[LANE]).fetch_add(%s, cuda::memory_order_relaxed)" % self.intexpr(),
        ])()
        self.depth -= 1
        return e

    def cond(self):
        return self.pick(["threadIdx.x < 32", "n > 3", "(LANE & 1)",
                          "g[0] > %s" % self.pick(["0", "n"]),
                          "__syncthreads_or(threadIdx.x == 0)",
                          "__syncthreads_and(n > 0)"])

    def stmt(self, level=0):
        if level > 2:
            return self.pick(["SYNC();", "g[IDX %% n] = %s;" % self.intexpr()])
        return self.pick([
            lambda: "SYNC();",
            lambda: "__syncthreads();",
            lambda: "FENCE();",
            lambda: "__threadfence_block();",
            lambda: "__syncwarp();",
            lambda: "g[IDX %% n] = %s;" % self.intexpr(),
            lambda: "s[LANE] = %s;" % self.intexpr(),
            lambda: "keep(s[LANE], %s);" % self.intexpr(),
            lambda: "if (%s) { %s %s }" % (self.cond(), self.stmt(level + 1), self.stmt(level + 1)),
            lambda: "for (int i = 0; i < 2; ++i) { %s }" % self.stmt(level + 1),
            lambda: "{ __shared__ int t[32]; t[LANE] = %s; SYNC(); g[IDX %% n] += t[(LANE + 1) %% 32]; }" % self.intexpr(),
            lambda: "(void)(%s, %s);" % (self.intexpr(), self.intexpr()),
            lambda: "x += %s;" % self.intexpr(),
            lambda: "if (%s) FENCE(); else SYNC();" % self.cond(),
        ])()

    def kernel_text(self):
        body = "\n  ".join(self.stmt() for _ in range(self.rng.randint(2, 5)))
        return ("__global__ void k%d(int *g, int n, Span span) {\n"
                "  __shared__ int s[64];\n  s[threadIdx.x %% 64] = 0;\n  SYNC();\n"
                "  int x = 0;\n  %s\n  g[IDX %% n] += x;\n}\n"
                "int main() { int *g = 0; Span span = {0, 4}; k%d<<<2, 64>>>(g, 64, span); }\n"
                % (self.kernel, body, self.kernel))


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return -1, "timeout"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kernels", type=int, default=50)
    ap.add_argument("--xfence", required=True)
    ap.add_argument("--clang", default="clang")
    ap.add_argument("--out", required=True)
    ap.add_argument("--hip-clang",
                    help="also translate --to hip and check the output with "
                    "this command (clang's HIP mode)")
    ap.add_argument("--alpaka-cxx",
                    help="also translate --to alpaka and check the output "
                    "with this command (a C++20 compiler and alpaka 3's "
                    "include directory)")
    opts = ap.parse_args()
    targets = ["CL1.2", "CL3.0"] + (["HIP"] if opts.hip_clang else []) + (
        ["alpaka"] if opts.alpaka_cxx else [])
    rng = random.Random(opts.seed)
    os.makedirs(opts.out, exist_ok=True)
    counts = {}
    bad = []
    located = re.compile(r"k\d+\.cu(\.cl)?:\d+:\d+: (fatal )?error:")
    for k in range(opts.kernels):
        name = "k%d" % k
        src = os.path.join(opts.out, name + ".cu")
        with open(src, "w") as f:
            f.write(HEADER + Gen(rng, k).kernel_text())
        for std in targets:
            hip = std == "HIP"
            alpaka = std == "alpaka"
            out = os.path.join(opts.out, "%s.%s" % (
                name, "hip" if hip else "cpp" if alpaka else std + ".cl"))
            if os.path.exists(out):
                os.remove(out)
            if hip or alpaka:
                code, log = run([opts.xfence, "translate",
                                 "--cuda-builtin-header", src, "--to",
                                 "hip" if hip else "alpaka", "-o", out])
            else:
                code, log = run([opts.xfence, "translate",
                                 "--cuda-builtin-header", src, "--to",
                                 "opencl", "-cl-std=" + std,
                                 "--device-variables=kernel-arguments",
                                 "-o", out])
            if code == 0:
                if hip or alpaka:
                    ccode, clog = run(
                        (opts.hip_clang if hip else opts.alpaka_cxx).split() +
                        ["-fsyntax-only", "-w", out])
                else:
                    ccode, clog = run([opts.clang, "-x", "cl",
                                       "-cl-std=" + std, "--target=spir64",
                                       "-Xclang", "-finclude-default-header",
                                       "-fsyntax-only", out])
                outcome = "ok" if ccode == 0 else "BAD"
                why = clog
            elif code == 1 and located.search(log) and not os.path.exists(out):
                outcome, why = "refused", log
            else:
                outcome, why = "BAD", "exit %d: %s" % (code, log)
            counts[(std, outcome)] = counts.get((std, outcome), 0) + 1
            if outcome == "BAD":
                bad.append("%s %s: %s" % (src, std, why.strip()[:400]))
    for std in targets:
        print("%s: %d kernels (seed %d): ok %d, refused %d, BAD %d" % (
            std, opts.kernels, opts.seed, counts.get((std, "ok"), 0),
            counts.get((std, "refused"), 0), counts.get((std, "BAD"), 0)))
    for line in bad:
        print("BAD " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
