#!/usr/bin/env python3
"""Joins two results.txt of one harness folder: the translation against PoCL
(the original on a CPU) and against NVIDIA's OpenCL (the original on the
same GPU as the translation; third_side.sh). Prints the counts of each pair
of statuses and every kernel that is not a MATCH against NVIDIA's OpenCL.

  bench/corpus/compare/join.py POCL-RESULTS NVIDIA-OPENCL-RESULTS
"""
import collections
import re
import sys


def load(path):
    rows = {}
    for line in open(path):
        status, rest = line.split(None, 1)
        m = re.match(r"(.*?::\w+)(:|\s|$)", rest)
        if m:
            rows[m.group(1)] = (status, rest.strip())
    return rows


pocl, nv = load(sys.argv[1]), load(sys.argv[2])
pairs = collections.Counter((pocl[k][0], nv.get(k, ("-",))[0]) for k in pocl)
print("PoCL status / NVIDIA OpenCL status: kernels")
for (a, b), n in sorted(pairs.items()):
    print("  %-5s / %-5s: %d" % (a, b, n))
