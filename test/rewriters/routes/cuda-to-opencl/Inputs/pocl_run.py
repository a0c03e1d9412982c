"""What the PoCL runners of this folder share: PoCL's platform, a context
and a queue on its devices, and a translation built as OpenCL C."""

import pyopencl as cl


def build(path, std="-cl-std=CL3.0"):
    """(context, queue, program) for the OpenCL C file `path` on PoCL."""
    platform = [p for p in cl.get_platforms() if "Portable" in p.name][0]
    ctx = cl.Context(platform.get_devices())
    queue = cl.CommandQueue(ctx)
    with open(path) as f:
        program = cl.Program(ctx, f.read()).build(options=[std])
    return ctx, queue, program
