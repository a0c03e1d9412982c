#!/bin/sh
# run_gpu.sh [--ptx] [--reps N] [ARCH]: on the GPU machine (nvcc, a CUDA GPU;
# no Python or LLVM needed), builds driver.cu with the original CUDA kernels
# of test/e2e-cuda/kernels and checks that the GPU computes, bit for bit,
# what their OpenCL C translations computed on PoCL (data/, exported by
# test/e2e-cuda/run_pocl.py --export and checked to be current by
# test/e2e-cuda/data-up-to-date.test). With --ptx it then runs the same
# kernels compiled by `xfence compile --to ptx` (ptx/, compile_ptx.sh) the
# same way. Prints PASS/FAIL per kernel with the median launch time; exit
# status 1 on any FAIL.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ptx=0
reps=1
while [ $# -gt 0 ]; do
  case "$1" in
    --ptx) ptx=1 ;;
    --reps) shift; reps=$1 ;;
    *) break ;;
  esac
  shift
done
arch=${1:-sm_90}
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null 2>&1 || nvcc=/usr/local/cuda/bin/nvcc
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
"$nvcc" -std=c++17 -O2 -arch="$arch" -o "$build/driver" "$here/driver.cu"
status=0
"$build/driver" "$here/data" --reps "$reps" || status=1
if [ "$ptx" = 1 ]; then
  "$build/driver" "$here/data" --ptx "$here/ptx" --reps "$reps" || status=1
fi
exit $status
