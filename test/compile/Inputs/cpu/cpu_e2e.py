#!/usr/bin/python3
"""The end-to-end kernels of test/e2e through `xfence compile --to cpu`,
compared live with PoCL.

For every spec of test/e2e/specs.py: runs it on PoCL (pyopencl), writes its
manifest and inputs (bench/e2e/README.md formats), compiles its kernel file
with `xfence compile --to cpu`, builds driver.c with the calls gen_calls.py
writes, runs it on the same inputs (--reps runs, each compared) and compares
every output buffer with PoCL's, with the spec's tolerances (integers
exactly). Prints one PASS/FAIL line per spec; exits 1 on any failure.

  cpu_e2e.py --xfence XFENCE --cc CC --ldflags '-lomp -lm' --work DIR
             [--only NAME]... [--reps N] [--corrupt NAME]

bench/cpu/run.py uses build() and PoCL's runner from here.
Needs Debian's /usr/bin/python3 with python3-pyopencl and numpy.
"""

import argparse
import os
import shlex
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
E2E = os.path.join(ROOT, "test", "e2e")
sys.path.insert(0, E2E)
sys.path.insert(0, os.path.join(ROOT, "bench", "e2e"))
import export_data  # noqa: E402
import specs  # noqa: E402


def write_inputs(spec, inputs, work):
    """DIR/NAME.manifest and DIR/NAME.in.bin for `inputs`."""
    base = os.path.join(work, spec.name)
    with open(base + ".manifest", "w") as f:
        f.write(export_data.manifest_text(spec, True))
    with open(base + ".in.bin", "wb") as f:
        for b in spec.buffers:
            f.write(inputs[b.name].astype(b.dtype).tobytes())
    return base + ".manifest", base + ".in.bin"


def build(spec, manifest, xfence, cc, ldflags, work, extra=(),
          kernels=os.path.join(E2E, "kernels")):
    """Compiles the spec's kernel file (in `kernels`) for the CPU and links
    the driver; returns the executable's path (raises CalledProcessError)."""
    base = os.path.join(work, spec.name)
    subprocess.run([xfence, "compile", os.path.join(kernels, spec.source),
                    "--to", "cpu", "-cl-std=" + spec.std, "-o", base + ".o",
                    *extra], check=True)
    with open(base + ".calls.c", "w") as f:
        subprocess.run([sys.executable, os.path.join(HERE, "gen_calls.py"),
                        manifest, spec.name + ".h"], stdout=f, check=True)
    subprocess.run([cc, "-O2", "-Wall", "-Werror", "-I", work,
                    os.path.join(HERE, "driver.c"), base + ".calls.c",
                    base + ".o", "-o", base + ".cpu",
                    *shlex.split(ldflags)], check=True)
    return base + ".cpu"


def read_dump(spec, path):
    """The output buffers a --dump wrote, by name."""
    with open(path, "rb") as f:
        data = f.read()
    out, at = {}, 0
    for b in spec.outputs():
        n = b.count * b.dtype.itemsize
        out[b.name] = np.frombuffer(data[at:at + n], dtype=b.dtype)
        at += n
    return out


def pocl_context():
    import pyopencl as cl

    platforms = [p for p in cl.get_platforms()
                 if "Portable Computing Language" in p.name]
    if not platforms:
        sys.exit("cpu_e2e.py: no PoCL platform")
    ctx = cl.Context(platforms[0].get_devices())
    return cl, ctx, cl.CommandQueue(ctx)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xfence", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--ldflags", default="-lomp -lm")
    ap.add_argument("--work", required=True)
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--corrupt", default=None,
                    help="alter one output element of this spec's CPU run "
                    "(shows that the comparison catches it)")
    opts = ap.parse_args()
    os.makedirs(opts.work, exist_ok=True)
    import run_pocl

    cl, ctx, queue = pocl_context()
    cache = {}
    failed = 0
    selected = [s for s in specs.all_specs()
                if not opts.only or s.name in opts.only]
    for spec in selected:
        inputs = spec.make_inputs()
        pocl = run_pocl.run_spec(cl, ctx, queue, spec, inputs, cache)
        manifest, data = write_inputs(spec, inputs, opts.work)
        try:
            exe = build(spec, manifest, opts.xfence, opts.cc, opts.ldflags,
                        opts.work)
        except subprocess.CalledProcessError as e:
            print("FAIL %s: %s exited with %d" % (spec.name, e.cmd[0],
                                                 e.returncode))
            failed += 1
            continue
        dump = os.path.join(opts.work, spec.name + ".dump")
        run = subprocess.run([exe, manifest, data, "--dump", dump, "--reps",
                              str(opts.reps)], capture_output=True, text=True)
        if run.returncode != 0:
            print("FAIL %s: the CPU run failed: %s" % (spec.name,
                                                      run.stdout.strip()))
            failed += 1
            continue
        got = read_dump(spec, dump)
        if spec.name == opts.corrupt:
            first = spec.outputs()[0]
            arr = got[first.name].copy()
            arr[len(arr) // 2] += arr.dtype.type(1)
            got[first.name] = arr
        problems = [why for why in (specs.compare(b, got[b.name], pocl[b.name])
                                    for b in spec.outputs()) if why]
        launches = ", ".join(l.kernel for l in spec.launches)
        if problems:
            failed += 1
            print("FAIL %s [%s]: %s" % (spec.name, launches,
                                       "; ".join(problems)))
        else:
            n = sum(b.count for b in spec.outputs())
            print("PASS %s [%s]: %d output elements match PoCL's (%d CPU "
                  "runs, all alike)" % (spec.name, launches, n, opts.reps))
    print("%d of %d kernel files differ from PoCL" % (failed, len(selected)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
