#!/usr/bin/python3
"""Runs kernel `k` of namespaces.cu's translation on PoCL: 4 work-items,
`out` an int buffer, `p` the struct Pair {1, 2} in its host layout.
run_namespaces.py FILE.cl; prints the outputs."""

import struct
import sys

import numpy as np
import pyopencl as cl
from pocl_run import build


def main():
    ctx, queue, program = build(sys.argv[1])
    out = np.zeros(4, dtype=np.int32)
    out_b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                      hostbuf=out)
    kernel = program.k
    kernel.set_arg(0, out_b)
    kernel.set_arg(1, struct.pack("<ii", 1, 2))
    cl.enqueue_nd_range_kernel(queue, kernel, (4,), (4,))
    cl.enqueue_copy(queue, out, out_b)
    queue.finish()
    print("out", " ".join(str(v) for v in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
