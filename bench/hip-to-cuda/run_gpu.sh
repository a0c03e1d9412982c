#!/usr/bin/env bash
# HIP to CUDA on an NVIDIA GPU (docs/hip-to-cuda.md). translated/ holds what
# `xfence translate programs/sync_e2e.hip --to cuda` and the lit test
# test/rewriters/routes/hip-to-cuda/sync.hip gave (regenerate with ./translate.sh
# where xfence is built); this script needs only nvcc and a GPU:
#   bench/hip-to-cuda/run_gpu.sh OUTDIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:?usage: run_gpu.sh OUTDIR}"
mkdir -p "$out"
arch="${XFENCE_CUDA_ARCH:-sm_90}"
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -1
  echo "## nvcc -c translated/lit_sync.cu"
  nvcc -arch="$arch" -std=c++17 -c "$here/translated/lit_sync.cu" -o "$out/lit_sync.o"
  echo "accepted"
  echo "## translated/sync_e2e.cu"
  nvcc -arch="$arch" -std=c++17 "$here/translated/sync_e2e.cu" -o "$out/sync_e2e"
  "$out/sync_e2e"
  echo "## the same under compute-sanitizer (memcheck)"
  compute-sanitizer --tool memcheck "$out/sync_e2e" | tail -3
} 2>&1 | tee "$out/hip-to-cuda-gpu.txt"
