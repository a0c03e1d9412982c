#!/usr/bin/env bash
# make_kernels.sh XFENCE: kernels.cu translated to OpenCL C 3.0 as a user
# would (the output check on), into kernels.cl beside this script.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
xfence=${1:?usage: make_kernels.sh XFENCE}
XFENCE_VERIFY_OUTPUT=1 "$xfence" translate "$here/kernels.cu" --to opencl \
  -cl-std=CL3.0 -o "$here/kernels.cl"
echo "wrote $here/kernels.cl"
