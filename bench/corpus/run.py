#!/usr/bin/env python3
"""Public-corpus benchmark of `xfence translate --to cuda`.

For every .cl file of every suite in suites.json (fetched beforehand under
CORPUS, see README.md), with the build options its host program passes:
  1. clang-22 -fsyntax-only (only files clang accepts count);
  2. xfence translate --to cuda (exit status, first diagnostic);
  3. nvcc -arch=sm_90 -c of the output (no -D needed: the output carries
     the values the translation saw).
Writes results/corpus.csv, results/corpus.md (per file) and prints totals.
With --to alpaka (and --alpaka-include, alpaka 3's include/): step 2 is
xfence translate --to alpaka, step 3 `g++ -std=c++20 -fsyntax-only` of the
output against alpaka's headers, and the results go to
results/corpus-alpaka.{csv,md}.

  python3 bench/corpus/run.py --corpus /work/corpus [--xfence X] [-j 2]
      [--to alpaka --alpaka-include DIR]
"""
import argparse
import concurrent.futures
import csv
import fnmatch
import hashlib
import json
import os
import subprocess
import sys

# Every translation is compiled by its target's compiler before xfence
# writes it, where that compiler is installed (docs/architecture.md,
# "Checked outputs"): an output that does not compile is a failure of the
# translation, never a file. XFENCE_VERIFY_OUTPUT=0 turns it off.
os.environ.setdefault("XFENCE_VERIFY_OUTPUT", "1")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(cmd, timeout=600):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return 124, "timeout"


def first_error(text):
    for line in text.splitlines():
        if "error" in line:
            return line.strip()[:300]
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0][:300] if lines else ""


def jobs_of(config, corpus):
    """(suite, relative file, flags, variant label) for every translation."""
    out = []
    for suite in config["suites"]:
        root = os.path.join(corpus, suite["root"])
        files = []
        for dirpath, _, names in os.walk(root):
            for n in sorted(names):
                if n.endswith(".cl"):
                    files.append(os.path.relpath(os.path.join(dirpath, n), root))
        for rel in sorted(files):
            per_file = [[]]
            for pattern, variants in suite.get("files", {}).items():
                if fnmatch.fnmatch(rel, pattern):
                    per_file = variants
            for fv in per_file:
                for sv in suite.get("variants", [[]]):
                    path = os.path.join(root, rel)
                    d = os.path.dirname(path)
                    flags = list(suite["flags"]) + [f.replace("{dir}", d) for f in fv + sv]
                    if suite.get("include_file_dir"):
                        flags.append("-I" + d)
                    label = " ".join(f for f in fv + sv)
                    # Programs the host compiles separately and links
                    # (clCompileProgram + clLinkProgram): nvcc -rdc=true and
                    # a device link with the translations of the others.
                    link = [os.path.join(root, other)
                            for other in suite.get("link", {}).get(rel, [])]
                    out.append((suite["name"], rel, path, flags, label, link))
    return out


def tag_of(suite, rel, label):
    """A short file name for one translation (nvcc's temporary names are
    built from it)."""
    tag = (suite + "/" + rel).replace("/", "__")
    if label:
        tag += "@" + hashlib.sha1(label.encode()).hexdigest()[:8]
    return tag


def check(job, args, outdir):
    suite, rel, path, flags, label, link = job
    tag = tag_of(suite, rel, label)
    alpaka = args.to == "alpaka"
    cu = os.path.join(outdir, tag + (".cpp" if alpaka else ".cu"))
    row = {"suite": suite, "file": rel, "flags": label, "clang": "", "translate": "",
           "nvcc": "", "reason": "", "cu": os.path.relpath(cu, outdir)}
    std = [f for f in flags if f.startswith("-cl-std=")]
    others = [f for f in flags if not f.startswith("-cl-std=")]
    rc, msg = run([args.clang, "-x", "cl"] + std + ["-Xclang", "-finclude-default-header",
                                                    "-fsyntax-only"] + others + [path])
    if rc != 0:
        row["clang"] = "rejected"
        row["reason"] = first_error(msg)
        return row
    row["clang"] = "ok"
    if os.path.exists(cu):
        os.remove(cu)
    rc, msg = run([args.xfence, "translate", path, "--to", args.to] + flags + ["-o", cu])
    if rc != 0:
        row["translate"] = "error"
        row["reason"] = first_error(msg)
        return row
    row["translate"] = "ok"
    warnings = [l for l in msg.splitlines() if "warning:" in l]
    if warnings:
        row["reason"] = "%d warning(s): %s" % (len(warnings), warnings[0].strip()[:200])
    if alpaka:
        includes = [f for f in flags if f.startswith("-I")]
        rc, msg = run([args.cxx, "-std=c++20", "-fsyntax-only", "-w",
                       "-I" + args.alpaka_include] + includes + [cu])
        row["nvcc"] = "ok" if rc == 0 else "error"
        if rc != 0:
            row["reason"] = first_error(msg)
        return row
    if not args.nvcc:
        return row
    # The -I directories of the translation: user headers the translation
    # did not change stay #included (as the user would compile it).
    includes = [f for f in flags if f.startswith("-I")]
    rdc = ["-rdc=true"] if link else []
    rc, msg = run([args.nvcc, "-arch=sm_90"] + rdc + ["-c", cu, "-o", cu + ".o"] + includes)
    objects = [cu + ".o"]
    for i, other in enumerate(link):
        if rc != 0:
            break
        ocu = cu + ".link%d.cu" % i
        rc, msg = run([args.xfence, "translate", other, "--to", "cuda"] + flags + ["-o", ocu])
        if rc == 0:
            rc, msg = run([args.nvcc, "-arch=sm_90", "-rdc=true", "-c", ocu, "-o", ocu + ".o"] + includes)
            objects.append(ocu + ".o")
    if rc == 0 and link:
        rc, msg = run([args.nvcc, "-arch=sm_90", "-dlink"] + objects + ["-o", cu + ".dlink.o"])
        objects.append(cu + ".dlink.o")
        if rc == 0:
            row["reason"] = "separately compiled: nvcc -rdc=true, device-linked with " + \
                ", ".join(os.path.basename(o) for o in link)
    row["nvcc"] = "ok" if rc == 0 else "error"
    if rc != 0:
        row["reason"] = first_error(msg)
    for o in objects:
        if os.path.exists(o):
            os.remove(o)
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--config", default=os.path.join(HERE, "suites.json"))
    ap.add_argument("--xfence", default=os.path.join(ROOT, "build", "bin", "xfence"))
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang")
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--out", default=os.path.join(HERE, "work"))
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--to", choices=["cuda", "alpaka"], default="cuda")
    ap.add_argument("--alpaka-include", help="alpaka 3's include/ (--to alpaka)")
    ap.add_argument("--cxx", default="g++", help="the C++20 compiler of --to alpaka")
    args = ap.parse_args()
    alpaka = args.to == "alpaka"
    if alpaka and not args.alpaka_include:
        ap.error("--to alpaka needs --alpaka-include")
    if alpaka:
        args.nvcc = args.cxx
    if args.nvcc and not os.access(args.nvcc, os.X_OK):
        args.nvcc = ""
    config = json.load(open(args.config))
    os.makedirs(args.out, exist_ok=True)
    os.makedirs(args.results, exist_ok=True)
    jobs = jobs_of(config, args.corpus)
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        rows = list(pool.map(lambda j: check(j, args, args.out), jobs))
    fields = ["suite", "file", "flags", "clang", "translate", "nvcc", "reason", "cu"]
    name = "corpus-alpaka" if alpaka else "corpus"
    with open(os.path.join(args.results, name + ".csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    accepted = [r for r in rows if r["clang"] == "ok"]
    translated = [r for r in accepted if r["translate"] == "ok"]
    compiled = [r for r in translated if r["nvcc"] == "ok"]
    lines = ["| suite | file | flags | clang | translate | %s | note |" % ("g++" if alpaka else "nvcc"),
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            r["suite"], r["file"], r["flags"] or "-", r["clang"], r["translate"] or "-",
            r["nvcc"] or "-", r["reason"].replace("|", "\\|")))
    summary = []
    for s in config["suites"]:
        sr = [r for r in rows if r["suite"] == s["name"]]
        sa = [r for r in sr if r["clang"] == "ok"]
        st = [r for r in sa if r["translate"] == "ok"]
        sc = [r for r in st if r["nvcc"] == "ok"]
        summary.append("%s: %d translations, clang accepted %d, translated %d, compiled %d" % (
            s["name"], len(sr), len(sa), len(st), len(sc)))
    total = "total: %d translations (%d files), clang accepted %d, translated %d (%.1f%%), compiled %d (%.1f%% of accepted)" % (
        len(rows), len({(r['suite'], r['file']) for r in rows}), len(accepted), len(translated),
        100.0 * len(translated) / max(1, len(accepted)), len(compiled),
        100.0 * len(compiled) / max(1, len(accepted)))
    with open(os.path.join(args.results, name + ".md"), "w") as f:
        f.write("\n".join(summary + [total, ""] + lines) + "\n")
    if alpaka:
        print("\n".join(summary))
        print(total)
        for r in rows:
            if r["clang"] == "ok" and (r["translate"] != "ok" or r["nvcc"] != "ok"):
                print("FAIL %s/%s [%s] %s" % (r["suite"], r["file"], r["flags"], r["reason"]))
        return 0
    # The translations that compiled (without nvcc: that translated), for the
    # GPU-versus-PoCL comparison (compare/), whose build compiles them again.
    jobs_by_cu = {tag_of(j[0], j[1], j[4]) + ".cu": j for j in jobs}
    listing = []
    for r in (compiled if args.nvcc else translated):
        suite, rel, path, flags, label, _ = jobs_by_cu[r["cu"]]
        listing.append({"name": "%s/%s%s" % (suite, rel, "@" + label if label else ""),
                        "cl": path, "cu": os.path.join(args.out, r["cu"]),
                        "cl_flags": flags})
    with open(os.path.join(args.out, "compare-list.json"), "w") as f:
        json.dump(listing, f, indent=1)
    print("\n".join(summary))
    print(total)
    for r in rows:
        if r["clang"] == "ok" and (r["translate"] != "ok" or (args.nvcc and r["nvcc"] != "ok")):
            print("FAIL %s/%s [%s] %s" % (r["suite"], r["file"], r["flags"], r["reason"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
