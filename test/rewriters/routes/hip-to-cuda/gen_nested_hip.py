#!/usr/bin/python3
"""Property test of the HIP-to-CUDA translator: generated HIP kernels that
nest HIP's own constructs (__builtin_amdgcn_fence, __builtin_amdgcn_s_barrier,
__hip_atomic_* with every scope, hipLaunchKernelGGL) with the spellings HIP
shares with CUDA, in each other and in macros that call macros. The kernels
come from the CUDA generator (../cuda-to-opencl/gen_nested_cuda.py) with
HIP's forms added and CUDA's own (__syncwarp, cuda::atomic_ref) left out.

Each kernel is checked as HIP first (--hip-clang; a kernel clang's HIP mode
rejects is a defect of this generator and counts as BAD), translated with
`xfence translate --to cuda`, and its output compiled with --check (nvcc -c,
or `xfence-translate --import-cuda --cuda-builtin-header`). Outcomes as in
gen_nested_cuda.py: ok, refused (exit 1, a located error, no output), BAD.

  gen_nested_hip.py --seed N --kernels K --xfence X --check "CMD" --out DIR
                    [--hip-clang "clang -x hip ..."]
"""

import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "cuda-to-opencl"))
import gen_nested_cuda as cuda  # noqa: E402

HEADER = cuda.HEADER.replace(
    "#define FENCE() __threadfence()",
    "#define FENCE() __threadfence()\n"
    "#define WG_FENCE(o) __builtin_amdgcn_fence(o, \"workgroup\")\n"
    "#define BARRIER() (WG_FENCE(__ATOMIC_RELEASE), "
    "__builtin_amdgcn_s_barrier(), WG_FENCE(__ATOMIC_ACQUIRE))\n"
    "#define HADD(p, v, s) __hip_atomic_fetch_add((p), (v), __ATOMIC_RELAXED, s)\n"
    "#define LOAD_ACQ(p) __hip_atomic_load((p), __ATOMIC_ACQUIRE, "
    "__HIP_MEMORY_SCOPE_AGENT)\n")
HEADER = "#include <hip/hip_runtime.h>\n" + HEADER

SCOPES = ["__HIP_MEMORY_SCOPE_WAVEFRONT", "__HIP_MEMORY_SCOPE_WORKGROUP",
          "__HIP_MEMORY_SCOPE_AGENT", "__HIP_MEMORY_SCOPE_SYSTEM"]
ORDERS = ["__ATOMIC_RELAXED", "__ATOMIC_ACQUIRE", "__ATOMIC_RELEASE",
          "__ATOMIC_ACQ_REL", "__ATOMIC_SEQ_CST"]
FENCE_SCOPES = ["workgroup", "agent", "", "wavefront", "agent-one-as"]


class HipGen(cuda.Gen):
    def intexpr(self):
        if self.depth <= 3 and self.rng.random() < 0.4:
            self.depth += 1
            e = self.pick([
                lambda: "HADD(&g[%s %% n], (%s), %s)" % (
                    self.index(), self.intexpr(), self.pick(SCOPES)),
                lambda: "__hip_atomic_fetch_max(&s[LANE], %s, %s, %s)" % (
                    self.intexpr(), self.pick(ORDERS), self.pick(SCOPES)),
                lambda: "LOAD_ACQ(&g[%s %% n])" % self.index(),
                lambda: "__hip_atomic_exchange(&g[4], %s, %s, %s)" % (
                    self.intexpr(), self.pick(ORDERS), self.pick(SCOPES)),
            ])()
            self.depth -= 1
            return e
        e = super().intexpr()
        # CUDA's own forms: not HIP (libcu++, the masked warp functions
        # that HIP 5.2 lacks).
        while "cuda::" in e or "_sync(" in e or "SHFL(" in e:
            e = super().intexpr()
        return e

    def stmt(self, level=0):
        if level <= 2 and self.rng.random() < 0.4:
            return self.pick([
                lambda: "BARRIER();",
                lambda: "__builtin_amdgcn_s_barrier();",
                lambda: "__builtin_amdgcn_fence(%s, \"%s\");" % (
                    self.pick(ORDERS[1:]), self.pick(FENCE_SCOPES)),
                lambda: "__hip_atomic_store(&g[%s %% n], %s, %s, %s);" % (
                    self.index(), self.intexpr(),
                    self.pick(["__ATOMIC_RELAXED", "__ATOMIC_RELEASE",
                               "__ATOMIC_SEQ_CST"]), self.pick(SCOPES)),
                lambda: "{ int e = 0; (void)__hip_atomic_compare_exchange_strong(&g[5], &e, %s, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE, %s); }" % (
                    self.intexpr(), self.pick(SCOPES)),
                lambda: "if (%s) { %s } else { BARRIER(); }" % (
                    self.cond(), self.stmt(level + 1)),
            ])()
        s = super().stmt(level)
        while "__syncwarp" in s or "cuda::" in s:
            s = super().stmt(level)
        return s

    def launch(self, name, args):
        return "hipLaunchKernelGGL(%s, dim3(2), dim3(64), 0, 0, %s);" % (
            name, args)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kernels", type=int, default=50)
    ap.add_argument("--per-file", type=int, default=1,
                    help="kernels per generated file")
    ap.add_argument("--first", type=int, default=0,
                    help="number of the first kernel (to shard a long run)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--xfence", required=True)
    ap.add_argument("--check", required=True,
                    help="the command that compiles a CUDA output (the "
                    "output's path is appended)")
    ap.add_argument("--hip-clang", help="checks each generated file as HIP")
    ap.add_argument("--out", required=True)
    opts = ap.parse_args()
    rng = random.Random(opts.seed)
    os.makedirs(opts.out, exist_ok=True)
    target = cuda.Target(
        "CUDA", "cu",
        lambda src, out: cuda.run([opts.xfence, "translate",
                                   "--cuda-builtin-header", src, "--to",
                                   "cuda", "-o", out]),
        lambda out: cuda.run(opts.check.split() + [out]))
    source_check = (opts.hip_clang + " -fsyntax-only -w"
                    if opts.hip_clang else "")
    files = cuda.write_files(opts, rng, HipGen, HEADER, ".hip")
    counts = {"ok": 0, "refused": 0, "BAD": 0}
    bad = []
    with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
        for results in pool.map(
                lambda f: cuda.classify(f[0], f[1], f[2], target,
                                        source_check, HEADER), files):
            for outcome, why in results:
                counts[outcome] += 1
                if outcome == "BAD" and why:
                    bad.append(why)
    print("HIP to CUDA: %d kernels (seed %d): ok %d, refused %d, BAD %d" % (
        opts.kernels, opts.seed, counts["ok"], counts["refused"],
        counts["BAD"]))
    for line in bad:
        print("BAD " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
