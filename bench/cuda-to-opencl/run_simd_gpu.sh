#!/bin/bash
# Builds test/rewriters/routes/cuda-to-opencl/simd-intrinsics.cu with nvcc
# (its GPU_RUN main) and runs it on the GPU: the hash of CUDA's own SIMD
# intrinsics over the test's inputs, which the lit test expects PoCL to
# print for the OpenCL C translation. Where bench/hip-helpers/make_simd.sh
# has made the HIP translation buildable by nvcc, it is built and run too:
# its helpers must print the same hash. Run on the GPU machine from the
# repository root: bash bench/cuda-to-opencl/run_simd_gpu.sh [OUT_DIR]
set -euo pipefail
out=${1:-${OUT:-/tmp}}
src=test/rewriters/routes/cuda-to-opencl/simd-intrinsics.cu
nvcc --version | tail -2
nvidia-smi --query-gpu=name --format=csv,noheader
echo "== CUDA's intrinsics"
nvcc -arch=sm_90 -DGPU_RUN -x cu "$src" -o "$out/simd-intrinsics"
"$out/simd-intrinsics" columns
hip=bench/hip-helpers/simd-intrinsics.from-hip.cu
if [ -e "$hip" ]; then
  echo "== the CUDA to HIP translation's helpers"
  nvcc -arch=sm_90 -DGPU_RUN -x cu "$hip" -o "$out/simd-from-hip"
  "$out/simd-from-hip" columns
  # A mutant (the signed average rounded up, not away from zero) must
  # print another hash: the comparison can fail.
  echo "== mutant: __vavgs* rounded half up"
  sed 's/(x + y + (x + y >= 0 ? 1 : 0)) >> 1/(x + y + 1) >> 1/' "$hip" > "$out/mutant.cu"
  grep -q 'x + y + 1) >> 1' "$out/mutant.cu"
  nvcc -arch=sm_90 -DGPU_RUN -x cu "$out/mutant.cu" -o "$out/simd-mutant"
  "$out/simd-mutant" | head -1
  rm -f "$out/mutant.cu" "$out/simd-mutant"
fi
rm -f "$out/simd-intrinsics" "$out/simd-from-hip"
