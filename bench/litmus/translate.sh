#!/usr/bin/env bash
# Translates the OpenCL litmus kernels in src/ to CUDA with xfence (fence
# coalescing on, as by default) into generated/, and records what the
# coalescing did in generated/report.txt.
#
#   bench/litmus/translate.sh [path/to/xfence]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
xfence=${1:-$here/../../build/bin/xfence}
for f in "$here"/src/*.cl; do
  name=$(basename "$f" .cl)
  "$xfence" translate "$f" --to cuda -cl-std=CL2.0 -I "$here/src" \
    -o "$here/generated/$name.cu"
done
