#!/usr/bin/env bash
# run_gpu.sh [RESULT.txt]: on the GPU machine, lanes.cu with warp_prelude.h
# (the shuffles as xfence writes them against CUDA's), then four mutants of
# the prelude that must show differences; e2e.cu (kernels.cu as CUDA
# against its translation kernels.cl on the OpenCL devices with sub-group
# shuffles and ballots) and two mutants of kernels.cl; and which sub-group
# extensions the machine's OpenCL devices list.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
result=${1:-/dev/stdout}
work=$(mktemp -d)
{
  echo "== $(date -u +%F) $(nvidia-smi -L 2>/dev/null | head -1)"
  nvcc --version | tail -1
  build() { nvcc -O2 -arch=sm_90 -w -DPRELUDE="\"$1\"" "$here/lanes.cu" -o "$2"; }
  build "$here/warp_prelude.h" "$work/lanes" || exit 2
  echo "== warp_prelude.h"
  "$work/lanes"
  echo "exit $?"
  mutate() { # NAME SED-EXPRESSION
    sed "$2" "$here/warp_prelude.h" >"$work/$1.h"
    if cmp -s "$here/warp_prelude.h" "$work/$1.h"; then
      echo "== mutant $1: the expression changed nothing (broken mutant)"
      return
    fi
    build "$work/$1.h" "$work/$1" || { echo "mutant $1 does not build"; return; }
    echo "== mutant $1"
    "$work/$1" | grep -v ' 0 of '
    status=${PIPESTATUS[0]}
    echo "mutant $1 exit $status ($([ "$status" = 1 ] && echo killed || echo SURVIVED))"
  }
  mutate up-strict 's/j >= maxLane/j > maxLane/'
  mutate down-clamp15 '/xfence_shfl_down_sync/s/| 31u/| 15u/'
  mutate idx-no-segment 's/(minLane | (bval \& ~segmask))/(bval \& ~segmask)/'
  mutate xor-4-bits 's/lane ^ bval;/lane ^ (bval \& 15);/'
  echo "== e2e: kernels.cu as CUDA against kernels.cl on the OpenCL devices"
  nvcc -O2 -arch=sm_90 -w "$here/e2e.cu" -o "$work/e2e" -lOpenCL || exit 2
  "$work/e2e" "$here/kernels.cl"
  echo "exit $?"
  e2e_mutant() { # NAME SED-EXPRESSION
    sed "$2" "$here/kernels.cl" >"$work/$1.cl"
    if cmp -s "$here/kernels.cl" "$work/$1.cl"; then
      echo "== e2e mutant $1: the expression changed nothing (broken mutant)"
      return
    fi
    echo "== e2e mutant $1"
    "$work/e2e" "$work/$1.cl" | grep -v ' 0 of '
    status=${PIPESTATUS[0]}
    echo "e2e mutant $1 exit $status ($([ "$status" = 1 ] && echo killed || echo SURVIVED))"
  }
  e2e_mutant ballot-high-word 's/sub_group_ballot((p) != 0).x/sub_group_ballot((p) != 0).y/'
  e2e_mutant up-clamp31 '/define xfence_shfl_up_sync/s/<< 8))/<< 8) | 31u)/'
  echo "== OpenCL devices: sub-group extensions"
  clinfo 2>/dev/null | grep -E 'Device Name|subgroup|sub_group' | sed 's/  */ /g' | head -20
} 2>&1 | tee "$result"
rm -rf "$work"
