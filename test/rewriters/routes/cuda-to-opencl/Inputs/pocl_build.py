#!/usr/bin/python3
"""Builds OpenCL C files on PoCL (clBuildProgram, CPU device, pyopencl):
pocl_build.py -cl-std=CL3.0 FILE.cl...; prints "built FILE" for each, or the
build log and exit status 1 for the first that fails."""

import sys

import pyopencl as cl


def main():
    std, files = sys.argv[1], sys.argv[2:]
    platform = [p for p in cl.get_platforms() if "Portable" in p.name][0]
    ctx = cl.Context(platform.get_devices())
    for path in files:
        with open(path, errors="replace") as f:
            source = f.read()
        try:
            cl.Program(ctx, source).build(options=[std])
        except Exception as e:  # the build log
            print("FAILED %s\n%s" % (path, e))
            return 1
        print("built %s" % path.rsplit("/", 1)[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
