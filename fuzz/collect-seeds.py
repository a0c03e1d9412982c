#!/usr/bin/env python3
"""Collects the seed corpora of the fuzz targets from the repository's own
tests (docs/fuzzing.md): test/**/*.mlir for the dialect and its passes,
those in the LLVM dialect, test/**/*.ll and Clang's IR of test/**/*.cl
(imported with mlir-translate-22, where clang-22 and it are installed) for
xfence-raise-llvm, test/**/*.cl
for the OpenCL C translation and test/**/*.cu for the CUDA one.

  fuzz/collect-seeds.py OUT [--max-len N]

writes OUT/<target>/<sha1> (the corpora are not committed: .gitignore).
Each seed is at most N bytes (the fuzzers' -max_len, default 8192):
comment-only lines (RUN and CHECK lines) are dropped from MLIR tests,
--split-input-file pieces are separate seeds, and larger modules are cut
between their top-level operations, each piece with the file's one-line
declarations. Sources keep their RUN lines (the fuzzers read -cl-std= and
other options from them) and lose their #include lines (the fuzzers refuse
inputs that could read a host file; the CUDA one declares the toolkit's API
itself).
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ["dialect-passes-fuzzer", "raise-llvm-fuzzer",
           "translate-opencl-fuzzer", "translate-cuda-fuzzer"]


def test_files(ext):
    for dirpath, _, names in sorted(os.walk(os.path.join(ROOT, "test"))):
        for name in sorted(names):
            if name.endswith(ext):
                yield os.path.join(dirpath, name)


def mlir_pieces(text, max_len):
    """The --split-input-file pieces of `text` without comment lines, cut
    into pieces of at most max_len bytes between top-level operations."""
    for piece in re.split(r"^// -----.*$", text, flags=re.M):
        lines = [l for l in piece.splitlines() if not l.lstrip().startswith("//")]
        body = "\n".join(lines).strip() + "\n"
        if not body.strip():
            continue
        if len(body) <= max_len:
            yield body
            continue
        # Top-level items: a line at column 0 up to its closing "}" at
        # column 0, or a single line (a declaration).
        decls, items, current = [], [], []
        for line in lines:
            if not current:
                if not line.strip():
                    continue
                if line.startswith(" ") or line == "}":
                    continue  # Inside a wrapper we cannot cut; skipped.
                current = [line]
                if not line.rstrip().endswith("{"):
                    decls.append(line)
                    current = []
                continue
            current.append(line)
            if line == "}":
                items.append("\n".join(current))
                current = []
        header = "\n".join(decls) + "\n" if decls else ""
        chunk = header
        for item in items:
            if len(chunk) + len(item) + 1 > max_len and chunk != header:
                yield chunk
                chunk = header
            if len(header) + len(item) + 1 <= max_len:
                chunk += item + "\n"
        if chunk != header:
            yield chunk


def unwrap_module(text):
    """mlir-translate's output without its `module attributes {...} {`
    wrapper (the data layout), so that mlir_pieces can cut it."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("module") and line.rstrip().endswith("{"):
            end = max(j for j, l in enumerate(lines) if l == "}")
            body = [l[2:] if l.startswith("  ") else l
                    for l in lines[i + 1:end]]
            return "\n".join(lines[:i] + body + lines[end + 1:]) + "\n"
    return text


def source_seed(text):
    return "".join(l for l in text.splitlines(keepends=True)
                   if not re.match(r"\s*#\s*include", l))


def write(out, target, text, max_len):
    data = text.encode()
    if not data.strip() or len(data) > max_len:
        return False
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(out, target, name), "wb") as f:
        f.write(data)
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--max-len", type=int, default=8192)
    args = parser.parse_args()
    for target in TARGETS:
        os.makedirs(os.path.join(args.out, target), exist_ok=True)
    counts = dict.fromkeys(TARGETS, 0)

    def add(target, text):
        counts[target] += write(args.out, target, text, args.max_len)

    for path in test_files(".mlir"):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for piece in mlir_pieces(text, args.max_len):
            add("dialect-passes-fuzzer", piece)
            if "llvm.func" in piece:
                add("raise-llvm-fuzzer", piece)
    translate = shutil.which("mlir-translate-22") or shutil.which(
        "mlir-translate")
    for path in test_files(".ll"):
        if not translate:
            break
        run = subprocess.run([translate, "--import-llvm", path],
                             capture_output=True, text=True)
        if run.returncode == 0:
            for piece in mlir_pieces(unwrap_module(run.stdout), args.max_len):
                add("raise-llvm-fuzzer", piece)
    # The shape xfence compile raises: Clang's IR of the OpenCL tests
    # (spir64 and nvptx64), imported into the LLVM dialect.
    clang = shutil.which("clang-22") or shutil.which("clang")
    for path in test_files(".cl"):
        if not (clang and translate):
            break
        for triple in ["spir64-unknown-unknown", "nvptx64-nvidia-cuda"]:
            ir = subprocess.run(
                [clang, "-x", "cl", "-cl-std=CL2.0", "--target=" + triple,
                 "-Xclang", "-finclude-default-header", "-O1", "-g0",
                 "-emit-llvm", "-S", "-o", "-", path],
                capture_output=True, text=True)
            if ir.returncode != 0:
                continue
            run = subprocess.run([translate, "--import-llvm"], input=ir.stdout,
                                 capture_output=True, text=True)
            if run.returncode == 0:
                for piece in mlir_pieces(unwrap_module(run.stdout), args.max_len):
                    add("raise-llvm-fuzzer", piece)
    for ext, target in [(".cl", "translate-opencl-fuzzer"),
                        (".cu", "translate-cuda-fuzzer")]:
        for path in test_files(ext):
            with open(path, encoding="utf-8", errors="replace") as f:
                add(target, source_seed(f.read()))
    for target in TARGETS:
        print("%s: %d seeds" % (target, counts[target]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
