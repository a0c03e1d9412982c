#!/bin/sh
# run_gpu.sh [ARCH]: on the GPU machine (nvcc, a CUDA GPU; no Python or
# LLVM needed), builds driver.cu with the original CUDA kernels of
# test/e2e-cuda/kernels and checks that the GPU computes, bit for bit, what
# their OpenCL C translations computed on PoCL (data/, exported by
# test/e2e-cuda/run_pocl.py --export and checked to be current by
# test/e2e-cuda/data-up-to-date.test). Prints PASS/FAIL per kernel; exit
# status 1 on any FAIL.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
arch=${1:-sm_90}
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null 2>&1 || nvcc=/usr/local/cuda/bin/nvcc
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
"$nvcc" -std=c++17 -O2 -arch="$arch" -o "$build/driver" "$here/driver.cu"
"$build/driver" "$here/data"
