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
. "$here/../common/mutants.sh"
work=$(mktemp -d)
{
  echo "== $(date -u +%F) $(nvidia-smi -L 2>/dev/null | head -1)"
  nvcc --version | tail -1
  build() { nvcc -O2 -arch=sm_90 -w -DPRELUDE="\"$1\"" "$here/lanes.cu" -o "$2"; }
  build "$here/warp_prelude.h" "$work/lanes" || exit 2
  echo "== warp_prelude.h"
  "$work/lanes"
  echo "exit $?"
  # A mutant of the prelude: lanes.cu built with it, then run.
  lanes_with() { build "$1" "$1.bin" && "$1.bin"; }
  mutant up-strict "$here/warp_prelude.h" 's/j >= maxLane/j > maxLane/' lanes_with
  mutant down-clamp15 "$here/warp_prelude.h" '/xfence_shfl_down_sync/s/| 31u/| 15u/' lanes_with
  mutant idx-no-segment "$here/warp_prelude.h" 's/(minLane | (bval \& ~segmask))/(bval \& ~segmask)/' lanes_with
  mutant xor-4-bits "$here/warp_prelude.h" 's/lane ^ bval;/lane ^ (bval \& 15);/' lanes_with
  echo "== e2e: kernels.cu as CUDA against kernels.cl on the OpenCL devices"
  nvcc -O2 -arch=sm_90 -w "$here/e2e.cu" -o "$work/e2e" -lOpenCL || exit 2
  "$work/e2e" "$here/kernels.cl"
  echo "exit $?"
  mutant ballot-high-word "$here/kernels.cl" 's/sub_group_ballot((p) != 0).x/sub_group_ballot((p) != 0).y/' "$work/e2e"
  mutant up-clamp31 "$here/kernels.cl" '/define xfence_shfl_up_sync/s/<< 8))/<< 8) | 31u)/' "$work/e2e"
  echo "== OpenCL devices: sub-group extensions"
  clinfo 2>/dev/null | grep -E 'Device Name|subgroup|sub_group' | sed 's/  */ /g' | head -20
} 2>&1 | tee "$result"
rm -rf "$work"
