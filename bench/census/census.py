#!/usr/bin/env python3
"""Fence census: synchronization ops in OpenCL kernels before and after
xfence's fence coalescing.

For every .cl file under the given paths: import it with
`xfence-translate --import-opencl` (OpenCL C 1.2 first, then 2.0 and 3.0 if
that fails), count fences and barriers, run `xfence-opt --xfence-coalesce
=remarks` (the rules of docs/semantics.md section 4) and count again, with
the rule that fired for every change. Prints a Markdown table.

  census.py [--bin build/bin] [--define NAME=VALUE ...] PATH...
"""
import argparse
import collections
import os
import re
import subprocess
import sys

STDS = ["CL1.2", "CL2.0", "CL3.0"]
SYNC = {"fence": re.compile(r"\bxfence\.fence\b"),
        "barrier": re.compile(r"\bxfence\.barrier(_reduce)?\b")}
RULE = re.compile(r"xfence-coalesce\[([a-z-]+)\]")


def count(ir):
    return {k: len(p.findall(ir)) for k, p in SYNC.items()}


def census_file(path, args):
    last_error = ""
    for std in STDS:
        cmd = [os.path.join(args.bin, "xfence-translate"), "--import-opencl",
               "--opencl-std=" + std, path]
        cmd += ["--opencl-define=" + d for d in args.define]
        cmd += ["--opencl-include=" + os.path.dirname(path)]
        imp = subprocess.run(cmd, capture_output=True, text=True)
        if imp.returncode == 0:
            break
        errors = [l for l in imp.stderr.splitlines() if "error" in l]
        last_error = errors[0] if errors else imp.stderr.strip()[:200]
    else:
        return None, last_error
    opt = subprocess.run(
        [os.path.join(args.bin, "xfence-opt"), "-",
         "--xfence-coalesce=remarks", "--mlir-print-op-generic"],
        input=imp.stdout, capture_output=True, text=True)
    if opt.returncode != 0:
        return None, opt.stderr.strip()[:200]
    rules = collections.Counter(RULE.findall(opt.stderr))
    return (std, count(imp.stdout), count(opt.stdout), rules), ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "bin"))
    ap.add_argument("--define", action="append", default=[])
    ap.add_argument("--root", default=None,
                    help="print paths relative to this directory")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()

    files = []
    for p in args.paths:
        if os.path.isdir(p):
            for d, _, names in os.walk(p):
                files += [os.path.join(d, n) for n in names if n.endswith(".cl")]
        else:
            files.append(p)
    files.sort()

    total_before = collections.Counter()
    total_after = collections.Counter()
    total_rules = collections.Counter()
    failed = []
    print("| file | std | fences before | fences after | barriers before "
          "| barriers after | rules fired |")
    print("|---|---|---|---|---|---|---|")
    for f in files:
        result, error = census_file(f, args)
        name = os.path.relpath(f, args.root) if args.root else f
        if result is None:
            failed.append((name, error))
            continue
        std, before, after, rules = result
        if not before["fence"] and not before["barrier"]:
            continue
        total_before.update(before)
        total_after.update(after)
        total_rules.update(rules)
        fired = ", ".join(f"{r} x{n}" for r, n in sorted(rules.items())) or "-"
        print(f"| {name} | {std} | {before['fence']} | {after['fence']} | "
              f"{before['barrier']} | {after['barrier']} | {fired} |")
    fired = ", ".join(f"{r} x{n}" for r, n in sorted(total_rules.items()))
    print(f"| **total** ({len(files) - len(failed)} of {len(files)} files "
          f"imported) | | {total_before['fence']} | {total_after['fence']} | "
          f"{total_before['barrier']} | {total_after['barrier']} | "
          f"{fired or '-'} |")
    if failed:
        print(f"\nNot imported ({len(failed)}):\n")
        for name, error in failed:
            print(f"- {name}: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
