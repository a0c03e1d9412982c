#!/usr/bin/python3
"""Compares what the two CUDA builds of each program printed on the GPU
(run_gpu.sh): the suite's CUDA version and xfence's translation of its HIP
version. Timings are left out of the comparison (lines that report a time,
a rate or a bandwidth); every other line must be the same.

  compare.py TREE RESULTS [--out results.md]

Per program one of:
  same          both ran with exit status 0, the same lines printed
  same, timings only: both ran, but printed nothing but timings
  differs       both ran, a line differs (the first pair is shown)
  translation does not build / does not run: the translation's nvcc or run
                failed where the original's did not (a failure of xfence
                unless explained)
  original does not build / run: the suite's CUDA version itself fails
                here (124: the time limit), nothing to compare with
  not finished  run_gpu.sh was stopped during the program's runs
"""

import argparse
import json
import os
import re
import sys

TIMING = re.compile(
    r"time|elapsed|\bms\b|msec|\bus\b|usec|\bns\b|\bsec|seconds|\bs\)|"
    r"\d\s*s\b|GB/s|GiB/s|MB/s|MBytes|gflop|tflop|throughput|bandwidth|"
    r"speed|per second|/s\b|cycles|clocks|performance", re.I)


def normalized(text):
    lines = []
    for line in text.splitlines():
        line = line.rstrip()
        if not line or TIMING.search(line):
            continue
        lines.append(line)
    return lines


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return None


def first_error(text):
    for line in (text or "").splitlines():
        if "error" in line.lower():
            return re.sub(r"^\S*/", "", line.strip())[:200]
    lines = [l for l in (text or "").splitlines() if l.strip()]
    return lines[-1][:200] if lines else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tree")
    ap.add_argument("results")
    ap.add_argument("--out")
    opts = ap.parse_args()
    records = json.load(open(os.path.join(opts.tree, "programs.json")))
    rows, counts = [], {}
    for r in records:
        name = r["name"]
        if "left_out" in r:
            verdict, why = "left out", r["left_out"]
        else:
            res = lambda side, what: read(os.path.join(
                opts.results, "%s.%s.%s" % (name, side, what)))
            rc = {s: (res(s, "rc") or "").strip() for s in
                  ("cuda", "hip2cuda")}
            if not rc["cuda"] and not rc["hip2cuda"]:
                continue  # not run
            if not rc["cuda"] or not rc["hip2cuda"]:
                # run_gpu.sh was stopped during this program's runs.
                verdict, why = "not finished", "the run was stopped"
            elif rc["cuda"] == "build":
                verdict, why = "original does not build", first_error(
                    res("cuda", "build"))
            elif rc["hip2cuda"] == "build":
                verdict, why = "translation does not build", first_error(
                    res("hip2cuda", "build"))
            elif rc["cuda"] != "0":
                verdict = "original does not run"
                why = "exit %s: %s" % (rc["cuda"],
                                       first_error(res("cuda", "run")))
            elif rc["hip2cuda"] != "0":
                verdict = "translation does not run"
                why = "exit %s: %s" % (rc["hip2cuda"],
                                       first_error(res("hip2cuda", "run")))
            else:
                a = normalized(res("cuda", "run") or "")
                b = normalized(res("hip2cuda", "run") or "")
                if a == b and not a:
                    verdict = "same, timings only"
                    why = "both printed only timings (or nothing)"
                elif a == b:
                    verdict, why = "same", "%d lines compared" % len(a)
                else:
                    verdict = "differs"
                    pair = next(((x, y) for x, y in zip(a, b) if x != y),
                                (a[len(b)] if len(a) > len(b) else "",
                                 b[len(a)] if len(b) > len(a) else ""))
                    why = "CUDA: `%s` / translation: `%s`" % (
                        pair[0][:90], pair[1][:90])
        counts[verdict] = counts.get(verdict, 0) + 1
        rows.append((name, verdict, why))
    lines = ["| result | programs |", "|---|---:|"]
    for verdict in ("same", "same, timings only", "differs",
                    "translation does not build", "translation does not run", "original does not "
                    "build", "original does not run", "not finished",
                    "left out"):
        if verdict in counts:
            lines.append("| %s | %d |" % (verdict, counts[verdict]))
    lines += ["", "| program | result | detail |", "|---|---|---|"]
    for name, verdict, why in rows:
        if verdict != "left out":
            lines.append("| %s | %s | %s |" % (name, verdict,
                                               why.replace("|", "\\|")))
    lines += ["", "Left out before the GPU:", "",
              "| program | why |", "|---|---|"]
    for name, verdict, why in rows:
        if verdict == "left out":
            lines.append("| %s | %s |" % (name, why.replace("|", "\\|")))
    text = "\n".join(lines) + "\n"
    if opts.out:
        with open(opts.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
