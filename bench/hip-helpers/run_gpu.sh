#!/usr/bin/env bash
# run_gpu.sh [OUT]: on the GPU machine, builds compare.cu against the
# helpers.cuh that make_helpers.sh wrote (here, with xfence), runs it, and
# runs three mutants of the helpers (a signed lane read as unsigned, a
# signed byte product read unsigned, a tile rank off by a factor of two),
# each of which must show mismatches: the comparison can fail.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/results/compare.txt}
mkdir -p "$(dirname "$out")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build() { # build NAME SED-EXPRESSION
  mkdir -p "$work/$1"
  sed "$2" "$here/helpers.cuh" > "$work/$1/helpers.cuh"
  cp "$here/compare.cu" "$work/$1/"
  nvcc -std=c++17 -arch=sm_90 -O2 -o "$work/$1/compare" "$work/$1/compare.cu"
}
build helpers 's/^//'
build mutant-lanes 's/xfence_simd_minmax<8, true, true>/xfence_simd_minmax<8, false, true>/'
build mutant-dp4a 's/(int)(signed char)(a >> i)/(int)(unsigned char)(a >> i)/'
build mutant-rank 's|return xfence_block_thread_rank() / N;|return xfence_block_thread_rank() / (2 * N);|'
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -1
  echo "== the helpers as xfence writes them"
  "$work/helpers/compare"
  for m in mutant-lanes mutant-dp4a mutant-rank; do
    echo "== $m (must mismatch)"
    if "$work/$m/compare" | grep -v ' mismatches 0$'; then :; fi
    if "$work/$m/compare" > /dev/null; then echo "MUTANT NOT CAUGHT: $m"; fi
  done
} | tee "$out"
! grep -q "MUTANT NOT CAUGHT" "$out"
