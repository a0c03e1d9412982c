#!/usr/bin/env bash
# Translates every OpenCL kernel file of test/e2e/kernels/ to CUDA with xfence
# into translated/NAME.cu, in the OpenCL C version the file's "// cl-std:"
# line names. Runs where xfence is built (not on the GPU machine); commit
# translated/ so that run_gpu.sh finds it there. TRANSLATED=DIR writes
# elsewhere.
#
#   bench/e2e/translate.sh [path/to/xfence] [NAME...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kernels=$here/../../test/e2e/kernels
xfence=$here/../../build/bin/xfence
if [ $# -gt 0 ] && [ -x "$1" ] && [ ! -d "$1" ]; then
  xfence=$1
  shift
fi
[ -x "$xfence" ] || { echo "translate.sh: no xfence at $xfence" >&2; exit 2; }
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in "$kernels"/*.cl; do names+=("$(basename "$f" .cl)"); done
fi
dest=${TRANSLATED:-$here/translated}
mkdir -p "$dest"
status=0
for name in "${names[@]}"; do
  src=$kernels/$name.cl
  std=$(sed -n 's|^// cl-std: *\(CL[0-9.]*\).*|\1|p' "$src" | head -1)
  if "$xfence" translate "$src" --to cuda -cl-std="${std:-CL1.2}" \
    -o "$dest/$name.cu"; then
    echo "translated $name ($std)"
  else
    echo "FAILED to translate $name ($std)" >&2
    status=1
  fi
done
exit $status
