#!/usr/bin/python3
"""Runs the end-to-end OpenCL kernels of kernels/ on PoCL (the OpenCL CPU
device) with the specs of specs.py and compares every output buffer with the
numpy reference. Prints one PASS/FAIL line per spec; exits 1 on any failure.

  run_pocl.py [--only NAME]... [--corrupt NAME]
  run_pocl.py --syntax-only --clang /usr/lib/llvm-22/bin/clang

--corrupt NAME changes one element of NAME's first output after the run, to
show that the comparison catches a wrong result (the lit suite expects FAIL).
--syntax-only checks every kernel file with clang -fsyntax-only instead, in
the OpenCL C version its spec (and its "// cl-std:" line) names, and in the
further versions the spec lists (also_valid).

Needs Debian's /usr/bin/python3 with python3-pyopencl (and numpy).
"""

import argparse
import os
import re
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import specs  # noqa: E402

KERNELS = os.path.join(HERE, "kernels")


def declared_std(path):
    """The OpenCL C version a kernel file declares in its `// cl-std:` line."""
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*//\s*cl-std:\s*(CL[0-9.]+)", line)
            if m:
                return m.group(1)
    return None


def build(cl, ctx, spec, cache):
    key = (spec.source, spec.std)
    if key not in cache:
        with open(os.path.join(KERNELS, spec.source)) as f:
            src = f.read()
        cache[key] = cl.Program(ctx, src).build(
            options=["-cl-std=" + spec.std])
    return cache[key]


def run_spec(cl, ctx, queue, spec, inputs, cache):
    """Runs the spec's launches on `queue` with `inputs` as the initial buffer
    contents; returns {output buffer name: numpy array}."""
    prog = build(cl, ctx, spec, cache)
    mf = cl.mem_flags
    dev = {}
    for b in spec.buffers:
        host = np.ascontiguousarray(inputs[b.name])
        dev[b.name] = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR,
                                hostbuf=host)
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
        kernel.set_args(*args)
        cl.enqueue_nd_range_kernel(queue, kernel, launch.global_size,
                                   launch.local_size)
    out = {}
    for b in spec.outputs():
        host = np.empty(b.count, dtype=b.dtype)
        cl.enqueue_copy(queue, host, dev[b.name])
        out[b.name] = host
    queue.finish()
    return out


def check_outputs(spec, inputs, got):
    """Returns a list of mismatch reasons (empty when everything matches)."""
    want = spec.reference({k: v.copy() for k, v in inputs.items()})
    problems = []
    for b in spec.outputs():
        if b.name not in want:
            problems.append("%s: no reference" % b.name)
            continue
        why = specs.compare(b, got[b.name], want[b.name])
        if why:
            problems.append(why)
    return problems


def syntax_only(clang, selected):
    failed = 0
    for spec in selected:
        path = os.path.join(KERNELS, spec.source)
        std = declared_std(path)
        if std != spec.std:
            print("FAIL %s: file says cl-std %s, spec says %s" %
                  (spec.name, std, spec.std))
            failed += 1
            continue
        stds = (std,) + spec.also_valid
        errors = ""
        for s in stds:
            r = subprocess.run([clang, "-cl-std=" + s, "-Xclang",
                                "-finclude-default-header", "-fsyntax-only",
                                "-Werror", path], capture_output=True,
                               text=True)
            if r.returncode != 0:
                errors += "clang -cl-std=%s:\n%s" % (s, r.stderr)
        if errors:
            print("FAIL %s: %s" % (spec.name, errors))
            failed += 1
        else:
            print("PASS %s (clang -cl-std=%s -fsyntax-only)" %
                  (spec.name, ",".join(stds)))
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", action="append", default=[],
                    help="run only this spec (repeatable)")
    ap.add_argument("--corrupt", default=None,
                    help="alter one output element of this spec (self-test)")
    ap.add_argument("--syntax-only", action="store_true")
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang")
    opts = ap.parse_args()

    all_specs = specs.all_specs()
    known = {s.name for s in all_specs}
    for name in opts.only + ([opts.corrupt] if opts.corrupt else []):
        if name not in known:
            sys.exit("run_pocl.py: no spec named %r (have: %s)" %
                     (name, ", ".join(sorted(known))))
    selected = [s for s in all_specs if not opts.only or s.name in opts.only]

    if opts.syntax_only:
        failed = syntax_only(opts.clang, selected)
        print("%d of %d kernel files failed" % (failed, len(selected)))
        return 1 if failed else 0

    import pyopencl as cl

    platforms = [p for p in cl.get_platforms()
                 if "Portable Computing Language" in p.name]
    if not platforms:
        sys.exit("run_pocl.py: no PoCL platform")
    ctx = cl.Context(platforms[0].get_devices())
    queue = cl.CommandQueue(ctx)
    cache = {}
    failed = 0
    for spec in selected:
        inputs = spec.make_inputs()
        try:
            got = run_spec(cl, ctx, queue, spec, inputs, cache)
        except cl.Error as e:
            print("FAIL %s: OpenCL error: %s" % (spec.name, str(e)[:2000]))
            failed += 1
            continue
        if spec.name == opts.corrupt:
            first = spec.outputs()[0]
            arr = got[first.name]
            arr[len(arr) // 2] += arr.dtype.type(1)
        problems = check_outputs(spec, inputs, got)
        launches = ", ".join(
            "%s %s/%s" % (l.kernel, "x".join(map(str, l.global_size)),
                          "x".join(map(str, l.local_size)))
            for l in spec.launches)
        if problems:
            failed += 1
            print("FAIL %s [%s]: %s" % (spec.name, launches,
                                       "; ".join(problems)))
        else:
            nout = sum(b.count for b in spec.outputs())
            print("PASS %s [%s] %d output elements match the reference" %
                  (spec.name, launches, nout))
    print("%d of %d kernels failed on PoCL" % (failed, len(selected)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
