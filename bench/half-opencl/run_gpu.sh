#!/usr/bin/env bash
# run_gpu.sh [RESULT.txt]: on the GPU machine, builds compare.cu with nvcc and
# runs it on kernels.cl (every OpenCL device with cl_khr_fp16), then on four
# mutants of kernels.cl, each of which must show differences (exit 1).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
result=${1:-/dev/stdout}
work=$(mktemp -d)
{
  echo "== $(date -u +%F) $(nvidia-smi -L 2>/dev/null | head -1)"
  nvcc --version | tail -1
  nvcc -O2 -arch=sm_90 -w "$here/compare.cu" -o "$work/compare" -lOpenCL || exit 2
  echo "== kernels.cl"
  "$work/compare" "$here/kernels.cl"
  echo "exit $?"
  mutate() { # NAME SED-EXPRESSION
    sed "$2" "$here/kernels.cl" >"$work/$1.cl"
    if cmp -s "$here/kernels.cl" "$work/$1.cl"; then
      echo "== mutant $1: the expression changed nothing (broken mutant)"
      return
    fi
    echo "== mutant $1"
    "$work/compare" "$work/$1.cl" | grep -v ' 0 differ' | grep -v '^devices'
    status=${PIPESTATUS[0]}
    echo "mutant $1 exit $status ($([ "$status" = 1 ] && echo killed || echo SURVIVED))"
  }
  mutate hne-unordered 's/{ return islessgreater(a, b); }/{ return a != b; }/'
  mutate float2half-rtz 's/oh\[0 \* n + i\] = convert_half_rte(v)/oh[0 * n + i] = convert_half_rtz(v)/'
  mutate hgt2-short 's/convert_half2(-(a > b))/convert_half2(a > b)/'
  mutate hisinf-sign 's/(signbit(a) ? -1 : 1)/(signbit(a) ? 1 : -1)/'
} 2>&1 | tee "$result"
rm -rf "$work"
