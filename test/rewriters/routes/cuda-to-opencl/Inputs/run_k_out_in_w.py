#!/usr/bin/python3
"""Runs kernel `k(long *out, const float *in, const long *w)` of a
translation on PoCL (auto-types.cu, corpus-findings.cu): one work-item,
`out` ten longs (zero), `in` the floats {3, 0.5}, `w` the longs {2, 3}.
run_k_out_in_w.py FILE.cl; prints `out`."""

import sys

import numpy as np
import pyopencl as cl
from pocl_run import build


def main():
    ctx, queue, program = build(sys.argv[1])
    flags = cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR
    out = np.zeros(10, dtype=np.int64)
    out_b = cl.Buffer(ctx, flags, hostbuf=out)
    in_b = cl.Buffer(ctx, flags, hostbuf=np.array([3, 0.5], dtype=np.float32))
    w_b = cl.Buffer(ctx, flags, hostbuf=np.array([2, 3], dtype=np.int64))
    program.k(queue, (1,), (1,), out_b, in_b, w_b)
    cl.enqueue_copy(queue, out, out_b)
    queue.finish()
    print("out", " ".join(str(v) for v in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
