#!/usr/bin/env python3
"""The public OpenCL corpus through `xfence translate --to hip`: for every
translation of run.py's suites that clang accepts as OpenCL C, the HIP
output is checked with clang's HIP mode (HIP headers: Debian's
libamdhip64-dev; no AMD GPU needed). Prints one line per failure and the
totals.

  python3 bench/corpus/run_hip.py --corpus /work/corpus [--xfence X] [-j 2]
"""
import argparse
import concurrent.futures
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as corpus  # noqa: E402

# Every translation is compiled by its target's compiler before xfence
# writes it, where that compiler is installed (docs/architecture.md,
# "Checked outputs"): an output that does not compile is a failure of the
# translation, never a file. XFENCE_VERIFY_OUTPUT=0 turns it off.
os.environ.setdefault("XFENCE_VERIFY_OUTPUT", "1")


def check(job, args, outdir):
    suite, rel, path, flags, label, _ = job
    out = os.path.join(outdir, corpus.tag_of(suite, rel, label) + ".hip")
    std = [f for f in flags if f.startswith("-cl-std=")]
    others = [f for f in flags if not f.startswith("-cl-std=")]
    rc, msg = corpus.run([args.clang, "-x", "cl"] + std +
                         ["-Xclang", "-finclude-default-header",
                          "-fsyntax-only"] + others + [path])
    if rc != 0:
        return suite, rel, label, "clang-rejects", ""
    rc, msg = corpus.run([args.xfence, "translate", path, "--to", "hip"] +
                         flags + ["-o", out])
    if rc != 0:
        return suite, rel, label, "translate-error", corpus.first_error(msg)
    includes = [f for f in flags if f.startswith("-I")]
    rc, msg = corpus.run([args.clang, "-x", "hip", "--offload-arch=gfx90a",
                          "-nogpulib", "-D__AMDGCN_WAVEFRONT_SIZE=64",
                          "-fsyntax-only", out] + includes)
    if rc != 0:
        return suite, rel, label, "hip-error", corpus.first_error(msg)
    return suite, rel, label, "ok", ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--config", default=os.path.join(HERE, "suites.json"))
    ap.add_argument("--xfence",
                    default=os.path.join(corpus.ROOT, "build", "bin", "xfence"))
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang")
    ap.add_argument("--out", default=os.path.join(HERE, "work", "hip"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with open(args.config) as f:
        jobs = corpus.jobs_of(json.load(f), args.corpus)
    counts = {}
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        for suite, rel, label, status, why in pool.map(
                lambda j: check(j, args, args.out), jobs):
            counts[status] = counts.get(status, 0) + 1
            if status not in ("ok", "clang-rejects"):
                print("%s %s/%s %s: %s" % (status, suite, rel, label, why))
    parsed = sum(v for k, v in counts.items() if k != "clang-rejects")
    print("translations: %d; clang accepts %d as OpenCL C; of those: %s" %
          (len(jobs), parsed, ", ".join("%s %d" % kv for kv in
                                         sorted(counts.items())
                                         if kv[0] != "clang-rejects")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
