#!/usr/bin/python3
"""Writes calls.c for driver.c from a bench/e2e manifest: one call per
launch line, of the launch function that `xfence compile --to cpu` declares
in HEADER, with the manifest's sizes and arguments (buffers by index into the
driver's array, __local arguments as their size in bytes, scalars as
constants of their OpenCL type). The C compiler then checks every call
against the generated prototype.

  gen_calls.py MANIFEST HEADER > calls.c

The launch's dimension count is the highest dimension whose global or local
size is not 1 (the manifests pad to three)."""

import sys

CTYPES = {
    "char": "char", "uchar": "unsigned char", "short": "short",
    "ushort": "unsigned short", "int": "int", "uint": "unsigned int",
    "long": "long", "ulong": "unsigned long", "float": "float",
}


def main():
    manifest, header = sys.argv[1], sys.argv[2]
    buffers, launches = [], []
    with open(manifest) as f:
        for line in f:
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if words[0] == "buffer":
                buffers.append((words[1], words[2]))
            elif words[0] == "launch":
                launches.append((words[1], [int(w) for w in words[2:8]], []))
            elif words[0] == "arg":
                launches[-1][2].append(words[1:])
    index = {name: i for i, (name, _) in enumerate(buffers)}
    out = ['#include "%s"' % header, "",
           "int xfence_test_launch(int index, void **buffers) {",
           "  switch (index) {"]
    for n, (kernel, sizes, args) in enumerate(launches):
        g, l = sizes[:3], sizes[3:]
        dims = max([1] + [d + 1 for d in range(3) if g[d] != 1 or l[d] != 1])
        call = []
        for a in args:
            if a[0] == "buffer":
                name = a[1]
                call.append("(%s *)buffers[%d]" %
                            (CTYPES[buffers[index[name]][1]], index[name]))
            elif a[0] == "local":
                call.append("(size_t)%s" % a[1])
            else:
                ctype, v = a[1], a[2]
                call.append("(%s)%s%s" % (CTYPES[ctype], v,
                                          "f" if ctype == "float" else ""))
        out.append("  case %d: {" % n)
        out.append("    const size_t global[3] = {%d, %d, %d};" % tuple(g))
        out.append("    const size_t local[3] = {%d, %d, %d};" % tuple(l))
        out.append("    return xfence_launch_%s(%d, global, local, %s);" %
                   (kernel, dims, ", ".join(call)))
        out.append("  }")
    out += ["  }", "  return -1;", "}", ""]
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()
