#!/bin/bash
# The CUDA to HIP translation of test/rewriters/routes/cuda-to-opencl/
# simd-intrinsics.cu, made buildable by nvcc: its HIP include swapped for
# CUDA's, so that its prelude's SIMD helpers (xfence_vadd4, ...) run on
# an NVIDIA GPU in place of CUDA's intrinsics. Run here:
#   bash bench/hip-helpers/make_simd.sh BUILD/bin/xfence
# then bench/cuda-to-opencl/run_simd_gpu.sh on the GPU machine builds and
# runs it beside the CUDA original (both must print the same hash).
set -euo pipefail
xfence=${1:?usage: make_simd.sh XFENCE}
here=$(cd "$(dirname "$0")" && pwd)
src=$here/../../test/rewriters/routes/cuda-to-opencl/simd-intrinsics.cu
out=$here/simd-intrinsics.from-hip.cu
"$xfence" translate "$src" --to hip -o "$out.tmp" 2>/dev/null
sed 's|#include <hip/hip_runtime.h>|#include <cuda_runtime.h>|' "$out.tmp" > "$out"
rm -f "$out.tmp"
grep -c 'xfence_v' "$out" > /dev/null
echo "wrote $out"
