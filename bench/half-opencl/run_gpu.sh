#!/usr/bin/env bash
# run_gpu.sh [RESULT.txt]: on the GPU machine, builds compare.cu with nvcc and
# runs it on kernels.cl (every OpenCL device with cl_khr_fp16), then on four
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
  mutant hne-unordered "$here/kernels.cl" 's/{ return islessgreater(a, b); }/{ return a != b; }/' "$work/compare"
  mutant float2half-rtz "$here/kernels.cl" 's/oh\[0 \* n + i\] = convert_half_rte(v)/oh[0 * n + i] = convert_half_rtz(v)/' "$work/compare"
  mutant hgt2-short "$here/kernels.cl" 's/convert_half2(-(a > b))/convert_half2(a > b)/' "$work/compare"
  mutant hisinf-sign "$here/kernels.cl" 's/(signbit(a) ? -1 : 1)/(signbit(a) ? 1 : -1)/' "$work/compare"
} 2>&1 | tee "$result"
rm -rf "$work"
