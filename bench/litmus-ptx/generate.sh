#!/bin/sh
# Lowers mp.mlir to PTX with xfence (run here, where LLVM/MLIR are; the PTX
# files are committed so that the GPU machine needs only nvcc). It runs the
# pipeline of `xfence-translate --export-ptx` with xfence-opt and takes the
# PTX out of the resulting gpu.binary.
# usage: generate.sh [build dir]
set -e
cd "$(dirname "$0")"
BUILD=${1:-../../build-lower}
for target in "90 86" "80 78"; do
  set -- $target
  "$BUILD/bin/xfence-opt" mp.mlir --pass-pipeline="builtin.module(nvvm-attach-target{chip=sm_$1 features=+ptx$2}, gpu.module(convert-xfence-to-nvvm{sm=$1 ptx=$2}, convert-scf-to-cf, convert-gpu-to-nvvm), reconcile-unrealized-casts, gpu-module-to-binary{format=isa})" |
    python3 -c '
import re, sys
text = sys.stdin.read()
asm = re.search(r"assembly = \"(.*?)\"[,>]", text, re.S).group(1)
sys.stdout.write(re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), asm))
' > "mp_sm$1.ptx"
done
