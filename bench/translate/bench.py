#!/usr/bin/python3
"""Start-up and translation time of `xfence translate` against clang's own
parse of the same file (`clang -fsyntax-only`, the floor of any Clang-based
translator), and the per-file time of a directory translated in one process
against one process per file.

  bench.py [--xfence BUILD/bin/xfence] [--clang clang-22] [--runs 21]

Every pair of commands is run alternately, `runs` times, and the median
wall time of each is reported, with the median CPU time (user + system of
the child) beside it: the CPU time is the steadier one on a machine that is
busy with other work. Not a lit test (timings are the machine's); run by
hand and record the output in RESULTS.md.
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
KERNELS = os.path.join(ROOT, "test", "e2e", "kernels")
CUDA_KERNELS = os.path.join(ROOT, "test", "e2e-cuda", "kernels")


def timed(cmd):
    """(wall seconds, CPU seconds) of one run of `cmd`, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), done.stderr.decode()))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime -
                                                before.ru_stime)
    return wall, cpu


def compare(cmds, runs):
    """Median (wall, CPU) per command of `cmds`, run alternately."""
    samples = [([], []) for _ in cmds]
    for _ in range(runs):
        for (walls, cpus), cmd in zip(samples, cmds):
            wall, cpu = timed(cmd)
            walls.append(wall)
            cpus.append(cpu)
    return [(statistics.median(w), statistics.median(c)) for w, c in samples]


def ms(seconds):
    return "%8.1f" % (1000 * seconds)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xfence",
                    default=os.path.join(ROOT, "build", "bin", "xfence"))
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--runs", type=int, default=21)
    opts = ap.parse_args()
    xfence, clang, runs = opts.xfence, opts.clang, opts.runs
    tmp = tempfile.mkdtemp()
    try:
        print("median of %d alternating runs; wall and CPU (user+sys) ms"
              % runs)
        print()
        (xw, xc), (cw, cc) = compare(
            [[xfence, "--help"], [clang, "--version"]], runs)
        print("start-up       xfence --help %s wall %s CPU   clang --version "
              "%s wall %s CPU   ratio %.2f wall %.2f CPU"
              % (ms(xw), ms(xc), ms(cw), ms(cc), xw / cw, xc / cc))
        print()
        print("%-22s %10s %10s %10s %10s %7s %7s" %
              ("e2e kernel", "xfence", "(CPU)", "clang", "(CPU)", "wall",
               "CPU"))
        sums = [0.0, 0.0, 0.0, 0.0]
        kernels = sorted(f for f in os.listdir(KERNELS) if f.endswith(".cl"))
        for name in kernels:
            path = os.path.join(KERNELS, name)
            (xw, xc), (cw, cc) = compare([
                [xfence, "translate", path, "--to", "cuda", "-cl-std=CL2.0",
                 "-o", os.path.join(tmp, "out.cu")],
                [clang, "--target=spir64", "-x", "cl", "-cl-std=CL2.0",
                 "-Xclang", "-finclude-default-header", "-fsyntax-only",
                 path]], runs)
            for i, v in enumerate((xw, xc, cw, cc)):
                sums[i] += v
            print("%-22s %s %s %s %s %7.2f %7.2f" %
                  (name, ms(xw), ms(xc), ms(cw), ms(cc), xw / cw, xc / cc))
        print("%-22s %s %s %s %s %7.2f %7.2f" %
              ("all", ms(sums[0]), ms(sums[1]), ms(sums[2]), ms(sums[3]),
               sums[0] / sums[2], sums[1] / sums[3]))
        print()

        # A tree: the e2e kernels, each copied 4 times, in one directory.
        tree = os.path.join(tmp, "tree")
        os.makedirs(tree)
        files = []
        for copy in range(4):
            for name in kernels:
                dst = os.path.join(tree, "%d_%s" % (copy, name))
                shutil.copy(os.path.join(KERNELS, name), dst)
                files.append(dst)
        per_process = ["sh", "-c", "for f in \"$@\"; do %s translate \"$f\" "
                       "--to cuda -cl-std=CL2.0 -o %s/one.cu || exit 1; done"
                       % (xfence, tmp), "sh"] + files
        batch = lambda jobs: [xfence, "translate", tree, "--to", "cuda",
                              "-cl-std=CL2.0", "-j", str(jobs), "-o",
                              os.path.join(tmp, "out%d" % jobs)]
        ncpu = os.cpu_count() or 1
        (pw, pc), (b1w, b1c), (bnw, bnc) = compare(
            [per_process, batch(1), batch(ncpu)], max(3, runs // 3))
        n = len(files)
        print("a tree of %d kernels: per file" % n)
        print("  one process per file    %s wall %s CPU" %
              (ms(pw / n), ms(pc / n)))
        print("  translate DIR -j 1      %s wall %s CPU   (%.2fx, %.2fx)" %
              (ms(b1w / n), ms(b1c / n), b1w / pw, b1c / pc))
        print("  translate DIR -j %-2d     %s wall %s CPU   (%.2fx, %.2fx)" %
              (ncpu, ms(bnw / n), ms(bnc / n), bnw / pw, bnc / pc))
    finally:
        shutil.rmtree(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
