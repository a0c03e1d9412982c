#!/usr/bin/python3
"""Whole programs, HIP to CUDA: translate the HIP version of each program of
a suite that has the same programs in HIP and in CUDA (HeCBench:
src/NAME-hip and src/NAME-cuda), host code included, so that run_gpu.sh can
build both CUDA programs with nvcc, run them with the suite's own arguments
and compare what they print (compare.py).

  prepare.py --xfence BUILD/bin/xfence --suite DIR --out OUT [--jobs N]
             [--only NAME ...]

DIR is the suite's tree (from a mirror fetched outside this repository;
nothing of the suite is copied into this repository). OUT gets
src/NAME-cuda (the suite's CUDA version, as is), src/NAME-hip2cuda (the
HIP version, every source that spells HIP translated by `xfence translate
--to cuda`, the other files as they are) and programs.json: per program,
its sources, the -I/-D of the HIP Makefile, the arguments of its `run`
target, and why it is left out where it is (a library CUDA has under
another name, a data file the suite does not hold, a refusal of xfence
with its message).
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys

SOURCES = (".cu", ".cpp", ".cc", ".hip", ".c")
# Libraries the program links that have no CUDA build on the GPU machine
# under the HIP name (hipBLAS, hipSPARSE, ...): such programs are left out.
PLAIN_LIBS = {"-lm", "-lpthread", "-lstdc++", "-lz", "-ldl", "-lrt"}


def makefile_vars(text):
    """The Makefile's simple assignments (continuation lines joined)."""
    text = re.sub(r"\\\n", " ", text)
    values = {}
    for line in text.splitlines():
        m = re.match(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*([:+]?=)\s*(.*)$",
                     line)
        if not m:
            continue
        name, op, value = m.groups()
        value = value.split("#")[0].strip()
        if op == "+=":
            values[name] = (values.get(name, "") + " " + value).strip()
        else:
            values[name] = value
    return values


def expand(value, values, depth=0):
    if depth > 8:
        return value
    return re.sub(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)",
                  lambda m: expand(values.get(m.group(1), ""), values,
                                   depth + 1), value)


def run_args(text, values):
    """The arguments of the first command of the `run` target."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"^run\s*:", line):
            for cmd in lines[i + 1:]:
                if not cmd.startswith("\t"):
                    return None
                cmd = expand(cmd.strip(), dict(values, LAUNCHER=""))
                m = re.match(r"^\s*\./(\S+)\s*(.*)$", cmd)
                if m:
                    return m.group(1), m.group(2)
            return None
    return None


def spells_hip(path, dirs, seen=None):
    """True if the file has HIP to translate: a HIP header, a runtime call or
    a kernel, in its own text or in a user header it includes (xfence
    translates such a header into the file that includes it)."""
    seen = set() if seen is None else seen
    if path in seen or len(seen) > 64:
        return False
    seen.add(path)
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return False
    if re.search(r"#\s*include\s*[<\"]hip/|\bhip[A-Z]\w*\s*\(|"
                 r"\b__global__\b", text):
        return True
    for header in re.findall(r'^\s*#\s*include\s*"([^"]+)"', text, re.M):
        for d in [os.path.dirname(path)] + dirs:
            candidate = os.path.normpath(os.path.join(d, header))
            if os.path.exists(candidate):
                if spells_hip(candidate, dirs, seen):
                    return True
                break
    return False


def prepare(name, opts):
    """Translates the HIP version of `name`; returns its record."""
    src = os.path.join(opts.suite, "src")
    hip_dir = os.path.join(src, name + "-hip")
    cuda_dir = os.path.join(src, name + "-cuda")
    record = {"name": name}
    with open(os.path.join(hip_dir, "Makefile"), errors="replace") as f:
        hip_make = f.read()
    # The variables as make sets them (its `ifeq` branches taken with the
    # Makefile's own defaults: no DEBUG, OPTIMIZE=yes); a Makefile make
    # cannot read is read line by line.
    db = subprocess.run(["make", "-np", "CC=true", "CXX=true"], cwd=hip_dir,
                        capture_output=True, text=True, timeout=60)
    values = makefile_vars(db.stdout) if db.stdout else makefile_vars(
        hip_make)
    sources = expand(values.get("source", ""), values).split()
    if not sources:
        # No `source` list: the objects the Makefile names, each from the
        # source file of its name.
        for obj in dict.fromkeys(re.findall(r"([\w./-]+)\.o\b", hip_make)):
            for ext in SOURCES:
                if os.path.exists(os.path.join(hip_dir, obj + ext)):
                    sources.append(obj + ext)
                    break
    run = run_args(hip_make, values)
    cflags = expand(values.get("CFLAGS", ""), values).split()
    ldflags = expand(values.get("LDFLAGS", ""), values).split()
    record["sources"] = sources
    record["flags"] = [f for f in cflags if f.startswith(("-I", "-D"))]
    libs = [f for f in ldflags
            if f.startswith("-l") and f not in PLAIN_LIBS]
    if not sources or not run:
        record["left_out"] = "no source list or run target in the Makefile"
        return record
    record["program"], record["args"] = run
    if libs:
        record["left_out"] = "links " + " ".join(libs)
        return record
    # A data file named in the arguments that the suite does not hold
    # (large inputs are fetched by the suite's own scripts).
    for arg in record["args"].split():
        if "/" in arg or re.search(r"\.(txt|dat|bin|csv|mtx|graph|ppm|bmp|"
                                   r"pgm|raw|gz|tgz|vcd|fa|fasta|inp)$", arg):
            if not os.path.exists(os.path.join(hip_dir, arg)):
                record["left_out"] = "data file not in the suite: " + arg
                return record
    out_src = os.path.join(opts.out, "src")
    out_hip = os.path.join(out_src, name + "-hip2cuda")
    shutil.rmtree(out_hip, ignore_errors=True)
    shutil.copytree(hip_dir, out_hip)
    shutil.rmtree(os.path.join(out_src, name + "-cuda"), ignore_errors=True)
    shutil.copytree(cuda_dir, os.path.join(out_src, name + "-cuda"))
    incs = [f for f in record["flags"] if f.startswith("-I")]
    defs = [f for f in record["flags"] if f.startswith("-D")]
    translated = []
    dirs = [os.path.join(hip_dir, f[2:]) for f in incs]
    for source in sources:
        path = os.path.join(hip_dir, source)
        if not source.endswith(SOURCES) or not os.path.exists(path) or \
                not spells_hip(path, dirs):
            continue
        # The suite's HIP files are .cu files: -x hip says what they are.
        dest = os.path.join(out_hip, source)
        # xfence compiles each translation with nvcc before it writes it
        # (docs/architecture.md, "Checked outputs"), unless the user turns
        # it off: a translation that does not compile is left out here,
        # with nvcc's message, rather than found on the GPU machine.
        env = dict(os.environ)
        env.setdefault("XFENCE_VERIFY_OUTPUT", "1")
        try:
            p = subprocess.run(
                [opts.xfence, "translate", "-x", "hip", path, "--to", "cuda",
                 "-o",
                 dest + ".tmp"] + incs + defs,
                cwd=hip_dir, capture_output=True, text=True, timeout=300,
                env=env)
            rc, log = p.returncode, p.stdout + p.stderr
        except subprocess.TimeoutExpired:
            rc, log = 124, "error: timed out"
        if rc != 0:
            first = next((l for l in log.splitlines() if "error" in l),
                         log.strip()[:200])
            record["left_out"] = "xfence: " + first.replace(
                hip_dir + "/", "")[:300]
            return record
        os.replace(dest + ".tmp", dest)
        translated.append(source)
    record["translated"] = translated
    # The suite's other folders that the build or the run reads
    # (-I../NAME-cuda, ../NAME-sycl/input.bmp).
    uses = [f[2:] for f in incs] + record["args"].split()
    record["needs"] = sorted({u.split("/")[1] for u in uses
                              if u.startswith("../") and u.count("/") >= 1
                              and os.path.isdir(os.path.join(
                                  src, u.split("/")[1]))})
    return record


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xfence", required=True)
    ap.add_argument("--suite", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--only", action="append")
    opts = ap.parse_args()
    opts.xfence = os.path.abspath(opts.xfence)
    src = os.path.join(opts.suite, "src")
    names = sorted(d[:-4] for d in os.listdir(src) if d.endswith("-hip")
                   and os.path.isdir(os.path.join(src, d[:-4] + "-cuda"))
                   and os.path.exists(os.path.join(src, d, "Makefile")))
    if opts.only:
        names = [n for n in names if n in opts.only]
    os.makedirs(os.path.join(opts.out, "src"), exist_ok=True)
    if os.path.isdir(os.path.join(opts.suite, "src", "include")):
        shutil.rmtree(os.path.join(opts.out, "src", "include"),
                      ignore_errors=True)
        shutil.copytree(os.path.join(opts.suite, "src", "include"),
                        os.path.join(opts.out, "src", "include"))
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        records = list(pool.map(lambda n: prepare(n, opts), names))
    for r in records:
        if "left_out" in r:
            shutil.rmtree(os.path.join(opts.out, "src", r["name"] + "-hip2cuda"),
                          ignore_errors=True)
            shutil.rmtree(os.path.join(opts.out, "src", r["name"] + "-cuda"),
                          ignore_errors=True)
    for r in records:
        for folder in r.get("needs", []) if "left_out" not in r else []:
            dest = os.path.join(opts.out, "src", folder)
            if not os.path.isdir(dest):
                shutil.copytree(os.path.join(src, folder), dest)
    listing = os.path.join(opts.out, "programs.json")
    if opts.only and os.path.exists(listing):
        # --only into an earlier tree: those programs' records replaced.
        with open(listing) as f:
            earlier = [r for r in json.load(f) if r["name"] not in names]
        records = sorted(earlier + records, key=lambda r: r["name"])
    with open(listing, "w") as f:
        json.dump(records, f, indent=1)
    kept = sum("left_out" not in r for r in records)
    print("%d programs, %d translated, %d left out" %
          (len(records), kept, len(records) - kept), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
