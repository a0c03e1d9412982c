#!/bin/bash
# Builds test/rewriters/routes/cuda-to-opencl/simd-intrinsics.cu with nvcc
# (its GPU_RUN main) and runs it on the GPU: the hash of CUDA's own SIMD
# intrinsics over the test's inputs, which the lit test expects PoCL to
# print for the translation. Run on the GPU machine from the repository
# root: bash bench/cuda-to-opencl/run_simd_gpu.sh [OUT_DIR]
set -euo pipefail
out=${1:-${OUT:-/tmp}}
src=test/rewriters/routes/cuda-to-opencl/simd-intrinsics.cu
nvcc -arch=sm_90 -DGPU_RUN -x cu "$src" -o "$out/simd-intrinsics"
nvcc --version | tail -2
nvidia-smi --query-gpu=name --format=csv,noheader
"$out/simd-intrinsics" columns
