#!/usr/bin/python3
"""Runs kernel `k(long *out)` of a translation on PoCL over one work-group
of 64 work-items, then `k2(long *out)` over one of 8 x 8
(cub-collectives.cu); `out` sixteen longs (zero).
run_block64.py FILE.cl; prints `out`."""

import sys

import numpy as np
import pyopencl as cl
from pocl_run import build


def main():
    ctx, queue, program = build(sys.argv[1])
    flags = cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR
    out = np.zeros(16, dtype=np.int64)
    out_b = cl.Buffer(ctx, flags, hostbuf=out)
    program.k(queue, (64,), (64,), out_b)
    program.k2(queue, (8, 8), (8, 8), out_b)
    cl.enqueue_copy(queue, out, out_b)
    queue.finish()
    print("out", " ".join(str(v) for v in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
