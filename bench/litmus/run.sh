#!/usr/bin/env bash
# Builds and runs the litmus suite on a machine with an NVIDIA GPU and nvcc
# (no LLVM needed: the translated kernels in generated/ are committed; make
# them anew with translate.sh). Writes the run and the fence instructions of
# every kernel's SASS to $OUT (default: results/).
#
#   bench/litmus/run.sh [iterations]      (default 64: > 10^6 instances/row)
set -euo pipefail
cd "$(dirname "$0")"
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null || nvcc=/usr/local/cuda/bin/nvcc
arch=${ARCH:-sm_90}
out=${OUT:-results}
mkdir -p build "$out"
objs=()
defs=()
[ -n "$(ls generated/*.cu 2>/dev/null)" ] || defs=(-DLITMUS_NO_TRANSLATED)
for f in $(ls generated/*.cu 2>/dev/null); do
  o=build/$(basename "$f" .cu).o
  "$nvcc" -arch="$arch" -std=c++17 -O3 -c "$f" -o "$o"
  objs+=("$o")
done
"$nvcc" -arch="$arch" -std=c++17 -O3 "${defs[@]}" litmus.cu "${objs[@]}" \
  -o build/litmus
cuobjdump=$(dirname "$(command -v "$nvcc")")/cuobjdump
"$cuobjdump" -sass build/litmus |
  grep -E "Function :|MEMBAR|FENCE|BAR\.|ERRBAR|CCTL" >"$out/sass-fences.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader \
  >"$out/device.txt" || true
./build/litmus "${1:-64}" | tee "$out/litmus.txt"
