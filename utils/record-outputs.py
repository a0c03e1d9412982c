#!/usr/bin/env python3
"""Records what every source-translation route of `xfence` gives for a set of
input kernels, so that a refactoring can show it changes no output:

    utils/record-outputs.py --out /tmp/before [--corpus DIR ...]
    ... refactor, rebuild ...
    utils/record-outputs.py --out /tmp/after  [--corpus DIR ...]
    diff -r /tmp/before /tmp/after

Inputs: every .cl, .cu and .hip file that git tracks in the repository (the
test kernels, the examples, the bench programs), and every such file under
each --corpus directory (public suites fetched outside the repository; the
file's own folder is passed with -I, as the corpus runners of bench/ do).
Routes, by suffix:

    .cl   translate --to cuda, --to hip, --to alpaka; report; compile --to
          ptx, --to spirv (the lowerings; SPIR-V is compared byte for byte)
    .cu   translate --to opencl (-cl-std=CL1.2, CL2.0, CL3.0), --to hip,
          --to alpaka; compile --to ptx
    .hip  translate --to cuda, --to opencl (-cl-std=CL1.2, CL2.0, CL3.0)

For each (route, file) the folder gets ROUTE/FILE.out (the output file, if
one was written) and ROUTE/FILE.log (the exit status and the diagnostics),
with the input's folder written as <in> and the output's as <out>, so that
two recordings from different checkouts compare. Keep the folder outside
the repository: corpus kernels are third-party code.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ROUTES = {
    ".cl": [("cl-cuda", ["translate", "--to", "cuda"]),
            ("cl-hip", ["translate", "--to", "hip"]),
            ("cl-alpaka", ["translate", "--to", "alpaka"]),
            ("cl-report", ["report"]),
            ("cl-compile-ptx", ["compile", "--to", "ptx"]),
            ("cl-compile-spirv", ["compile", "--to", "spirv"])],
    ".cu": [("cu-opencl12", ["translate", "--to", "opencl", "-cl-std=CL1.2"]),
            ("cu-opencl20", ["translate", "--to", "opencl", "-cl-std=CL2.0"]),
            ("cu-opencl30", ["translate", "--to", "opencl", "-cl-std=CL3.0"]),
            ("cu-hip", ["translate", "--to", "hip"]),
            ("cu-alpaka", ["translate", "--to", "alpaka"]),
            ("cu-compile-ptx", ["compile", "--to", "ptx"])],
    ".hip": [("hip-cuda", ["translate", "--to", "cuda"]),
             ("hip-opencl12", ["translate", "--to", "opencl", "-cl-std=CL1.2"]),
             ("hip-opencl20", ["translate", "--to", "opencl", "-cl-std=CL2.0"]),
             ("hip-opencl30", ["translate", "--to", "opencl", "-cl-std=CL3.0"])],
}
OUT_SUFFIX = {"cuda": ".cu", "hip": ".hip", "alpaka": ".cpp", "opencl": ".cl",
              "ptx": ".ptx", "spirv": ".spv"}


def inputs(corpora, repo=True):
    """(label, path, extra flags) of every input."""
    out = []
    tracked = subprocess.run(["git", "-C", ROOT, "ls-files", "*.cl", "*.cu",
                              "*.hip"], capture_output=True, text=True,
                             check=True).stdout.split() if repo else []
    for rel in sorted(tracked):
        out.append(("repo/" + rel, os.path.join(ROOT, rel), []))
    for i, corpus in enumerate(corpora):
        corpus = os.path.abspath(corpus)
        for d, _, files in sorted(os.walk(corpus)):
            for f in sorted(files):
                if os.path.splitext(f)[1] in ROUTES:
                    p = os.path.join(d, f)
                    out.append(("corpus%d/%s" % (i, os.path.relpath(p, corpus)),
                                p, ["-I", d]))
    return out


def one(xfence, outdir, label, path, flags, route, args):
    base = os.path.join(outdir, route, label)
    os.makedirs(os.path.dirname(base), exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [xfence] + args + [path] + flags
        target = args[args.index("--to") + 1] if "--to" in args else None
        outfile = None
        if target:
            outfile = os.path.join(tmp, "out" + OUT_SUFFIX[target])
            cmd += ["-o", outfile]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True,
                               errors="replace", timeout=300)
            rc, text = r.returncode, r.stdout + r.stderr
        except subprocess.TimeoutExpired:
            rc, text = "timeout", ""

        def norm(s):
            return (s.replace(os.path.dirname(path), "<in>")
                    .replace(tmp, "<out>").replace(ROOT, "<root>"))
        with open(base + ".log", "w") as f:
            f.write("exit %s\n%s" % (rc, norm(text)))
        if outfile and os.path.exists(outfile) and target == "spirv":
            with open(outfile, "rb") as src, open(base + ".out", "wb") as dst:
                dst.write(src.read())
        elif outfile and os.path.exists(outfile):
            with open(outfile, errors="replace") as src, \
                    open(base + ".out", "w") as dst:
                dst.write(norm(src.read()))
    return rc


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--xfence", default=os.path.join(ROOT, "build", "bin",
                                                     "xfence"))
    ap.add_argument("--corpus", action="append", default=[])
    ap.add_argument("--no-repo", action="store_true",
                    help="only the --corpus files, not the repository's")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    if os.path.abspath(a.out).startswith(ROOT + os.sep):
        sys.exit("record-outputs.py: --out must be outside the repository")
    jobs = [(label, path, flags, route, args)
            for label, path, flags in inputs(a.corpus, not a.no_repo)
            for route, args in ROUTES[os.path.splitext(path)[1]]]
    ok = 0
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        for rc in ex.map(lambda j: one(a.xfence, a.out, *j), jobs):
            ok += rc == 0
    print("%d translations recorded in %s (%d exit 0)" % (len(jobs), a.out,
                                                          ok))


if __name__ == "__main__":
    main()
