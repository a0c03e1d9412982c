#!/usr/bin/env bash
# Translates grid_barrier.cl to CUDA twice with xfence: as the specification
# says (--opencl-global-fence=workgroup, the default) and assuming
# device-wide global fences. Writes the translations here and the
# diagnostics of each run to results/translate-*.txt.
#
#   bench/global-fence/translate.sh [path/to/xfence]
set -euo pipefail
here=$(dirname "$0")
xfence=$(realpath "${1:-$here/../../build/bin/xfence}")
cd "$here"
mkdir -p results
for scope in workgroup device; do
  "$xfence" translate grid_barrier.cl --to cuda --opencl-global-fence=$scope \
    -o grid_barrier.$scope.cu 2>results/translate-$scope.txt
  echo "xfence translate grid_barrier.cl --to cuda --opencl-global-fence=$scope: $(grep -c 'warning:' results/translate-$scope.txt || true) warnings"
done
