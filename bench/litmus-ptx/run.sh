#!/bin/sh
# Builds the host driver and runs every message-passing kernel of the
# committed PTX files on GPU 0. Needs nvcc and a GPU; no LLVM/MLIR.
# Expected: mp_device 0 weak outcomes (inter-block), mp_workgroup (the
# mutant, fences too narrow between blocks) and mp_none more than zero.
# Exit status 1 if the device-scope kernel ever shows a weak outcome.
# usage: run.sh [iterations]
set -e
cd "$(dirname "$0")"
ITERS=${1:-200}
NVCC=${NVCC:-nvcc}
command -v "$NVCC" >/dev/null || NVCC=/usr/local/cuda/bin/nvcc
OUT=${TMPDIR:-/tmp}/xfence-litmus-ptx
mkdir -p "$OUT"
"$NVCC" -O2 -o "$OUT/mp_host" mp_host.cu -lcuda
status=0
for ptx in mp_sm90.ptx mp_sm80.ptx; do
  for k in mp_device mp_workgroup mp_none; do
    line=$("$OUT/mp_host" "$ptx" "$k" "$ITERS")
    echo "$line"
    weak=$(echo "$line" | sed -n 's/.* weak *\([0-9]*\) of.*/\1/p')
    if [ "$k" = mp_device ] && [ "$weak" != 0 ]; then
      echo "FAIL: device-scope fences let a weak outcome through ($ptx)"
      status=1
    fi
  done
  "$OUT/mp_host" "$ptx" mp_none "$ITERS" --same-block
done
exit $status
