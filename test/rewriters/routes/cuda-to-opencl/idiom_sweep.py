#!/usr/bin/python3
"""Sweep of small device-code idioms (Inputs/idioms.cu.txt): each is
translated to OpenCL C with xfence's own output check off, so that a
translation that exits 0 is judged by the compiler here, and its output is
compiled by clang's OpenCL C mode. Outcomes: ok (exit 0, clang accepts),
refused (exit 1, a located error `file:line:col: error:`, no output file),
BAD (anything else: exit 0 with an output clang rejects, an error without a
location, a crash, an output file left on failure). Prints the counts per
standard and every BAD idiom; exit status 1 if any is BAD.

  idiom_sweep.py --xfence X --clang C --out DIR [--std CL1.2 --std CL3.0]
"""

import argparse
import os
import re
import subprocess
import sys


def idioms(path):
    text = open(path).read()
    parts = re.split(r"^// ---- idiom\n", text, flags=re.M)
    return [p for p in parts[1:] if p.strip()]


def run(cmd, env=None):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xfence", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--std", action="append")
    ap.add_argument("--input", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "Inputs", "idioms.cu.txt"))
    opts = ap.parse_args()
    os.makedirs(opts.out, exist_ok=True)
    env = dict(os.environ, XFENCE_VERIFY_OUTPUT="0")
    located = re.compile(r"^\S+\.cu:\d+:\d+: (fatal )?error: ", re.M)
    bad_any = False
    for std in opts.std or ["CL1.2", "CL3.0"]:
        counts = {"ok": 0, "refused": 0, "BAD": 0}
        for i, text in enumerate(idioms(opts.input), 1):
            src = os.path.join(opts.out, "i%d.cu" % i)
            out = os.path.join(opts.out, "i%d.%s.cl" % (i, std))
            with open(src, "w") as f:
                f.write(text)
            if os.path.exists(out):
                os.remove(out)
            rc, log = run([opts.xfence, "translate", "--cuda-builtin-header",
                           src, "--to", "opencl", "-cl-std=" + std,
                           "--assume-subgroup-size=32", "-o", out], env)
            if rc == 0 and os.path.exists(out):
                crc, clog = run([opts.clang, "-x", "cl", "-cl-std=" + std,
                                 "--target=spir64", "-Xclang",
                                 "-finclude-default-header", "-fsyntax-only",
                                 out])
                outcome = "ok" if crc == 0 else "BAD"
                why = clog
            elif rc == 1 and located.search(log) and not os.path.exists(out) \
                    and "internal error" not in log:
                outcome, why = "refused", ""
            else:
                outcome, why = "BAD", log
            counts[outcome] += 1
            if outcome == "BAD":
                bad_any = True
                print("BAD %s (%s): %s" % (src, std, why.strip()[:400]))
        print("%s: %d idioms: ok %d, refused %d, BAD %d" % (
            std, sum(counts.values()), counts["ok"], counts["refused"],
            counts["BAD"]))
    return 1 if bad_any else 0


if __name__ == "__main__":
    sys.exit(main())
