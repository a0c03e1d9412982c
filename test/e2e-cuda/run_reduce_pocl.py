#!/usr/bin/python3
"""Runs the OpenCL C translation of programs/syncthreads_reduce.cu on PoCL
(grid 64, block 64) and compares each block's count / all / any with
numpy's:  run_reduce_pocl.py FILE.cl STD. Prints PASS or FAIL (exit 1)."""

import sys

import numpy as np
import pyopencl as cl

GRID, BLOCK = 64, 64


def main():
    path, std = sys.argv[1], sys.argv[2]
    with open(path) as f:
        source = f.read()
    platform = [p for p in cl.get_platforms() if "Portable" in p.name]
    ctx = cl.Context(platform[0].get_devices())
    queue = cl.CommandQueue(ctx)
    program = cl.Program(ctx, source).build(options=["-cl-std=" + std])
    rng = np.random.default_rng(11)
    x = rng.integers(-20, 60, GRID * BLOCK).astype(np.int32)
    x[:BLOCK] = 5           # block 0: all positive
    x[BLOCK:2 * BLOCK] = -1  # block 1: none
    x[2 * BLOCK + 3] = 5000  # block 2: one above 1000
    mf = cl.mem_flags
    inb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    out = np.zeros(4 * GRID, np.int32)
    outb = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=out)
    program.votes(queue, (GRID * BLOCK,), (BLOCK,), inb, outb)
    cl.enqueue_copy(queue, out, outb)
    queue.finish()
    blocks = x.reshape(GRID, BLOCK)
    ref = np.stack([(blocks > 0).sum(1), (blocks > 0).all(1),
                    (blocks > 1000).any(1),
                    np.roll(blocks > 0, -1, axis=1)[:, 0]], 1).astype(np.int32)
    got = out.reshape(GRID, 4)
    bad = np.argwhere(got != ref)
    if len(bad):
        print("FAIL: %d differences, first at block %d" % (len(bad), bad[0][0]))
        return 1
    print("counts of blocks 0-2: %s; PASS" % got[:3, 0].tolist())
    return 0


if __name__ == "__main__":
    sys.exit(main())
