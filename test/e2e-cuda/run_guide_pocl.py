#!/usr/bin/python3
"""Runs the OpenCL C translation of programs/last_block_sum_guide.cu on
PoCL, as the OpenCL host program that replaces the file's CUDA main():

  run_guide_pocl.py FILE.cl STD

Reads the launch ABI from the translation's header comment (the arguments
that xfence added after the user's: the __device__ counter), launches the
kernel three times with the CUDA grid and block (global size grid*block,
local size block) and compares the total with numpy's. Prints `run i: sum
S, expected E` per launch and PASS or FAIL; exit status 1 on FAIL. If the
program does not build, prints `BUILD ERROR` and the build log.
"""

import re
import sys

import numpy as np
import pyopencl as cl

BLOCK = 128
N = 1 << 16


def main():
    path, std = sys.argv[1], sys.argv[2]
    with open(path) as f:
        source = f.read()
    platform = [p for p in cl.get_platforms() if "Portable" in p.name]
    if not platform:
        print("FAIL: no PoCL platform")
        return 1
    ctx = cl.Context(platform[0].get_devices())
    queue = cl.CommandQueue(ctx)
    try:
        program = cl.Program(ctx, source).build(options=["-cl-std=" + std])
    except cl.RuntimeError as e:
        print("BUILD ERROR")
        print(e)
        return 1
    kernel = program.sum
    mf = cl.mem_flags
    grid = N // BLOCK
    # The header lists each added argument: "argument 4: __global unsigned
    # int *count, ... initial value '0'". One buffer for every launch: the
    # variable lives as long as the program.
    added = re.findall(r"^//     argument (\d+): __global unsigned int \*count\b"
                       r".*initial value '(\d+)'", source, re.M)
    counter = None
    if added:
        index, initial = int(added[0][0]), int(added[0][1])
        counter = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR,
                            hostbuf=np.array([initial], np.uint32))
    failures = 0
    partial = cl.Buffer(ctx, mf.READ_WRITE, 4 * grid)
    total = cl.Buffer(ctx, mf.READ_WRITE, 4)
    for run in range(3):
        host = ((np.arange(N, dtype=np.uint64) * (run + 3)) % 7).astype(
            np.float32)
        expected = float(host.astype(np.float64).sum())
        buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=host)
        kernel.set_arg(0, buf)
        kernel.set_arg(1, np.uint32(N))
        kernel.set_arg(2, partial)
        kernel.set_arg(3, total)
        if counter is not None:
            kernel.set_arg(index, counter)
        cl.enqueue_nd_range_kernel(queue, kernel, (grid * BLOCK,), (BLOCK,))
        got = np.zeros(1, np.float32)
        cl.enqueue_copy(queue, got, total)
        queue.finish()
        print("run %d: sum %.1f, expected %.1f" % (run, got[0], expected))
        failures += got[0] != np.float32(expected)
    if counter is not None:
        left = np.zeros(1, np.uint32)
        cl.enqueue_copy(queue, left, counter)
        queue.finish()
        print("counter after the launches: %d" % left[0])
        failures += left[0] != 0
    print("FAIL" if failures else "PASS")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
