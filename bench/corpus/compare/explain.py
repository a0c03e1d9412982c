#!/usr/bin/env python3
"""The table of every kernel that is not a MATCH against PoCL or against
NVIDIA's OpenCL, with the evidence for its cause: the status on each side,
each side's nondeterminism (two runs from the same inputs differ), and
compute-sanitizer's findings on the CUDA side (sanitize.py). Writes markdown.

  bench/corpus/compare/explain.py POCL NVIDIA-OPENCL SANITIZE > TABLE.md
"""
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


def sanitizer(path):
    found, key = {}, None
    for line in open(path):
        if not line.startswith(" "):
            key = line.split(None, 1)[1].strip()
            found[key] = []
            continue
        tool, text = line.strip().split(":", 1)
        if "Invalid" in text or "out of bounds" in text or "Misaligned" in text:
            kind = re.search(r"Invalid (__\w+__) (read|write)", text)
            found[key].append("%s: %s" % (tool, "out-of-bounds " + " ".join(kind.groups()) if kind else "invalid access"))
        elif "Race reported" in text or re.search(r"[1-9]\d* hazards", text):
            found[key].append("racecheck: __local race")
        elif "Uninitialized" in text:
            found[key].append("initcheck: uninitialized read")
    return found


def cause(p, n, san, text):
    nondet = "nondet" in text
    if n[0] == "MATCH":
        return "platform: the original on the GPU (NVIDIA OpenCL) gives what the translation gives; PoCL differs"
    if any("out-of-bounds" in s for s in san):
        return "original reads/writes out of bounds under these inputs"
    if any("race" in s for s in san):
        return "original races on __local memory"
    if "timeout" in text and p[0] == "ERROR" and n[0] != "DIFF":
        return "original loops on made-up data (timeout on every side)"
    if nondet:
        return "original is nondeterministic under these inputs (a side's two runs differ: races through global memory or atomics)"
    m = re.findall(r"maxrel=([0-9.e+-]+)", text)
    if m and max(float(x) for x in m) < 0.01:
        return "floating-point precision (relative error < 1%)"
    if "LAUNCH_ERROR" in text:
        return "NVIDIA OpenCL refuses the launch (resources for this work-group size)"
    return "?"


pocl, nv, san = load(sys.argv[1]), load(sys.argv[2]), sanitizer(sys.argv[3])
print("| kernel | PoCL | NVIDIA OpenCL | compute-sanitizer (CUDA side) | cause |")
print("|---|---|---|---|---|")
for k in pocl:
    p, n = pocl[k], nv.get(k, ("-", ""))
    if p[0] in ("MATCH", "SKIP") and n[0] in ("MATCH", "SKIP"):
        continue
    s = san.get(k, [])
    flags = " ".join(sorted(set(re.findall(r"(cuda-nondet|ocl-nondet)", p[1] + " " + n[1]))))
    text = p[1] + " " + n[1]
    print("| %s | %s | %s | %s | %s |" % (k, p[0], n[0], "; ".join(s) or ("-" if k in san else "not run"),
                                        cause(p, n, s, text)))
