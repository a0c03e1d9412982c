#!/usr/bin/env bash
# The image benchmark (README.md): the original kernels.cl on PoCL and, if
# present, on NVIDIA's OpenCL; its xfence translation as CUDA on the GPU;
# every result compared.
#
#   bench/images/run.sh [OUT]
#
# Where build/bin/xfence exists (the build machine) it first translates
# kernels.cl into translated/kernels.cu; the GPU machine, which has no
# LLVM 22, uses the translation committed there. OUT (default
# bench/images/work) gets the sides' results and the comparisons.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$here/work}
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ -x "$root/build/bin/xfence" ]; then
  "$root/build/bin/xfence" translate "$here/kernels.cl" --to cuda \
    -o "$here/translated/kernels.cu" || exit 1
fi
rm -rf "$out"/pocl "$out"/nvcl "$out"/cuda "$out"/bin
mkdir -p "$out"/pocl "$out"/nvcl "$out"/cuda "$out"/bin
g++ -O2 -std=c++17 -I"$here" "$here/ocl_host.cpp" -o "$out/bin/ocl_host" \
  -lOpenCL || exit 1

# One ICD at a time.
side() { # NAME LIBRARY
  local vendors
  vendors=$(mktemp -d)
  echo "$2" > "$vendors/$1.icd"
  OCL_ICD_VENDORS=$vendors OCL_ICD_FILENAMES=$2 \
    "$out/bin/ocl_host" "$here/kernels.cl" "$out/$1" > "$out/$1.log" 2>&1
  local rc=$?
  echo "$1: exit $rc, $(sed -n 's/^device //p' "$out/$1.log")," \
    "$(ls "$out/$1" | wc -l) results, $(grep -c unsupported "$out/$1.log")" \
    "formats unsupported"
}
pocl=$(cat /etc/OpenCL/vendors/*pocl*.icd 2>/dev/null | head -1)
[ -n "$pocl" ] && side pocl "$pocl"
nvidia=$(ldconfig -p | awk '/libnvidia-opencl.so.1 / {print $NF; exit}')
[ -n "$nvidia" ] && side nvcl "$nvidia"

py=python3
python3 -c 'import numpy' 2>/dev/null || py=/usr/bin/python3
status=0
if command -v nvidia-smi > /dev/null && nvidia-smi > /dev/null 2>&1; then
  nvcc -std=c++17 -arch=sm_90 -O2 -I"$here" \
    -DKERNELS="\"$here/translated/kernels.cu\"" "$here/cuda_host.cu" \
    -o "$out/bin/cuda_host" || exit 1
  "$out/bin/cuda_host" "$out/cuda" > "$out/cuda.log" 2>&1
  echo "cuda: exit $?, $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(ls "$out/cuda" | wc -l) results"
  # NVIDIA's texture units compute linear-filter weights with 8 fractional
  # bits (CUDA C++ Programming Guide, "Linear Filtering"): a weight may be
  # off by 1/256 per filtered axis, so a result by up to 3/256 of the
  # range of the texel values (3.5 for the float formats here): 0.041.
  for ref in pocl nvcl; do
    [ -n "$(ls "$out/$ref" 2>/dev/null)" ] || continue
    tol=()
    [ $ref = nvcl ] && tol=(--linear-tol 0.041)
    echo "== translation on the GPU (CUDA) against the original on $ref"
    "$py" "$here/compare.py" "$out/$ref" "$out/cuda" --known "$here/known.txt" \
      --side $ref "${tol[@]}" > "$out/cuda-vs-$ref.txt"
    [ $? = 0 ] || status=1
    grep -v '^EXPLAINED' "$out/cuda-vs-$ref.txt" | tail -12
  done
fi
if [ -n "$(ls "$out/nvcl" 2>/dev/null)" ] && [ -n "$(ls "$out/pocl" 2>/dev/null)" ]; then
  echo "== the original: NVIDIA's OpenCL against PoCL"
  "$py" "$here/compare.py" "$out/pocl" "$out/nvcl" --linear-tol 0.041 \
    > "$out/nvcl-vs-pocl.txt"
  tail -12 "$out/nvcl-vs-pocl.txt"
fi
exit $status
