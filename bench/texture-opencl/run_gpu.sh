#!/usr/bin/env bash
# run_gpu.sh [RESULT.txt]: on the GPU machine, builds compare.cu with nvcc and
# runs it on kernels.cl (every OpenCL device with images), then on two
# mutants of kernels.cl, each of which must show differences (exit 1).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
result=${1:-/dev/stdout}
. "$here/../common/mutants.sh"
work=$(mktemp -d)
{
  echo "== $(date -u +%F) $(nvidia-smi -L 2>/dev/null | head -1)"
  nvcc --version | tail -1
  nvcc -O2 -arch=sm_90 -w "$here/compare.cu" -o "$work/compare" -lOpenCL || exit 2
  echo "== kernels.cl"
  "$work/compare" "$here/kernels.cl"
  echo "exit $?"
  mutant xy-swapped "$here/kernels.cl" '/define xfence_tex2D_float(/s/(float2)((float)(xfence_x), (float)(xfence_y))/(float2)((float)(xfence_y), (float)(xfence_x))/' "$work/compare"
  mutant fetch-next "$here/kernels.cl" '/define xfence_tex1Dfetch_float/s/(int)(xfence_i)/(int)(xfence_i) + 1/' "$work/compare"
} 2>&1 | tee "$result"
rm -rf "$work"
