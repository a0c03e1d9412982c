#!/usr/bin/env python3
"""Sets the image results of two sides side by side (bench/images/README.md).

  compare.py REF OTHER [--linear-tol T] [--tol T] [--known FILE --side S]

For every result file of REF: the same file of OTHER. Integer results and
written bytes must be equal; float results within --tol (absolute, default
1e-6) and, for linear filtering, within --linear-tol (default 1e-5; OpenCL
leaves the precision of the filter weights to the implementation: NVIDIA's
texture units use 8-bit fractions, 1/256). Prints one line per case that
differs, and a summary per kernel; exits 1 if a case differs that --known
does not explain. Written half values compare as numbers (any NaN equals
any NaN). --known FILE lists explained differences, one per line:
SIDE PATTERN LANES REASON (SIDE the name of REF's side, PATTERN an fnmatch
pattern of result files, LANES `alpha` if only the alpha lanes, every
fourth, may differ, else `all`); --side names REF's side.
"""
import fnmatch
import argparse
import collections
import os
import sys

import numpy as np


def load(path):
    data = open(path, "rb").read()
    if path.endswith(".bytes") and "_half." in path:
        return np.frombuffer(data, dtype=np.float16).astype(np.float32)
    if path.endswith(".f32"):
        return np.frombuffer(data, dtype=np.float32)
    if path.endswith(".u32"):
        return np.frombuffer(data, dtype=np.uint32)
    if path.endswith(".i32"):
        return np.frombuffer(data, dtype=np.int32)
    return np.frombuffer(data, dtype=np.uint8)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ref")
    ap.add_argument("other")
    ap.add_argument("--tol", type=float, default=1e-6)
    ap.add_argument("--linear-tol", type=float, default=1e-5)
    ap.add_argument("--known")
    ap.add_argument("--side", default="")
    args = ap.parse_args()
    known = []
    if args.known:
        for line in open(args.known):
            line = line.strip()
            if line and not line.startswith("#"):
                side, pattern, lanes, reason = line.split(None, 3)
                if side == args.side:
                    known.append((pattern, lanes, reason))

    def explained(name, differing):
        for pattern, lanes, reason in known:
            if fnmatch.fnmatch(name, pattern) and (
                    lanes == "all" or all(i % 4 == 3 for i in differing)):
                return reason
        return None

    summary = collections.OrderedDict()
    bad = 0
    for name in sorted(os.listdir(args.ref)):
        kernel = name.split(".")[0]
        row = summary.setdefault(kernel, collections.Counter())
        other = os.path.join(args.other, name)
        if not os.path.exists(other):
            row["missing"] += 1
            print(f"MISSING {name}")
            bad += 1
            continue
        a, b = load(os.path.join(args.ref, name)), load(other)
        if a.shape != b.shape:
            row["differ"] += 1
            print(f"DIFF {name}: sizes {a.size} and {b.size}")
            bad += 1
            continue
        def differ(text, differing):
            why = explained(name, differing)
            nonlocal bad
            if why:
                row["explained"] += 1
                print(f"EXPLAINED {name}: {text} -- {why}")
            else:
                row["differ"] += 1
                print(f"DIFF {name}: {text}")
                bad += 1
        if a.dtype == np.float32:
            both_nan = np.isnan(a) & np.isnan(b)
            diff = np.where(both_nan, 0.0, np.abs(a.astype(np.float64) - b))
            diff = np.nan_to_num(diff, nan=np.inf)
            worst = float(diff.max()) if diff.size else 0.0
            tol = args.linear_tol if ".linear." in name else args.tol
            if worst == 0.0:
                row["equal"] += 1
            elif worst <= tol:
                row["within tolerance"] += 1
            else:
                lanes = int((diff > tol).sum())
                at = int(diff.argmax())
                differ(f"{lanes} of {a.size} lanes beyond {tol:g}, worst "
                       f"{worst:.3g} at lane {at} ({a[at]:.7g} vs "
                       f"{b[at]:.7g})", np.flatnonzero(diff > tol))
        else:
            if np.array_equal(a, b):
                row["equal"] += 1
            else:
                at = int(np.flatnonzero(a != b)[0])
                differ(f"{int((a != b).sum())} of {a.size} differ, first at "
                       f"{at} ({a[at]} vs {b[at]})", np.flatnonzero(a != b))
    print()
    print(f"{'kernel':<12} cases  equal  within-tol  explained  differ  "
          f"missing")
    total = collections.Counter()
    for kernel, row in summary.items():
        n = sum(row.values())
        total.update(row)
        total["cases"] += n
        print(f"{kernel:<12} {n:5d}  {row['equal']:5d}  "
              f"{row['within tolerance']:10d}  {row['explained']:9d}  "
              f"{row['differ']:6d}  {row['missing']:7d}")
    print(f"{'all':<12} {total['cases']:5d}  {total['equal']:5d}  "
          f"{total['within tolerance']:10d}  {total['explained']:9d}  "
          f"{total['differ']:6d}  {total['missing']:7d}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
