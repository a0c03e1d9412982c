#!/usr/bin/python3
"""The HIP corpus run: every HIP source with device code of public HIP
suites, translated by xfence to CUDA (the outputs are then compiled by
nvcc, here or on the GPU machine: gpu_check.sh) or, with --to opencl, to
OpenCL C (the outputs compiled by clang's OpenCL C mode).

  run.py --xfence BUILD/bin/xfence --src DIR [--suite NAME ...]
         [--to cuda|opencl] [--cl-std CL2.0] [--out results.md]

DIR holds one directory per suite, each the tree of a public repository
(`git --git-dir MIRROR archive HEAD | tar -x -C DIR/NAME`, from mirrors
fetched outside this repository); nothing of theirs is copied into this
repository. Files: .hip, and .cpp/.cc/.cu files that hold `__global__`
and include a <hip/...> header (read as HIP: clang's -x hip, xfence's
-x hip). --jobs N checks N files at once. Per file:
  1. parse: clang's HIP mode, -fsyntax-only, with the same -I (a file clang
     cannot parse as HIP is not counted: "not parsed");
  2. translate: xfence translate --to cuda, output NAME.xfence.cu beside
     the original;
  3. compile: nvcc -arch=sm_90 -std=c++17 --extended-lambda -rdc=true -c (hipcc
     takes __device__ lambdas without a flag) with the same -I, where
     /usr/local/cuda/bin/nvcc is installed; else the output parsed as CUDA
     by xfence's own front end (xfence-translate --import-cuda). With --to
     opencl: clang -x cl -cl-std=... -fsyntax-only with the same -I.
The list of outputs goes to DIR/outputs.txt for gpu_check.sh (nvcc -c).
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

NVCC = "/usr/local/cuda/bin/nvcc"
OPENCL_CLANG = ["/usr/lib/llvm-22/bin/clang", "-x", "cl",
                "-Xclang", "-finclude-default-header", "-fsyntax-only"]
HIP_CLANG = ["/usr/lib/llvm-22/bin/clang", "-x", "hip",
             "--offload-arch=gfx90a", "-nogpulib",
             "-D__AMDGCN_WAVEFRONT_SIZE=64", "-fsyntax-only", "-std=c++17",
             "-w"]


def include_dirs(suite_dir):
    """Directories a suite's build adds with -I: those named Common, common,
    include or inc (the file's own directory is searched by clang)."""
    dirs = []
    for root, subdirs, _ in os.walk(suite_dir):
        for d in subdirs:
            if d in ("Common", "common", "include", "inc"):
                dirs.append(os.path.join(root, d))
    return sorted(dirs)


def is_hip_source(path):
    if ".xfence" in path:
        return False
    if path.endswith(".hip"):
        return True
    if not path.endswith((".cpp", ".cc", ".cu")) or ".xfence" in path:
        return False
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return False
    return "__global__" in text and re.search(r"#\s*include\s*[<\"]hip/",
                                              text) is not None


def first_error(text):
    for line in text.splitlines():
        if "error" in line:
            return line.strip()[:240]
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0][:240] if lines else ""


def run(cmd, cwd=None):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                       timeout=300)
    return p.returncode, p.stdout + p.stderr


def check_file(args, suite, path, incs, target):
    """One file's row: (suite, file, result, first error, output path)."""
    rel = os.path.relpath(path, args.src)
    flags = [f"-I{d}" for d in incs]
    out = re.sub(r"\.(hip|cpp|cc|cu)$", "", path) + \
        (".xfence.cu" if args.to == "cuda" else ".xfence.cl")
    if os.path.exists(out):  # an earlier run's
        os.remove(out)
    rc, log = run(HIP_CLANG + flags + [path])
    if rc != 0:
        return suite, rel, "not parsed", first_error(log), out
    # The suites' HIP files are often .cpp or .cu: -x hip says what they
    # are.
    xargs = [args.xfence, "translate", "-x", "hip", path, "--to", args.to,
             "-o", out] + [a for d in incs for a in ("-I", d)]
    if args.to == "opencl":
        xargs.append("-cl-std=" + args.cl_std)
    rc, log = run(xargs)
    if rc != 0:
        return suite, rel, "refused", first_error(log), out
    if args.to == "opencl":
        check = OPENCL_CLANG + ["-cl-std=" + args.cl_std, out] + flags
        if args.cl_std == "CL3.0":
            check.insert(1, "--target=spir64")
    elif os.access(NVCC, os.X_OK):
        # -rdc=true as xfence's own check: a file may call a device
        # function of another (HIP's -fgpu-rdc).
        check = [NVCC, "-arch=sm_90", "-std=c++17", "--extended-lambda",
                 "-rdc=true", "-c", out, "-o", os.devnull] + flags
    else:
        translate_tool = os.path.join(os.path.dirname(args.xfence),
                                      "xfence-translate")
        check = [translate_tool, "--import-cuda", out, "-o",
                 os.devnull] + [f"--cuda-include={d}" for d in incs]
    rc, log = run(check, cwd=os.path.dirname(path))
    if rc != 0:
        return suite, rel, "BAD: output does not compile", first_error(log), \
            out
    return suite, rel, "ok", "", out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xfence", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("--suite", action="append")
    ap.add_argument("--out", default="-")
    ap.add_argument("--to", choices=["cuda", "opencl"], default="cuda")
    ap.add_argument("--cl-std", default="CL2.0",
                    help="the OpenCL C standard of --to opencl")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="files checked at once")
    args = ap.parse_args()
    pool = concurrent.futures.ThreadPoolExecutor(args.jobs)
    target = "CUDA" if args.to == "cuda" else "OpenCL C " + args.cl_std[2:]
    suites = args.suite or sorted(
        d for d in os.listdir(args.src)
        if os.path.isdir(os.path.join(args.src, d)))
    rows, outputs = [], []
    totals = {}
    for suite in suites:
        suite_dir = os.path.join(args.src, suite)
        incs = include_dirs(suite_dir)
        files = []
        for root, _, names in os.walk(suite_dir):
            for n in names:
                if is_hip_source(os.path.join(root, n)):
                    files.append(os.path.join(root, n))
        for suite_, rel, result, err, out in pool.map(
                lambda path: check_file(args, suite, path, incs, target),
                sorted(files)):
            t = totals.setdefault(suite, {"parsed": 0, "translated": 0,
                                          "reparsed": 0, "not parsed": 0})
            if result == "not parsed":
                t["not parsed"] += 1
            else:
                t["parsed"] += 1
            if result in ("ok", "BAD: output does not compile"):
                t["translated"] += 1
            if result == "ok":
                t["reparsed"] += 1
                outputs.append(os.path.relpath(out, args.src))
            rows.append((suite, rel, result, err))
            if result == "refused" and os.path.exists(out):
                rows.append((suite, rel, "BAD", "exit 1 left an output"))
    with open(os.path.join(args.src, "outputs.txt"), "w") as f:
        f.write("\n".join(outputs) + "\n")
    lines = ["| suite | parsed as HIP | translated | output compiles as %s |"
             " not parsed |" % target, "|---|---:|---:|---:|---:|"]
    for suite, t in totals.items():
        lines.append(f"| {suite} | {t['parsed']} | {t['translated']} | "
                     f"{t['reparsed']} | {t['not parsed']} |")
    p = sum(t["parsed"] for t in totals.values())
    tr = sum(t["translated"] for t in totals.values())
    rp = sum(t["reparsed"] for t in totals.values())
    lines.append(f"\nTranslated: {tr} of {p} parsed files; output "
                 f"compiled as {target}: {rp}.\n")
    lines.append("| suite | file | result | first error |")
    lines.append("|---|---|---|---|")
    for suite, rel, result, err in rows:
        err = err.replace("|", "\\|").replace(args.src, "")
        lines.append(f"| {suite} | {rel} | {result} | {err} |")
    text = "\n".join(lines) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        open(args.out, "w").write(text)
    print(f"Translated: {tr} of {p} parsed files; reparsed {rp}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
