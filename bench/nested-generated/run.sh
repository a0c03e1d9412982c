#!/usr/bin/env bash
# The long run of the rewriter's property test
# (test/rewriters/routes/opencl-to-cuda/gen_nested_kernels.py): FILES files of
# PER_FILE generated kernels each, OpenCL C 1.2 and 2.0 alternating by seed,
# translated here; then every translation compiled with nvcc, here or on the
# GPU machine (compile_all.sh, which needs only nvcc).
#
#   bench/nested-generated/run.sh SEED FILES PER_FILE [build/bin/xfence]
#   bench/nested-generated/compile_all.sh bench/nested-generated/work JOBS
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seed=${1:-100}; files=${2:-200}; per=${3:-50}
xfence=${4:-$root/build/bin/xfence}
clang=${CLANG:-/usr/lib/llvm-22/bin/clang}
out=$here/work
rm -rf "$out"; mkdir -p "$out"
# Two runs: 3/4 of the files as OpenCL C 1.2, 1/4 as 2.0.
cl2=$((files / 4)); cl12=$((files - cl2))
python3 "$root/test/rewriters/routes/opencl-to-cuda/gen_nested_kernels.py" \
  --seed "$seed" --files "$cl12" --per-file "$per" \
  --xfence "$xfence" --clang "$clang" --out "$out/cl12" | tee "$out/translate-cl12.txt"
python3 "$root/test/rewriters/routes/opencl-to-cuda/gen_nested_kernels.py" \
  --seed "$((seed + 1))" --files "$cl2" --per-file "$per" --cl2 \
  --xfence "$xfence" --clang "$clang" --out "$out/cl20" | tee "$out/translate-cl20.txt"
