#!/usr/bin/env bash
# Builds the two translations of grid_barrier.cl with the host program and
# runs each on the GPU, counting stale reads after the barrier across
# work-groups. Needs only nvcc and an NVIDIA GPU (the translations are
# committed; translate.sh makes them anew). Writes to $OUT (default
# results/): one log per variant, the fence and barrier instructions of each
# kernel's SASS, and the device.
#
#   bench/global-fence/run_gpu.sh [LAUNCHES [ROUNDS [MAX_SECONDS]]]
#   (default 100 launches x 1000 rounds = 10^5 barrier instances per variant)
set -euo pipefail
cd "$(dirname "$0")"
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null || nvcc=/usr/local/cuda/bin/nvcc
arch=${ARCH:-sm_90}
out=${OUT:-results}
launches=${1:-100}
rounds=${2:-1000}
seconds=${3:-120}
mkdir -p build "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader \
  >"$out/device.txt" || true
"$nvcc" --version | tail -2 >>"$out/device.txt"
# PRIME=0: without the reads that put the old values in the cache first.
for scope in workgroup device; do
  for prime in 1 0; do
    "$nvcc" -arch="$arch" -std=c++17 -O3 -DPRIME=$prime \
      -DTRANSLATION="\"grid_barrier.$scope.cu\"" host.cu \
      -o build/host-$scope-prime$prime
  done
done
cuobjdump=$(dirname "$(command -v "$nvcc")")/cuobjdump
for scope in workgroup device; do
  echo "== $scope"
  "$cuobjdump" -sass build/host-$scope-prime1 |
    grep -E "MEMBAR|FENCE|BAR\.|ERRBAR|CCTL|ATOM|RED\." || true
done >"$out/sass-fences.txt"
for prime in 1 0; do
  for scope in workgroup device; do
    exe=build/host-$scope-prime$prime
    echo "== --opencl-global-fence=$scope, PRIME=$prime: $exe $launches $rounds $seconds"
    timeout $((${seconds%.*} + 120)) ./$exe "$launches" "$rounds" "$seconds" ||
      echo "exit status $?"
  done
done 2>&1 | tee "$out/run.txt"
