#!/usr/bin/python3
"""Writes the end-to-end specs, their input data and PoCL's outputs into
files the CUDA driver (driver/) reads on the GPU machine, which has neither
PoCL nor pyopencl. Runs here, with Debian's /usr/bin/python3 + pyopencl.

  bench/e2e/export_data.py [--out DIR] [--only NAME]...

For every spec of test/e2e/specs.py it runs the kernel on PoCL, checks the
result against the numpy reference (and refuses to export a failing one), and
writes DIR/NAME.manifest, DIR/NAME.in.bin and DIR/NAME.out.bin. For every
bench spec (larger sizes, timing only) it writes DIR/NAME.bench.manifest,
whose inputs the driver generates itself. Formats: README.md.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
E2E = os.path.join(HERE, "..", "..", "test", "e2e")
sys.path.insert(0, os.path.abspath(E2E))
import run_pocl  # noqa: E402
import specs  # noqa: E402


def gen_fields(gen):
    if gen.kind == "values":
        return "values 0 0"
    return "%s %r %r" % (gen.kind, gen.a, gen.b)


def manifest_text(spec, with_data):
    lines = [
        "# xfence e2e manifest v1, written by bench/e2e/export_data.py from",
        "# test/e2e/specs.py; see bench/e2e/README.md.",
        "test %s" % spec.name,
        "source %s" % spec.source,
        "std %s" % spec.std,
        "data %d" % (1 if with_data else 0),
    ]
    for b in spec.buffers:
        lines.append("buffer %s %s %d %s %s %r %r" % (
            b.name, b.ctype, b.count, "out" if b.output else "in",
            gen_fields(b.gen), float(b.rtol), float(b.atol)))
    for launch in spec.launches:
        g = list(launch.global_size) + [1] * (3 - len(launch.global_size))
        l = list(launch.local_size) + [1] * (3 - len(launch.local_size))
        lines.append("launch %s %d %d %d %d %d %d" % (launch.kernel, *g, *l))
        for a in launch.args:
            if a.kind == "buffer":
                lines.append("arg buffer %s" % a.name)
            elif a.kind == "local":
                lines.append("arg local %d" % a.nbytes)
            else:
                v = a.value
                lines.append("arg scalar %s %s" %
                             (a.ctype, repr(float(v)) if a.ctype == "float"
                              else str(int(v))))
    lines.append("end")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(HERE, "data"))
    ap.add_argument("--only", action="append", default=[])
    opts = ap.parse_args()
    os.makedirs(opts.out, exist_ok=True)

    import pyopencl as cl

    platforms = [p for p in cl.get_platforms()
                 if "Portable Computing Language" in p.name]
    if not platforms:
        sys.exit("export_data.py: no PoCL platform")
    ctx = cl.Context(platforms[0].get_devices())
    queue = cl.CommandQueue(ctx)
    cache = {}
    failed = 0
    for spec in specs.all_specs():
        if opts.only and spec.name not in opts.only:
            continue
        inputs = spec.make_inputs()
        got = run_pocl.run_spec(cl, ctx, queue, spec, inputs, cache)
        problems = run_pocl.check_outputs(spec, inputs, got)
        if problems:
            print("FAIL %s: %s (not exported)" % (spec.name,
                                                 "; ".join(problems)))
            failed += 1
            continue
        base = os.path.join(opts.out, spec.name)
        with open(base + ".in.bin", "wb") as f:
            for b in spec.buffers:
                f.write(inputs[b.name].astype(b.dtype).tobytes())
        with open(base + ".out.bin", "wb") as f:
            for b in spec.outputs():
                f.write(got[b.name].astype(b.dtype).tobytes())
        with open(base + ".manifest", "w") as f:
            f.write(manifest_text(spec, True))
        print("exported %s (PoCL output matches the reference)" % spec.name)
    for spec in specs.bench_specs():
        if opts.only and spec.name not in opts.only:
            continue
        with open(os.path.join(opts.out, spec.name + ".bench.manifest"),
                  "w") as f:
            f.write(manifest_text(spec, False))
        print("exported %s.bench (timing only)" % spec.name)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
