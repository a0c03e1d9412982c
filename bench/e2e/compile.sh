#!/usr/bin/env bash
# Compiles every OpenCL kernel file of test/e2e/kernels/ to PTX with
# `xfence compile --to ptx` into ptx/NAME.ptx, in the OpenCL C version the
# file's "// cl-std:" line names (docs/compile.md). Runs where xfence is
# built; commit ptx/ so that `run_gpu.sh --ptx` finds it on the GPU machine.
#
#   bench/e2e/compile.sh [path/to/xfence] [NAME...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kernels=$here/../../test/e2e/kernels
xfence=$here/../../build/bin/xfence
if [ $# -gt 0 ] && [ -x "$1" ] && [ ! -d "$1" ]; then
  xfence=$1
  shift
fi
[ -x "$xfence" ] || { echo "compile.sh: no xfence at $xfence" >&2; exit 2; }
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in "$kernels"/*.cl; do names+=("$(basename "$f" .cl)"); done
fi
mkdir -p "$here/ptx"
status=0
for name in "${names[@]}"; do
  src=$kernels/$name.cl
  std=$(sed -n 's|^// cl-std: *\(CL[0-9.]*\).*|\1|p' "$src" | head -1)
  if "$xfence" compile "$src" --to ptx -cl-std="${std:-CL1.2}" \
    -o "$here/ptx/$name.ptx"; then
    echo "compiled $name ($std)"
  else
    echo "FAILED to compile $name ($std)" >&2
    status=1
  fi
done
exit $status
