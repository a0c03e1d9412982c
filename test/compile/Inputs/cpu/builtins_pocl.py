#!/usr/bin/python3
"""The OpenCL C built-ins of the --to cpu runtime against PoCL's: runs the
kernels of builtins.cl on PoCL and through `xfence compile --to cpu` on the
same inputs, and compares every result (integers exactly; floats within
|got - want| <= atol + rtol * |want|, NaN matching NaN; native_ and half_
functions with a looser tolerance). Prints one line per kernel and, for a
mismatch, the work-item and the index of the result in the kernel's list.

  builtins_pocl.py --xfence XFENCE --cc CC --ldflags '-lomp -lm' --work DIR
"""

import argparse
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cpu_e2e  # noqa: E402
import run_pocl  # noqa: E402  (cpu_e2e put test/e2e on the path)
import specs  # noqa: E402
from specs import Arg, Buffer, Launch, Spec, randint, uniform, fill  # noqa

ITEMS, LOCAL = 256, 64
PER_INT, PER_FLOAT, PER_NATIVE = 320, 200, 16


def builtin_specs():
    ints = Spec(
        "integers", "builtins.cl", "CL3.0",
        [Buffer("ia", "int", ITEMS, randint(-2 ** 31, 2 ** 31)),
         Buffer("ib", "int", ITEMS, randint(-2 ** 31, 2 ** 31)),
         Buffer("la", "long", ITEMS, randint(-2 ** 62, 2 ** 62)),
         Buffer("lb", "long", ITEMS, randint(-2 ** 62, 2 ** 62)),
         Buffer("fa", "float", ITEMS, uniform(-8.0, 8.0)),
         Buffer("out", "long", ITEMS * PER_INT, fill(0), output=True)],
        [Launch("integers", (ITEMS,), (LOCAL,),
                [Arg.buf("ia"), Arg.buf("ib"), Arg.buf("la"), Arg.buf("lb"),
                 Arg.buf("fa"), Arg.buf("out"),
                 Arg.scalar("uint", PER_INT)])],
        None, seed=201)
    floats = Spec(
        "floats", "builtins.cl", "CL3.0",
        [Buffer("fa", "float", ITEMS, uniform(-8.0, 8.0)),
         Buffer("fb", "float", ITEMS, uniform(-4.0, 4.0)),
         Buffer("out", "float", ITEMS * PER_FLOAT, fill(0), output=True,
                rtol=1e-5, atol=1e-6),
         Buffer("nout", "float", ITEMS * PER_NATIVE, fill(0), output=True,
                rtol=1e-3, atol=1e-3)],
        [Launch("floats", (ITEMS,), (LOCAL,),
                [Arg.buf("fa"), Arg.buf("fb"), Arg.buf("out"),
                 Arg.buf("nout"), Arg.scalar("uint", PER_FLOAT),
                 Arg.scalar("uint", PER_NATIVE), Arg.local(16 * LOCAL)])],
        None, seed=202)
    return [ints, floats]


def differences(buf, got, want, per):
    """(item, index, got, want) of every result that differs."""
    got, want = got.reshape(-1), want.reshape(-1)
    if buf.ctype == "float":
        g, w = got.astype(np.float64), want.astype(np.float64)
        bad = ~(np.abs(g - w) <= buf.atol + buf.rtol * np.abs(w))
        bad &= ~(np.isnan(g) & np.isnan(w))
    else:
        bad = got != want
    return [(int(i) // per, int(i) % per, got[i], want[i])
            for i in np.flatnonzero(bad)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xfence", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--ldflags", default="-lomp -lm")
    ap.add_argument("--work", required=True)
    opts = ap.parse_args()
    os.makedirs(opts.work, exist_ok=True)
    cl, ctx, queue = cpu_e2e.pocl_context()
    failed = 0
    for spec in builtin_specs():
        inputs = spec.make_inputs()
        # PoCL builds from test/e2e/kernels; give it this file's source.
        src = os.path.join(HERE, spec.source)
        with open(src) as f:
            prog = cl.Program(ctx, f.read()).build(
                options=["-cl-std=" + spec.std])
        pocl = run_pocl.run_spec(cl, ctx, queue, spec, inputs,
                                 {(spec.source, spec.std): prog})
        manifest, data = cpu_e2e.write_inputs(spec, inputs, opts.work)
        exe = cpu_e2e.build(spec, manifest, opts.xfence, opts.cc,
                            opts.ldflags, opts.work, kernels=HERE)
        dump = os.path.join(opts.work, spec.name + ".dump")
        subprocess.run([exe, manifest, data, "--dump", dump], check=True,
                       stdout=subprocess.DEVNULL)
        got = cpu_e2e.read_dump(spec, dump)
        pers = {"out": PER_INT if spec.name == "integers" else PER_FLOAT,
                "nout": PER_NATIVE}
        total, bad = 0, []
        for b in spec.outputs():
            total += b.count
            bad += [(b.name,) + d for d in
                    differences(b, got[b.name], pocl[b.name], pers[b.name])]
        if bad:
            failed += 1
            print("FAIL %s: %d of %d results differ from PoCL's" %
                  (spec.name, len(bad), total))
            for name, item, index, g, w in bad[:20]:
                print("  %s item %d result %d: %r, PoCL %r" %
                      (name, item, index, g, w))
        else:
            print("PASS %s: %d results match PoCL's" % (spec.name, total))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
