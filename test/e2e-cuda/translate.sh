#!/bin/sh
# translate.sh XFENCE OUTDIR: translates every kernel of kernels/ to OpenCL
# C 1.2 and 3.0 (OUTDIR/<kernel>.<std>.cl). A kernel that needs device scope
# has no 1.2 form: that translation fails with an error, and the error is
# kept in OUTDIR/<kernel>.CL1.2.err.
set -u
xfence=$1
out=$2
here=$(dirname "$0")
mkdir -p "$out"
for kernel in "$here"/kernels/*.cu; do
  name=$(basename "$kernel" .cu)
  for std in CL1.2 CL3.0; do
    "$xfence" translate "$kernel" --to opencl -cl-std=$std \
      -o "$out/$name.$std.cl" 2>"$out/$name.$std.err" || true
  done
done
