#!/usr/bin/env python3
"""Runs NVIDIA's compute-sanitizer on the CUDA side of every kernel that did
not MATCH (results.txt of a harness folder run by run_device.sh), to tell
what the made-up inputs make the kernel do: memcheck for accesses outside
every allocation, racecheck for races on shared (OpenCL __local) memory,
initcheck for reads of global memory never written. The translation keeps
the original's accesses one for one, so a report here is a property of the
original kernel under these inputs.

  bench/corpus/compare/sanitize.py DIR [--results FILE] [--timeout 120] [--jobs 8]

Writes DIR/sanitize.txt: per kernel its status and each tool's first report.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess


def first_report(text):
    keep = []
    for line in text.splitlines():
        line = line.replace("========= ", "").strip()
        if re.search(r"(Invalid|out of bounds|hazard|Race reported|Uninitialized|"
                     r"Address 0x|Misaligned|ERROR SUMMARY|RACECHECK SUMMARY|"
                     r"at .*\+0x)", line):
            keep.append(line)
        if len(keep) >= 4:
            break
    return " | ".join(keep) if keep else "(no report)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--jobs", type=int, default=8)
    ap.add_argument("--results", default="", help="results files to read, comma-separated (default DIR/results.txt)")
    a = ap.parse_args()
    d = os.path.abspath(a.dir)
    manifest = json.load(open(os.path.join(d, "manifest.json")))
    ids = {f["name"]: f["id"] for f in manifest["files"]}
    todo = []
    lines = []
    for path in (a.results.split(",") if a.results else [os.path.join(d, "results.txt")]):
        lines += open(path).readlines()
    for line in lines:
        status, rest = line.split(None, 1)
        if status not in ("DIFF", "ERROR"):
            continue
        m = re.match(r"(.*?)::(\w+):", rest)
        if not m or m.group(1) not in ids:
            continue
        name, kernel = m.group(1), m.group(2)
        if any(t[1] == name and t[2] == kernel for t in todo):
            continue
        # A run error: where it reads or writes out of bounds. A difference:
        # also uninitialized global reads and __local races.
        tools = ["memcheck"]
        if status == "DIFF":
            tools.append("initcheck")
            if "local-memory" in rest:
                tools.append("racecheck")
        todo.append((status, name, kernel, ids[name], tools))

    def run(job):
        status, name, kernel, fid, tools = job
        exe = os.path.join(d, "bin", fid)
        spec = os.path.join(d, "files", fid, "spec.txt")
        out = ["%s %s::%s" % (status, name, kernel)]
        if not os.access(exe, os.X_OK):
            return "\n".join(out + ["  (no CUDA driver)"])
        for tool in tools:
            cmd = ["compute-sanitizer", "--tool", tool, "--print-limit", "4",
                   exe, spec, kernel, "/dev/null", "20"]
            try:
                p = subprocess.run(cmd, capture_output=True, text=True,
                                   timeout=a.timeout)
                text = p.stdout + p.stderr
            except subprocess.TimeoutExpired:
                text = "timeout after %d s" % a.timeout
            out.append("  %s: %s" % (tool, first_report(text)[:600]))
        return "\n".join(out)

    with open(os.path.join(d, "sanitize.txt"), "w") as f, \
            concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for text in pool.map(run, todo):
            f.write(text + "\n")
            f.flush()
    print("sanitized %d kernels -> %s" % (len(todo), os.path.join(d, "sanitize.txt")))


if __name__ == "__main__":
    main()
