#!/usr/bin/python3
"""Runs the `run` kernel of struct-args.cu's translation on PoCL through the
launch ABI of docs/cuda-to-opencl.md: the struct argument in its host layout
(pointers as ulong, left zero), then one buffer per pointer member.
run_struct_args.py -cl-std=CLx.y FILE.cl; prints the outputs."""

import struct
import sys

import numpy as np
import pyopencl as cl
from pocl_run import build


def main():
    std, path = sys.argv[1], sys.argv[2]
    ctx, queue, program = build(path, std)
    n = 12
    data = np.arange(1, n + 1, dtype=np.float32)
    out = np.zeros(16, dtype=np.float32)
    done = np.zeros(1, dtype=np.uint32)
    mf = cl.mem_flags
    data_b = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=data)
    out_b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=out)
    done_b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=done)
    # Job: Span in {ulong data; int n; pad}, ulong out, ulong done,
    # uchar twice, pad, float scale[2], pad to 8.
    job = struct.pack("<Qi4xQQB3x2f4x", 0, n, 0, 0, 1, 2.0, 0.5)
    kernel = program.run
    kernel.set_arg(0, np.int32(1))
    kernel.set_arg(1, job)
    kernel.set_arg(2, data_b)
    kernel.set_arg(3, out_b)
    kernel.set_arg(4, done_b)
    cl.enqueue_nd_range_kernel(queue, kernel, (16,), (8,))
    cl.enqueue_copy(queue, out, out_b)
    cl.enqueue_copy(queue, done, done_b)
    queue.finish()
    print("out", " ".join("%g" % v for v in out))
    print("done", int(done[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
