#!/usr/bin/python3
"""The CUDA-to-OpenCL corpus run: every .cu file with device code of public
CUDA suites, translated by xfence to OpenCL C 3.0 and built with clang's
OpenCL C front end and on PoCL.

  run.py --xfence BUILD/bin/xfence [--mirrors /work/.mirror] [--work DIR]
         [--suite NAME ...] [--out results.md]

The suites (suites.json) are read from git mirrors fetched outside the
repository (the `fetch` tool: github:owner/name); nothing of theirs is
copied into this repository. Files are taken from the mirror's HEAD one by
one (`git cat-file`; a blob the mirror lacks is skipped and counted).

Per .cu file with device code (__global__ or __device__ in its text or in a
.cu/.cuh file it #includes: rodinia's bfs.cu includes kernel.cu):
  1. parse: clang -x cuda --cuda-device-only -fsyntax-only with the toolkit
     (/usr/local/cuda), as xfence parses (a file clang cannot parse is not
     counted in the rate: "not parsed");
  2. translate: xfence translate --to opencl -cl-std=CL3.0
     --device-variables=kernel-arguments (PoCL has no program-scope global
     variables), and --assume-subgroup-size=32 with --assume-subgroup-size
     (the policy warp code needs, as its user passes it);
  3. clang: clang -x cl -cl-std=CL3.0 --target=spir64 -fsyntax-only;
  4. pocl: clBuildProgram with -cl-std=CL3.0 on PoCL (pyopencl).
The result of each file and the first error line of the first failing step
go to the output (Markdown), with the totals. With --to hip or --to alpaka
the translation is checked by clang's HIP mode or by g++ (C++20, against
--alpaka-include), and there is no PoCL step.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

# Every translation is compiled by its target's compiler before xfence
# writes it, where that compiler is installed (docs/architecture.md,
# "Checked outputs"): an output that does not compile is a failure of the
# translation, never a file. XFENCE_VERIFY_OUTPUT=0 turns it off.
os.environ.setdefault("XFENCE_VERIFY_OUTPUT", "1")

HERE = os.path.dirname(os.path.abspath(__file__))
# What xfence's own check of HIP outputs reads first: HIP 5.2's half header
# under clang 22 (the file says why).
HIP_SHIM = os.path.join(HERE, "..", "..", "rewriters", "targets", "hip",
                        "clang22-hip-shim.h")
CUDA = "/usr/local/cuda"
EXTS = (".cu", ".cuh", ".h", ".hpp", ".hh", ".inc", ".c", ".cpp", ".cc")
# The launch declaration that clang 22 wants for k<<<...>>> with CUDA 12+
# toolkits and the host functions CUDA 13 removed (xfence adds the same;
# docs/cuda-to-opencl.md, Parsing).
LAUNCH = ('#pragma clang system_header\n'
          '#if defined(CUDART_VERSION) && CUDART_VERSION >= 12000\n'
          'extern "C" __host__ cudaError_t cudaConfigureCall(dim3, dim3, '
          'size_t = 0, cudaStream_t = 0);\n#endif\n'
          '#if defined(CUDART_VERSION) && CUDART_VERSION >= 13000\n'
          'extern "C" __host__ cudaError_t cudaThreadSynchronize(void);\n'
          'extern "C" __host__ cudaError_t cudaThreadExit(void);\n#endif\n')


def git(repo, *args):
    return subprocess.run(["git", "-C", repo] + list(args),
                          capture_output=True)


def extract(repo, spec, into):
    """Writes the suite's source files into `into`; returns (.cu paths,
    missing blob count)."""
    listing = git(repo, "ls-tree", "-r", "--name-only", "HEAD").stdout
    cus, missing = [], 0
    includes = tuple(d + "/" for d in spec.get("includes", []))
    for path in listing.decode().splitlines():
        if not path.endswith(EXTS):
            continue
        corpus = path.startswith(spec.get("under", "")) and (
            "only" not in spec or spec["only"] in "/" + path)
        if not corpus and not path.startswith(includes):
            continue
        blob = git(repo, "cat-file", "-p", "HEAD:" + path)
        if blob.returncode != 0:
            missing += 1
            continue
        dest = os.path.join(into, path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as f:
            f.write(blob.stdout)
        if path.endswith(".cu") and corpus:
            cus.append(dest)
    return sorted(cus), missing


def first_error(text):
    # A diagnostic's "error:" first: a note or warning line may name a file
    # or macro with "error" in it (financebench's errorFunctConsts.cuh).
    for line in text.splitlines():
        if re.search(r"\berror:", line):
            line = re.sub(r"^\S*/", "", line.strip())
            return line[:200]
    for line in text.splitlines():
        if "error" in line.lower():
            line = re.sub(r"^\S*/", "", line.strip())
            return line[:200]
    return (text.strip().splitlines() or ["(no message)"])[-1][:200]


# The PoCL step, in a process of its own: a build that does not finish (PoCL
# 3.1 on HeCBench's sc) is stopped and counted, not waited for.
POCL_BUILD = """
import sys
import pyopencl as cl
platform = [p for p in cl.get_platforms() if "Portable" in p.name][0]
ctx = cl.Context(platform.get_devices())
# Comments of real code hold bytes that are not UTF-8 (a Windows-1252
# apostrophe): read each byte as one character.
with open(sys.argv[1], encoding="latin-1") as f:
    source = f.read()
try:
    cl.Program(ctx, source).build(options=sys.argv[2:])
except Exception as e:  # a build failure is a result
    print(str(e))
    sys.exit(1)
"""
POCL_TIMEOUT = 300


def run(cmd, cwd=None, timeout=120):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd,
                           timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return 124, "error: timed out after %d s" % timeout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--xfence", required=True)
    parser.add_argument("--mirrors", default="/work/.mirror")
    parser.add_argument("--work", default="/tmp/xfence-corpus-cuda")
    parser.add_argument("--suite", action="append")
    parser.add_argument("--out")
    parser.add_argument("--to", choices=["opencl", "hip", "alpaka"],
                        default="opencl",
                        help="hip: translate with --to hip and check the "
                        "output with clang's HIP mode (gfx90a, HIP headers "
                        "of libamdhip64-dev); alpaka: translate with --to "
                        "alpaka and compile the output with g++ -std=c++20 "
                        "against --alpaka-include; no PoCL step for either")
    parser.add_argument("--alpaka-include",
                        help="alpaka 3's include/ directory (--to alpaka)")
    parser.add_argument("--assume-subgroup-size", action="store_true",
                        help="translate to OpenCL C with "
                        "--assume-subgroup-size=32 (the sub-group size "
                        "policy that warp code needs: __syncwarp, the warp "
                        "shuffles and votes)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="files checked at once (PoCL builds one at a "
                        "time)")
    opts = parser.parse_args()
    hip = opts.to == "hip"
    alpaka = opts.to == "alpaka"
    if alpaka and not opts.alpaka_include:
        parser.error("--to alpaka needs --alpaka-include")
    with open(os.path.join(HERE, "suites.json")) as f:
        suites = json.load(f)
    os.makedirs(opts.work, exist_ok=True)
    launch = os.path.join(opts.work, "xfence_launch.h")
    with open(launch, "w") as f:
        f.write(LAUNCH)

    include_re = re.compile(r'^\s*#\s*include\s*"([^"]+\.cuh?)"', re.M)
    device_re = re.compile(r"__global__|__device__")
    rows, totals = [], {}
    for name in opts.suite or sorted(suites):
        spec = suites[name]
        repo = os.path.join(opts.mirrors, spec["mirror"], "repo")
        into = os.path.join(opts.work, name)
        subprocess.run(["rm", "-rf", into])
        cus, missing = extract(repo, spec, into)
        t = totals.setdefault(name, dict(files=0, device=0, parsed=0,
                                         translated=0, clang=0, pocl=0,
                                         missing=missing))
        texts = {}
        for cu in cus:
            with open(cu, errors="replace") as f:
                texts[cu] = f.read()
        # Which .cu files #include which (rodinia and parboil compile
        # main.cu, which includes kernel.cu): a compilation unit has device
        # code if its text or a .cu/.cuh it includes has some; an included
        # .cu is not compiled on its own.
        includes, included_by = {}, {}
        for cu, text in texts.items():
            for inc in include_re.findall(text):
                path = os.path.normpath(os.path.join(os.path.dirname(cu), inc))
                includes.setdefault(cu, []).append(path)
                if path in texts:
                    included_by.setdefault(path, []).append(cu)

        def has_device(cu, seen):
            if cu in seen:
                return False
            seen.add(cu)
            text = texts.get(cu)
            if text is None and os.path.exists(cu):
                with open(cu, errors="replace") as f:
                    text = f.read()
            if text is None:
                return False
            if device_re.search(text):
                return True
            return any(has_device(i, seen) for i in includes.get(cu, []))

        def check(cu):
            """The file's result row and the steps it passed, or None for a
            file without device code."""
            rel = os.path.relpath(cu, into)
            if not has_device(cu, set()):
                return None
            passed = ["device"]
            d = os.path.dirname(cu)
            # The file's directory, the suite's include directories and its
            # root (some suites include "src/x/y.h").
            incs = ["-I" + d] + ["-I" + os.path.join(into, i)
                                 for i in spec.get("includes", [])] + [
                                     "-I" + into]
            parse = ["clang-22", "-x", "cuda", "--cuda-device-only",
                     "-nocudalib", "-std=c++17", "--cuda-gpu-arch=sm_90",
                     "-Wno-unknown-cuda-version", "--cuda-path=" + CUDA,
                     "-isystem", CUDA + "/include/cccl", "-include", launch,
                     "-fsyntax-only", "-w"] + incs + [cu]
            rc, log = run(parse, cwd=d)
            if rc != 0:
                why = first_error(log)
                if cu in included_by:
                    why = "#included by %s (not compiled on its own): %s" % (
                        ", ".join(os.path.relpath(i, into)
                                  for i in included_by[cu]), why)
                return (name, rel, "not parsed", why), passed
            passed.append("parsed")
            if hip or alpaka:
                # Translate, then the output's compiler: clang's HIP mode or
                # g++ against alpaka's headers; no PoCL step.
                out = cu[:-3] + (".hip" if hip else ".alpaka.cpp")
                rc, log = run([opts.xfence, "translate", cu, "--to", opts.to,
                               "-o", out] + incs, cwd=d)
                if rc != 0:
                    return (name, rel, "translate", first_error(log)), passed
                passed.append("translated")
                if hip:
                    # As xfence's own check: XFENCE_HIP_INCLUDE's
                    # directories (hipCUB, rocThrust) as system ones.
                    step, check = "clang", [
                        "clang-22", "-x", "hip", "--offload-arch=gfx90a",
                        "-nogpulib", "-D__AMDGCN_WAVEFRONT_SIZE=64",
                        "-include", HIP_SHIM] + [
                            "-isystem" + d for d in os.environ.get(
                                "XFENCE_HIP_INCLUDE", "").split(":") if d]
                else:
                    step, check = "g++", ["g++", "-std=c++20",
                                          "-I" + opts.alpaka_include]
                rc, log = run(check + ["-fsyntax-only", "-w"] + incs + [out],
                              cwd=d, timeout=600)
                if rc != 0:
                    return (name, rel, step, first_error(log)), passed
                passed.append("clang")
                return (name, rel, "ok", ""), passed
            out = cu[:-3] + ".CL3.0.cl"
            policy = (["--assume-subgroup-size=32"]
                      if opts.assume_subgroup_size else [])
            rc, log = run([opts.xfence, "translate", cu, "--to", "opencl",
                           "-cl-std=CL3.0",
                           "--device-variables=kernel-arguments"] + policy +
                          ["-o", out] + incs, cwd=d)
            if rc != 0:
                return (name, rel, "translate", first_error(log)), passed
            passed.append("translated")
            rc, log = run(["clang-22", "-x", "cl", "-cl-std=CL3.0",
                           "--target=spir64", "-Xclang",
                           "-finclude-default-header", "-fsyntax-only",
                           "-w"] + incs + [out], cwd=d)
            if rc != 0:
                return (name, rel, "clang", first_error(log)), passed
            passed.append("clang")
            rc, log = run([sys.executable, "-c", POCL_BUILD, out,
                           "-cl-std=CL3.0", "-w"] + incs, cwd=d,
                          timeout=POCL_TIMEOUT)
            if rc != 0:
                return (name, rel, "pocl", first_error(log)), passed
            passed.append("pocl")
            return (name, rel, "ok", ""), passed

        with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
            results = list(pool.map(check, cus))
        for result in results:
            t["files"] += 1
            if result is None:
                continue
            row, passed = result
            rows.append(row)
            for step in passed:
                t[step] += 1
        print("%s: %s" % (name, t), file=sys.stderr)

    checked = ("clang HIP (gfx90a)" if hip else
               "g++ C++20, alpaka 3" if alpaka else "clang CL3.0")
    built = "-" if hip or alpaka else "PoCL CL3.0"
    lines = ["| suite | .cu files | with device code | clang parses | "
             "translated | %s | %s | blobs missing |" % (checked, built),
             "|---|---|---|---|---|---|---|---|"]
    sums = dict(files=0, device=0, parsed=0, translated=0, clang=0, pocl=0,
                missing=0)
    for name, t in totals.items():
        lines.append("| %s | %d | %d | %d | %d | %d | %d | %d |" % (
            name, t["files"], t["device"], t["parsed"], t["translated"],
            t["clang"], t["pocl"], t["missing"]))
        for k in sums:
            sums[k] += t[k]
    lines.append("| **all** | %d | %d | %d | %d | %d | %d | %d |" % (
        sums["files"], sums["device"], sums["parsed"], sums["translated"],
        sums["clang"], sums["pocl"], sums["missing"]))
    done = sums["clang"] if hip or alpaka else sums["pocl"]
    rate = 100.0 * done / sums["parsed"] if sums["parsed"] else 0
    lines.append("")
    lines.append("%s: %d of %d parsed files (%.1f%%)." % (
        "Accepted by clang's HIP mode" if hip else
        "Compiled by g++ against alpaka 3" if alpaka else
        "Built on PoCL as OpenCL C 3.0", done, sums["parsed"], rate))
    lines.append("")
    lines.append("| suite | file | result | first error |")
    lines.append("|---|---|---|---|")
    for name, rel, result, why in rows:
        lines.append("| %s | %s | %s | %s |" % (
            name, rel, result, why.replace("|", "\\|")))
    text = "\n".join(lines) + "\n"
    if opts.out:
        with open(opts.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
