#!/usr/bin/python3
"""The CUDA kernels of test/e2e-cuda/kernels through `xfence compile
KERNEL.cu --to cpu` (their OpenCL C 2.0 translation, then the CPU route),
run with the inputs and compared exactly with the numpy references of
test/e2e-cuda/run_pocl.py, as that runner compares PoCL's results. The
launch functions take the translation's arguments (an extern __shared__
array: a trailing size in bytes). Prints PASS/FAIL per kernel; exit 1 on
any failure.

  cuda_cpu.py --xfence XFENCE --cc CC --ldflags '-lomp -lm' --work DIR
              [--corrupt]
"""

import argparse
import importlib.util
import os
import shlex
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
CUDA = os.path.join(ROOT, "test", "e2e-cuda")

CTYPES = {np.dtype(np.float32): "float", np.dtype(np.int32): "int",
          np.dtype(np.uint32): "uint"}


def load_specs():
    spec = importlib.util.spec_from_file_location(
        "cuda_run_pocl", os.path.join(CUDA, "run_pocl.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SPECS


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xfence", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--ldflags", default="-lomp -lm")
    ap.add_argument("--work", required=True)
    ap.add_argument("--corrupt", action="store_true",
                    help="change the references (shows that FAIL shows)")
    opts = ap.parse_args()
    os.makedirs(opts.work, exist_ok=True)
    failed = 0
    for name, make in sorted(load_specs().items()):
        spec = make(np.random.default_rng(7))
        base = os.path.join(opts.work, name)
        lines = ["test %s" % name]
        arrays = []
        for i, (kind, value) in enumerate(spec["args"]):
            if kind in ("in", "out"):
                lines.append("buffer a%d %s %d out fill 0 0 0.0 0.0" %
                             (i, CTYPES[value.dtype], value.size))
                arrays.append((i, value))
        lines.append("launch %s %d 1 1 %d 1 1" %
                     (spec["kernel"], spec["grid"] * spec["block"],
                      spec["block"]))
        for i, (kind, value) in enumerate(spec["args"]):
            lines.append("arg buffer a%d" % i if kind in ("in", "out") else
                         "arg local %d" % value if kind == "local" else
                         "arg scalar int %d" % value)
        with open(base + ".manifest", "w") as f:
            f.write("\n".join(lines + ["end"]) + "\n")
        with open(base + ".in.bin", "wb") as f:
            for _, value in arrays:
                f.write(value.tobytes())
        try:
            subprocess.run([opts.xfence, "compile", "--cuda-builtin-header",
                            os.path.join(CUDA, "kernels", name + ".cu"),
                            "--to", "cpu", "-o", base + ".o"], check=True)
            with open(base + ".calls.c", "w") as f:
                subprocess.run([sys.executable,
                                os.path.join(HERE, "gen_calls.py"),
                                base + ".manifest", name + ".h"], stdout=f,
                               check=True)
            subprocess.run([opts.cc, "-O2", "-Wall", "-Werror", "-I",
                            opts.work, os.path.join(HERE, "driver.c"),
                            base + ".calls.c", base + ".o", "-o",
                            base + ".cpu", *shlex.split(opts.ldflags)],
                           check=True)
            subprocess.run([base + ".cpu", base + ".manifest",
                            base + ".in.bin", "--dump", base + ".dump",
                            "--reps", "3"], check=True,
                           stdout=subprocess.DEVNULL)
        except subprocess.CalledProcessError as e:
            print("FAIL %s: %s exited with %d" % (name, e.cmd[0],
                                                 e.returncode))
            failed += 1
            continue
        with open(base + ".dump", "rb") as f:
            data = f.read()
        got, at = {}, 0
        for i, value in arrays:
            got[i] = np.frombuffer(data[at:at + value.nbytes],
                                   dtype=value.dtype)
            at += value.nbytes
        bad = []
        for index, ref in spec["expected"].items():
            if opts.corrupt:
                ref = ref + 1
            if not np.array_equal(got[index], ref):
                bad.append("argument %d differs at %d places" %
                           (index, int(np.sum(got[index] != ref))))
        if bad:
            failed += 1
            print("FAIL %s: %s" % (name, "; ".join(bad)))
        else:
            print("PASS %s [%s]: the reference's %d values" %
                  (name, spec["kernel"],
                   sum(r.size for r in spec["expected"].values())))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
