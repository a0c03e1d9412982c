#!/usr/bin/python3
"""Runs kernel `simd(uint *out, const uint *in, int n)` of a translation of
simd-intrinsics.cu on PoCL with the inputs its GPU_RUN main makes, and
prints the FNV-1a hash of `out` as that main does.
run_simd.py FILE.cl [columns]"""

import sys

import numpy as np
import pyopencl as cl
from pocl_run import build


def main():
    n, m = 1024, 128
    edges = [0, 0xFFFFFFFF, 0x80808080, 0x7F7F7F7F,
             0x80007FFF, 0x7FFF8000, 0x01010101, 0xFF01FF01]
    values, s = [], 12345
    for i in range(3 * n):
        s = (s * 1664525 + 1013904223) & 0xFFFFFFFF
        values.append(edges[(i // 3 + i % 3 * (i // 24)) % 8]
                      if i < 3 * 64 else s)
    ctx, queue, program = build(sys.argv[1])
    flags = cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR
    out = np.zeros(m * n, dtype=np.uint32)
    out_b = cl.Buffer(ctx, flags, hostbuf=out)
    in_b = cl.Buffer(ctx, flags, hostbuf=np.array(values, dtype=np.uint32))
    program.simd(queue, (n,), (64,), out_b, in_b, np.int32(n))
    cl.enqueue_copy(queue, out, out_b)
    queue.finish()
    h = 14695981039346656037
    for byte in out.tobytes():
        h ^= byte
        h = (h * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    print("simd %d x %d fnv1a 0x%016x" % (n, m, h))
    # With a second argument: each result's hash over the inputs.
    for j in range(m if len(sys.argv) > 2 else 0):
        c = 14695981039346656037
        for v in out[j::m]:
            c ^= int(v)
            c = (c * 1099511628211) & 0xFFFFFFFFFFFFFFFF
        print("result %d 0x%016x" % (j, c))
    return 0


if __name__ == "__main__":
    sys.exit(main())
