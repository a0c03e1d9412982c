#!/usr/bin/python3
"""Runs CUDA kernels translated to OpenCL C by xfence on PoCL and compares
their results with a numpy reference on the CPU.

  run_pocl.py --cl-dir DIR [--export DATA] [KERNEL...]

DIR holds <kernel>.<std>.cl (the translations, from `xfence translate
kernels/<kernel>.cu --to opencl -cl-std=<std>`). Prints one line per run:
`PASS <kernel> <std>` or `FAIL <kernel> <std>: why`; exit status 1 if any
failed. With --export, writes each kernel's inputs and the PoCL outputs as
raw little-endian files plus manifest.txt, the data that the GPU run of the
same CUDA kernels (bench/cuda-to-opencl/run_gpu.sh) compares against.

Launch ABI of the translations (docs/cuda-to-opencl.md): the CUDA grid and
block become global size grid*block and local size block; an extern
__shared__ array is an extra __local argument after the others.
"""

import argparse
import os
import sys

import numpy as np
import pyopencl as cl

N = 4096


def reduction(rng):
    block = 128
    x = rng.integers(0, 100, N).astype(np.float32)
    grid = N // block
    partial = np.zeros(grid, np.float32)
    ref = x.reshape(grid, block).sum(axis=1, dtype=np.float64).astype(np.float32)
    return dict(kernel="block_sum", grid=grid, block=block,
                args=[("in", x), ("out", partial), ("int", N)],
                expected={1: ref}, stds=["CL1.2", "CL3.0"])


def histogram(rng):
    block, grid, bins = 128, 8, 64
    data = rng.integers(0, 1 << 20, N).astype(np.uint32)
    ref = np.bincount(data % bins, minlength=bins).astype(np.uint32)
    return dict(kernel="histogram", grid=grid, block=block,
                args=[("in", data), ("out", np.zeros(bins, np.uint32)),
                      ("int", N)],
                expected={1: ref}, stds=["CL1.2", "CL3.0"])


def last_block_sum(rng):
    block = 128
    grid = N // block
    x = rng.integers(0, 50, N).astype(np.float32)
    partial = x.reshape(grid, block).sum(axis=1, dtype=np.float64)
    ref_total = np.array([partial.sum()], np.float32)
    # The counter wraps to 0 when the last block takes its ticket.
    return dict(kernel="last_block_sum", grid=grid, block=block,
                args=[("in", x), ("out", np.zeros(grid, np.float32)),
                      ("out", np.zeros(1, np.uint32)),
                      ("out", np.zeros(1, np.float32)), ("int", N)],
                expected={1: partial.astype(np.float32),
                          2: np.zeros(1, np.uint32), 3: ref_total},
                stds=["CL3.0"])


def producer_consumer(rng):
    block = 64
    grid = N // block
    x = rng.integers(-300, 300, N).astype(np.int32)
    slots = (x.astype(np.int64) ** 2).reshape(grid, block).max(axis=1)
    combined = int((slots * np.arange(1, grid + 1)).sum())
    return dict(kernel="produce_consume", grid=grid, block=block,
                args=[("in", x), ("out", np.zeros(grid, np.int32)),
                      ("out", np.zeros(1, np.uint32)),
                      ("out", np.zeros(1, np.int32)), ("int", N)],
                expected={1: slots.astype(np.int32),
                          2: np.zeros(1, np.uint32),
                          3: np.array([combined], np.int32)},
                stds=["CL3.0"])


def tiled(rng):
    block, radius = 128, 2
    grid = N // block
    x = rng.integers(0, 10, N).astype(np.float32)
    padded = np.concatenate([np.zeros(radius), x, np.zeros(radius)])
    ref = sum(padded[k:k + N] * (k + 1) for k in range(2 * radius + 1))
    return dict(kernel="stencil", grid=grid, block=block,
                args=[("in", x), ("out", np.zeros(N, np.float32)),
                      ("int", N), ("local", 4 * (block + 2 * radius))],
                expected={1: ref.astype(np.float32)},
                stds=["CL1.2", "CL3.0"])


SPECS = {"reduction": reduction, "histogram": histogram,
         "last_block_sum": last_block_sum,
         "producer_consumer": producer_consumer, "tiled": tiled}


def run(ctx, queue, source, std, spec):
    program = cl.Program(ctx, source).build(options=["-cl-std=" + std])
    kernel = getattr(program, spec["kernel"])
    mf = cl.mem_flags
    buffers, results = [], {}
    for index, (kind, value) in enumerate(spec["args"]):
        if kind == "int":
            kernel.set_arg(index, np.int32(value))
        elif kind == "local":
            kernel.set_arg(index, cl.LocalMemory(value))
        else:
            buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR,
                            hostbuf=value)
            buffers.append(buf)
            kernel.set_arg(index, buf)
            results[index] = (buf, value)
    cl.enqueue_nd_range_kernel(queue, kernel,
                               (spec["grid"] * spec["block"],),
                               (spec["block"],))
    outputs = {}
    for index, (buf, value) in results.items():
        host = np.empty_like(value)
        cl.enqueue_copy(queue, host, buf)
        outputs[index] = host
    queue.finish()
    return outputs


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cl-dir", required=True)
    parser.add_argument("--export")
    parser.add_argument("--corrupt", action="store_true",
                        help="flip the reference (checks that FAIL shows)")
    parser.add_argument("kernels", nargs="*")
    opts = parser.parse_args()
    platform = [p for p in cl.get_platforms() if "Portable" in p.name]
    if not platform:
        print("FAIL: no PoCL platform")
        return 1
    ctx = cl.Context(platform[0].get_devices())
    queue = cl.CommandQueue(ctx)
    failed = False
    manifest = []
    for name in opts.kernels or sorted(SPECS):
        spec = SPECS[name](np.random.default_rng(7))
        for std in spec["stds"]:
            path = os.path.join(opts.cl_dir, "%s.%s.cl" % (name, std))
            try:
                with open(path) as f:
                    source = f.read()
                outputs = run(ctx, queue, source, std, spec)
            except Exception as e:  # build or run error: a FAIL line
                print("FAIL %s %s: %s" % (name, std, str(e).splitlines()[0]))
                failed = True
                continue
            bad = []
            for index, ref in spec["expected"].items():
                if opts.corrupt:
                    ref = ref + 1
                if not np.array_equal(outputs[index], ref):
                    bad.append("argument %d differs at %d places" % (
                        index, int(np.sum(outputs[index] != ref))))
            if bad:
                print("FAIL %s %s: %s" % (name, std, "; ".join(bad)))
                failed = True
            else:
                print("PASS %s %s" % (name, std))
            if opts.export and std == spec["stds"][-1]:
                os.makedirs(opts.export, exist_ok=True)
                line = [name, spec["kernel"], str(spec["grid"]),
                        str(spec["block"])]
                for index, (kind, value) in enumerate(spec["args"]):
                    if kind in ("in", "out"):
                        stem = "%s.arg%d" % (name, index)
                        value.tofile(os.path.join(opts.export, stem + ".in"))
                        if kind == "out":
                            outputs[index].tofile(
                                os.path.join(opts.export, stem + ".pocl"))
                        line.append("%s:%s:%d" % (kind, value.dtype.str,
                                                  value.size))
                    else:
                        line.append("%s:%d" % (kind, value))
                manifest.append(" ".join(line))
    if opts.export:
        with open(os.path.join(opts.export, "manifest.txt"), "w") as f:
            f.write("# kernel entry grid block args (kind:dtype:count, "
                    "int:value, local:bytes); written by run_pocl.py\n")
            f.write("\n".join(manifest) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
