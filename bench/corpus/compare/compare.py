#!/usr/bin/env python3
"""Compares the OpenCL (PoCL) and CUDA outputs of a harness folder.

    compare.py DIR [--rtol 1e-4] [--atol 1e-6] [--drtol 1e-9] [--datol 1e-12]

Reads DIR/manifest.json and DIR/out/<id>/<kernel>.{ocl,cuda}.{bin,log,rc},
writes DIR/results.txt (one line per kernel: MATCH, DIFF, SKIP or ERROR) and
DIR/summary.txt (the counts, then every non-MATCH line). Integers must be
equal; floats equal, both NaN, or within atol + rtol * max(|a|, |b|) (float:
rtol/atol, double: drtol/datol). The fourth lane of a 3-lane vector (padding)
is not compared. Needs numpy.
"""

import argparse
import json
import os
import sys

import numpy as np

DTYPES = {"char": np.int8, "uchar": np.uint8, "short": np.int16,
          "ushort": np.uint16, "int": np.int32, "uint": np.uint32,
          "long": np.int64, "ulong": np.uint64, "float": np.float32,
          "double": np.float64}
RC = {0: "ok", 2: "usage/spec", 3: "launch", 4: "run", 5: "build", 99: "not built",
      124: "timeout", 137: "timeout (killed)", 134: "crash (SIGABRT)",
      136: "crash (SIGFPE)", 135: "crash (SIGBUS)", 139: "crash (SIGSEGV)"}


def splitmix_fill(arg):
    """The inputs cmp_common.h's fill() makes (to tell a buffer the kernel
    wrote from one it left alone)."""
    n = arg["count"] * (4 if arg["lanes"] == 3 else arg["lanes"])
    with np.errstate(over="ignore"):
        s = (np.uint64(arg["seed"]) +
             np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0x9e3779b97f4a7c15))
        z = (s ^ (s >> np.uint64(30))) * np.uint64(0xbf58476d1ce4e5b9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94d049bb133111eb)
        x = z ^ (z >> np.uint64(31))
    t = arg["type"]
    if t == "float":
        u = (x >> np.uint64(40)).astype(np.float64) * (1.0 / 16777216.0)
        return (0.5 + 1.5 * u).astype(np.float32)
    if t == "double":
        u = (x >> np.uint64(11)).astype(np.float64) * (1.0 / 9007199254740992.0)
        return 0.5 + 1.5 * u
    return ((x >> np.uint64(33)) % np.uint64(64)).astype(DTYPES[t])


def read_side(o, k, side):
    rcf = os.path.join(o, "%s.%s.rc" % (k, side))
    logf = os.path.join(o, "%s.%s.log" % (k, side))
    if not os.path.exists(rcf):
        return None, "", "not run"
    rc = int(open(rcf).read().strip() or 99)
    log = open(logf, errors="replace").read() if os.path.exists(logf) else ""
    return rc, log, None


def log_reason(log):
    for line in log.splitlines():
        if line.startswith(("LAUNCH_ERROR", "RUN_ERROR", "BUILD_ERROR", "ERROR", "xcmp:")):
            return line.strip()
    lines = [l for l in log.splitlines() if l.strip()]
    return lines[-1].strip()[:200] if lines else ""


def nondet(log):
    for line in log.splitlines():
        if line.startswith("nondet "):
            return int(line.split()[1])
    return 0


def first_build_error(path):
    if not os.path.exists(path):
        return ""
    for line in open(path, errors="replace"):
        if "error" in line:
            return line.strip()[:200]
    return ""


def compare_kernel(dirpath, fr, k, tol, tag=""):
    """(status, why, flags) of one kernel; tag "alt." reads the retry's
    outputs (with the retry's buffer layout)."""
    o = os.path.join(dirpath, "out", fr["id"])
    rc_c, log_c, miss_c = read_side(o, k["ocl"], tag + "cuda")
    rc_o, log_o, miss_o = read_side(o, k["ocl"], tag + "ocl")
    errs = []
    if miss_c:
        errs.append("cuda: not run")
    elif rc_c != 0:
        why = RC.get(rc_c, "exit %d" % rc_c)
        if rc_c == 99:
            why = "build: " + first_build_error(os.path.join(dirpath, "bin", fr["id"] + ".build.log"))
        elif rc_c not in (124, 137) and log_reason(log_c):
            why += ": " + log_reason(log_c)
        errs.append("cuda %s" % why)
    if miss_o:
        errs.append("ocl: not run")
    elif rc_o != 0:
        why = RC.get(rc_o, "exit %d" % rc_o)
        if rc_o not in (124, 137) and log_reason(log_o):
            why += ": " + log_reason(log_o)
        errs.append("ocl %s" % why)
    flags = []
    if nondet(log_c):
        flags.append("cuda-nondet=%d" % nondet(log_c))
    if nondet(log_o):
        flags.append("ocl-nondet=%d" % nondet(log_o))
    if errs:
        return "ERROR", "; ".join(errs), flags
    try:
        bc = open(os.path.join(o, k["ocl"] + "." + tag + "cuda.bin"), "rb").read()
        bo = open(os.path.join(o, k["ocl"] + "." + tag + "ocl.bin"), "rb").read()
    except OSError as e:
        return "ERROR", "output: %s" % e, flags
    if len(bc) != len(bo):
        return "ERROR", "output sizes differ (%d, %d)" % (len(bc), len(bo)), flags
    off, diffs, changed, inexact = 0, [], False, 0.0
    for a in k["alt_args" if tag else "args"]:
        if a["kind"] != "buf":
            continue
        dt = DTYPES[a["type"]]
        stored = 4 if a["lanes"] == 3 else a["lanes"]
        nel = a["count"] * stored
        nbytes = nel * np.dtype(dt).itemsize
        xc = np.frombuffer(bc, dtype=dt, count=nel, offset=off)
        xo = np.frombuffer(bo, dtype=dt, count=nel, offset=off)
        off += nbytes
        init = splitmix_fill(a)
        if not np.array_equal(xo, init) or not np.array_equal(xc, init):
            changed = True
        if a["lanes"] == 3:
            mask3 = (np.arange(nel) % 4) != 3
        else:
            mask3 = None
        if np.issubdtype(dt, np.floating):
            rtol, atol = tol[a["type"]]
            c64, o64 = xc.astype(np.float64), xo.astype(np.float64)
            both_nan = np.isnan(c64) & np.isnan(o64)
            eq = (c64 == o64) | both_nan
            with np.errstate(invalid="ignore", over="ignore"):
                absd = np.abs(c64 - o64)
                scale = np.maximum(np.abs(c64), np.abs(o64))
                close = eq | (absd <= atol + rtol * scale)
            bad = ~close
            neq = ~eq
            if mask3 is not None:
                bad &= mask3
                neq &= mask3
            if neq.any():
                with np.errstate(invalid="ignore", divide="ignore"):
                    fin = neq & np.isfinite(absd)
                    if fin.any():
                        rel = absd[fin] / np.where(scale[fin] > 0, scale[fin], 1)
                        inexact = max(inexact, float(rel.max()))
        else:
            bad = xc != xo
            if mask3 is not None:
                bad &= mask3
            absd = scale = None
        if bad.any():
            idx = np.nonzero(bad)[0]
            first = int(idx[0])
            d = {"buf": a["name"], "type": a["type"] + (str(a["lanes"]) if a["lanes"] > 1 else ""),
                 "first": first // stored, "count": int(idx.size),
                 "of": int(nel if mask3 is None else a["count"] * 3),
                 "cuda": xc[first].item(), "ocl": xo[first].item(),
                 "guard": bool((idx // stored >= a["n"]).any())}
            if absd is not None:
                fin = idx[np.isfinite(absd[idx])]
                if fin.size:
                    d["maxabs"] = float(absd[fin].max())
                    s = scale[fin]
                    d["maxrel"] = float((absd[fin] / np.where(s > 0, s, 1)).max())
            diffs.append(d)
    if diffs:
        parts = []
        for d in diffs:
            t = "%s(%s) %d/%d differ, first [%d] cuda=%r ocl=%r" % (
                d["buf"], d["type"], d["count"], d["of"], d["first"], d["cuda"], d["ocl"])
            if "maxabs" in d:
                t += " maxabs=%.3g maxrel=%.3g" % (d["maxabs"], d["maxrel"])
            if d["guard"]:
                t += " (also past N: out of bounds)"
            parts.append(t)
        return "DIFF", "; ".join(parts), flags
    notes = []
    if not changed:
        notes.append("no buffer changed")
    if inexact > 0:
        notes.append("within tolerance, max rel %.2g" % inexact)
    return "MATCH", ", ".join(notes), flags


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--rtol", type=float, default=1e-4)
    ap.add_argument("--atol", type=float, default=1e-6)
    ap.add_argument("--drtol", type=float, default=1e-9)
    ap.add_argument("--datol", type=float, default=1e-12)
    args = ap.parse_args()
    tol = {"float": (args.rtol, args.atol), "double": (args.drtol, args.datol)}
    m = json.load(open(os.path.join(args.dir, "manifest.json")))
    lines, counts, difflist = [], {}, []
    file_errors = 0
    for fr in m["files"]:
        if fr["status"] != "ok":
            file_errors += 1
            lines.append(("ERROR", "%s (whole file)" % fr["name"], fr["reason"], [], []))
        for k in fr["kernels"]:
            label = "%s::%s" % (fr["name"], k["ocl"])
            if k["status"] == "skip":
                st, why, fl = "SKIP", k["reason"], []
            elif k["status"] == "error":
                st, why, fl = "ERROR", k["reason"], []
            else:
                try:
                    st, why, fl = compare_kernel(args.dir, fr, k, tol)
                    alt_rc = os.path.join(args.dir, "out", fr["id"], k["ocl"] + ".alt.cuda.rc")
                    if st == "ERROR" and os.path.exists(alt_rc):
                        st2, why2, fl2 = compare_kernel(args.dir, fr, k, tol, "alt.")
                        if st2 == "ERROR":
                            why = "%s | retry: %s" % (why, why2)
                        else:
                            st, fl = st2, fl2
                            why = "retry (N=%d, int scalars %d)%s | first try: %s" % (
                                m.get("alt_n", 0), m.get("alt_int", 0),
                                (": " + why2) if why2 else "", why)
                            counts["retried"] = counts.get("retried", 0) + 1
                except Exception as e:
                    st, why, fl = "ERROR", "compare.py: %s: %s" % (type(e).__name__, e), []
            counts[st] = counts.get(st, 0) + 1
            if st == "DIFF":
                difflist.append("%s %s %s" % (fr["id"], k["ocl"], "alt." if why.startswith("retry") else "-"))
            if k.get("vectors") and st in ("MATCH", "DIFF"):
                counts["vec-" + st] = counts.get("vec-" + st, 0) + 1
            lines.append((st, label, why, fl, k.get("hints", [])))
    out = []
    for st, label, why, fl, hints in lines:
        extra = []
        if fl:
            extra.append(" ".join(fl))
        if hints and st in ("DIFF", "ERROR"):
            extra.append("hints: " + ",".join(hints))
        out.append("%-5s %s%s%s" % (st, label, (": " + why) if why else "",
                                    (" [" + "; ".join(extra) + "]") if extra else ""))
    with open(os.path.join(args.dir, "diffs.txt"), "w") as f:
        f.write("".join(d + "\n" for d in difflist))
    with open(os.path.join(args.dir, "results.txt"), "w") as f:
        f.write("\n".join(out) + "\n")
    total = sum(v for k, v in counts.items() if k in ("MATCH", "DIFF", "SKIP", "ERROR"))
    trivial = sum(1 for st, _, why, _, _ in lines if st == "MATCH" and "no buffer changed" in why)
    compared = counts.get("MATCH", 0) + counts.get("DIFF", 0)
    summary = [
        "kernels: %d (files: %d, %d of them unreadable)" % (total, len(m["files"]), file_errors),
        "compared: %d  MATCH: %d (%d of them changed no buffer)  DIFF: %d" % (
            compared, counts.get("MATCH", 0), trivial, counts.get("DIFF", 0)),
        "  (with vector arguments: MATCH %d, DIFF %d; compared only in the retry "
        "after a crash or timeout: %d)" % (
            counts.get("vec-MATCH", 0), counts.get("vec-DIFF", 0), counts.get("retried", 0)),
        "SKIP: %d  ERROR: %d" % (counts.get("SKIP", 0), counts.get("ERROR", 0)),
        "N = %d elements per buffer (+ %d guard), tolerances float %g/%g double %g/%g" % (
            m["n"], m["guard"], args.rtol, args.atol, args.drtol, args.datol),
        "",
    ]
    with open(os.path.join(args.dir, "summary.txt"), "w") as f:
        f.write("\n".join(summary))
        f.write("\n".join(l for l in out if not l.startswith("MATCH")) + "\n")
    print("\n".join(summary[:5]))


if __name__ == "__main__":
    main()
