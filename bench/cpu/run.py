#!/usr/bin/python3
"""Times every end-to-end kernel of test/e2e through the launch functions
that `xfence compile --to cpu` writes, against the same kernels on PoCL, on
this machine (bench/cpu/README.md).

For every spec of test/e2e/specs.py (the test sizes) and every bench spec
(reduce 2^24 floats, transpose 4096x4096, matmul 1024^3): generates the
inputs, runs the launches on PoCL once to check and then --reps times to
time (wall clock from the first enqueue to clFinish, the buffers restored
from the inputs before each run, untimed), compiles the kernel file with
`xfence compile --to cpu`, links it with test/compile/Inputs/cpu/driver.c
and times the launch functions the same way (--time). The CPU's outputs of
the first run must match PoCL's (the spec's tolerances). Then the design
docs/compile.md did not take (a work-group as an OpenMP team:
omp_team_barrier.c) on reduce's barrier pattern, and the fiber runtime's
own costs per work-item and barrier (fiber_switch.c).

  bench/cpu/run.py [--xfence build/bin/xfence] [--cc cc]
                   [--ldflags '-lomp -lm'] [--reps 11] [--out RESULTS.md]
                   [--only NAME]... [--clang CLANG]

Writes a markdown report (--out, default bench/cpu/RESULTS.md) and its raw
lines to results/run.log; exits 1 if an output differs or anything fails.
Needs Debian's /usr/bin/python3 with python3-pyopencl and numpy.
"""

import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "test", "compile", "Inputs", "cpu"))
import cpu_e2e  # noqa: E402
import run_pocl  # noqa: E402
import specs  # noqa: E402


def pocl_times(cl, ctx, queue, spec, inputs, reps, cache):
    """PoCL's outputs of the first run and the median/min run time (us)."""
    prog = run_pocl.build(cl, ctx, spec, cache)
    mf = cl.mem_flags
    host = {b.name: np.ascontiguousarray(inputs[b.name]) for b in spec.buffers}
    dev = {name: cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)
           for name, h in host.items()}
    kernels = []
    for launch in spec.launches:
        kernel = getattr(prog, launch.kernel)
        args = []
        for a in launch.args:
            if a.kind == "buffer":
                args.append(dev[a.name])
            elif a.kind == "local":
                args.append(cl.LocalMemory(a.nbytes))
            else:
                args.append(specs.DTYPES[a.ctype](a.value))
        kernels.append((kernel, args, launch))

    def run():
        for kernel, args, launch in kernels:
            kernel.set_args(*args)
            cl.enqueue_nd_range_kernel(queue, kernel, launch.global_size,
                                       launch.local_size)
        queue.finish()

    def restore():
        for name, h in host.items():
            cl.enqueue_copy(queue, dev[name], h)
        queue.finish()

    run()
    out = {}
    for b in spec.outputs():
        out[b.name] = np.empty(b.count, dtype=b.dtype)
        cl.enqueue_copy(queue, out[b.name], dev[b.name])
    queue.finish()
    times = []
    for _ in range(reps):
        restore()
        t0 = time.perf_counter()
        run()
        times.append((time.perf_counter() - t0) * 1e6)
    times.sort()
    return out, times[len(times) // 2], times[0]


def sh(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True,
                              text=True).stdout.strip()
    except OSError:
        return ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xfence", default=os.path.join(ROOT, "build", "bin",
                                                     "xfence"))
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--ldflags", default="-lomp -lm")
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang",
                    help="compiles omp_team_barrier.c for libomp")
    ap.add_argument("--reps", type=int, default=11)
    ap.add_argument("--out", default=os.path.join(HERE, "RESULTS.md"))
    ap.add_argument("--work", default=os.path.join(HERE, "results", "work"))
    ap.add_argument("--only", action="append", default=[])
    opts = ap.parse_args()
    os.makedirs(opts.work, exist_ok=True)
    log = open(os.path.join(HERE, "results", "run.log"), "w")

    def say(line):
        print(line)
        log.write(line + "\n")
        log.flush()

    cl, ctx, queue = cpu_e2e.pocl_context()
    device = ctx.devices[0]
    cache = {}
    rows, failed = [], 0
    all_specs = [(s, "test") for s in specs.all_specs()] + \
                [(s, "bench") for s in specs.bench_specs()]
    for spec, size in all_specs:
        if opts.only and spec.name not in opts.only:
            continue
        label = "%s (%s)" % (spec.name, size)
        inputs = spec.make_inputs()
        pocl, pocl_med, pocl_min = pocl_times(cl, ctx, queue, spec, inputs,
                                              opts.reps, cache)
        work = os.path.join(opts.work, size)
        os.makedirs(work, exist_ok=True)
        manifest, data = cpu_e2e.write_inputs(spec, inputs, work)
        try:
            exe = cpu_e2e.build(spec, manifest, opts.xfence, opts.cc,
                                opts.ldflags, work)
        except subprocess.CalledProcessError as e:
            say("FAIL %s: %s exited with %d" % (label, e.cmd[0], e.returncode))
            failed += 1
            continue
        dump = os.path.join(work, spec.name + ".dump")
        run = subprocess.run([exe, manifest, data, "--dump", dump, "--time",
                              str(opts.reps)], capture_output=True, text=True)
        m = re.search(r"median_us=([0-9.]+) min_us=([0-9.]+)", run.stdout)
        if run.returncode != 0 or not m:
            say("FAIL %s: the CPU run failed: %s" % (label, run.stdout.strip()))
            failed += 1
            continue
        cpu_med, cpu_min = float(m.group(1)), float(m.group(2))
        got = cpu_e2e.read_dump(spec, dump)
        problems = [why for why in (specs.compare(b, got[b.name], pocl[b.name])
                                    for b in spec.outputs()) if why]
        if problems:
            failed += 1
            say("FAIL %s: %s" % (label, "; ".join(problems)))
        launches = ", ".join(
            "%s %s/%s" % (l.kernel, "x".join(map(str, l.global_size)),
                          "x".join(map(str, l.local_size)))
            for l in spec.launches)
        say("TIME %s pocl median_us=%.1f min_us=%.1f cpu median_us=%.1f "
            "min_us=%.1f ratio=%.2f outputs=%s" %
            (label, pocl_med, pocl_min, cpu_med, cpu_min, cpu_med / pocl_med,
             "differ" if problems else "match"))
        rows.append((spec.name, size, launches, pocl_med, cpu_med,
                     "no" if problems else "yes"))

    # The OpenMP-team design on reduce's barrier pattern (test size).
    exe = os.path.join(opts.work, "omp_team_barrier")
    build = subprocess.run(
        "%s -O2 -fopenmp=libomp -c %s -o %s.o && %s %s.o -o %s %s" %
        (opts.clang, os.path.join(HERE, "omp_team_barrier.c"), exe,
         opts.cc, exe, exe, opts.ldflags), shell=True, capture_output=True,
        text=True)
    omp_line = ""
    if build.returncode == 0:
        omp = subprocess.run([exe, "64", "256", "9", "2"],
                             capture_output=True, text=True, timeout=600)
        omp_line = omp.stdout.strip()
        say(omp_line)
    else:
        say("omp_team_barrier did not build: %s" % build.stderr.strip())

    # The fiber runtime's own costs, one thread.
    exe = os.path.join(opts.work, "fiber_switch")
    runtime = os.path.join(ROOT, "backends", "cpu", "runtime")
    build = subprocess.run(
        "%s -O2 -fopenmp=libomp -I %s -c %s -o %s.o && "
        "%s -O2 -fopenmp=libomp -c %s -o %s.rt.o && %s %s.o %s.rt.o -o %s %s" %
        (opts.clang, runtime, os.path.join(HERE, "fiber_switch.c"), exe,
         opts.clang, os.path.join(runtime, "Runtime.c"), exe, opts.cc, exe,
         exe, exe, opts.ldflags), shell=True, capture_output=True, text=True)
    fiber_lines = []
    if build.returncode == 0:
        fib = subprocess.run([exe], capture_output=True, text=True,
                             env=dict(os.environ, XFENCE_CPU_THREADS="1"))
        fiber_lines = fib.stdout.strip().splitlines()
        for line in fiber_lines:
            say(line)
    else:
        say("fiber_switch did not build: %s" % build.stderr.strip())

    cpu_model = sh("lscpu | sed -n 's/^Model name: *//p'")
    cores = os.cpu_count()
    commit = sh("git -C %s rev-parse --short HEAD" % ROOT)
    libomp = sh("dpkg-query -W -f '${Package} ${Version}' libomp5-14 "
                "2>/dev/null") or "libomp"
    lines = [
        "# `xfence compile --to cpu` against PoCL: recorded run",
        "",
        "Written by `bench/cpu/run.py` (bench/cpu/README.md says what it "
        "measures).",
        "",
        "* date: %s; xfence at %s" % (
            datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), commit),
        "* machine: %s, **%d cores** (`os.cpu_count()`), %s" % (
            cpu_model, cores, platform.platform()),
        "* PoCL: %s, device `%s` (%d compute units)" % (
            device.version, device.name, device.max_compute_units),
        "* xfence: objects for the baseline x86-64 CPU, -O3, "
        "fiber runtime, work-groups over %s threads; %s" % (
            os.environ.get("XFENCE_CPU_THREADS", "all OpenMP"), libomp),
        "* times: median of %d runs, wall clock of the whole launch sequence "
        "(PoCL: enqueue to clFinish; CPU: the launch functions), inputs "
        "restored before each run outside the timed part" % opts.reps,
        "",
        "| kernel | size | launches (global/local) | PoCL µs | xfence cpu µs "
        "| cpu / PoCL | outputs match PoCL |",
        "|---|---|---|---:|---:|---:|---|",
    ]
    for name, size, launches, p, c, ok in rows:
        lines.append("| %s | %s | %s | %.1f | %.1f | %.2f | %s |" %
                     (name, size, launches, p, c, c / p, ok))
    if omp_line:
        lines += ["", "The design not taken, a work-group as an OpenMP team "
                  "of one thread per work-item (`omp_team_barrier.c`, "
                  "reduce's barrier pattern at the test size: 64 groups of "
                  "256, 9 barriers, 2 groups in flight):", "",
                  "    " + omp_line]
    if fiber_lines:
        lines += ["", "The fiber runtime's own costs (`fiber_switch.c`, one "
                  "thread, 64 groups of 256 work-items that only wait at "
                  "barriers, best of 5):", ""] + \
                 ["    " + line for line in fiber_lines]
    with open(opts.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    say("%d failure(s); report in %s" % (failed, opts.out))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
