#!/bin/sh
# compile_ptx.sh XFENCE: `xfence compile KERNEL.cu --to ptx` for each CUDA
# kernel of test/e2e-cuda/kernels into ptx/KERNEL.ptx (docs/compile.md, CUDA
# input). Commit ptx/ so that `run_gpu.sh --ptx` finds it on the GPU machine,
# which has no LLVM 22.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
xfence=${1:?usage: compile_ptx.sh XFENCE}
mkdir -p "$here/ptx"
for src in "$here"/../../test/e2e-cuda/kernels/*.cu; do
  name=$(basename "$src" .cu)
  "$xfence" compile "$src" --to ptx -o "$here/ptx/$name.ptx"
  echo "compiled $name"
done
