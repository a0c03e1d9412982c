#!/usr/bin/env bash
# Regenerates generated/ with xfence (run here, where LLVM 22 is; the GPU
# machine only builds and runs what is committed):
#
#   generated/cuda-from-cl/X.cu      xfence translate src/cl/X.cl --to cuda
#   generated/cuda-from-hip/X.cu     xfence translate src/hip/X.hip --to cuda
#   generated/opencl-from-cu/cl12/X.cl         --to opencl --cl-std=CL1.2
#   generated/opencl-from-cu/cl12-assume/X.cl  the same with
#       --opencl12-device-fence=assume-global-fence-is-device-wide
#   generated/opencl-from-cu/cl30/X.cl         --to opencl --cl-std=CL3.0
#   generated/ptx/cl-X.ptx, cu-X.ptx xfence compile src/{cl,cu}/X --to ptx
#
# A refusal leaves X.err (xfence's diagnostics) instead of the output.
# Every output is then checked with the compiler of its language: OpenCL C
# with clang-22 (spir64, the -cl-std of its directory), CUDA with nvcc -c
# for sm_90 where nvcc is installed (else clang-22 -fsyntax-only with
# -nocudainc, which cannot see <cuda/atomic>), PTX with ptxas where it is
# installed. generated/log.txt records every step.
#
#   XFENCE=path/to/xfence bench/litmus-scoped/translate.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
XFENCE=${XFENCE:-$root/build/bin/xfence}
case $XFENCE in /*) ;; *) XFENCE=$root/$XFENCE ;; esac
CLANG=${CLANG:-clang-22}
NVCC=${NVCC:-nvcc}
command -v "$NVCC" >/dev/null || NVCC=/usr/local/cuda/bin/nvcc
PTXAS=$(dirname "$NVCC")/ptxas
cd "$here" # relative paths: the outputs and diagnostics name src/...
gen=generated
rm -rf "$gen"
mkdir -p "$gen"/{cuda-from-cl,cuda-from-hip,ptx} \
  "$gen"/opencl-from-cu/{cl12,cl12-assume,cl30}
log=$gen/log.txt
xroot=$(cd "$(dirname "$XFENCE")/../.." && pwd)
{
  echo "# bench/litmus-scoped/translate.sh"
  echo "# xfence built in the worktree at commit" \
    "$(git -C "$xroot" rev-parse --short HEAD 2>/dev/null || echo unknown)"
} >"$log"

# run OUT CMD...: runs an xfence command that writes OUT; on failure keeps
# its diagnostics in OUT's .err.
run() {
  local out=$1
  shift
  local err=${out%.*}.err
  if "$@" -o "$out" 2>"$err"; then
    rm -f "$err"
    echo "ok       $out" >>"$log"
  else
    rm -f "$out"
    echo "refused  $out: $(grep -m1 'error:' "$err")" >>"$log"
  fi
}

for f in src/cl/*.cl; do
  n=$(basename "$f" .cl)
  [ "$n" = role ] && continue
  run "$gen/cuda-from-cl/$n.cu" "$XFENCE" translate "$f" --to cuda \
    -cl-std=CL2.0 -I src/cl
done
for f in src/hip/*.hip; do
  n=$(basename "$f" .hip)
  run "$gen/cuda-from-hip/$n.cu" "$XFENCE" translate "$f" --to cuda
done
for f in src/cu/*.cu; do
  n=$(basename "$f" .cu)
  run "$gen/opencl-from-cu/cl12/$n.cl" "$XFENCE" translate "$f" \
    --to opencl --cl-std=CL1.2
  run "$gen/opencl-from-cu/cl12-assume/$n.cl" "$XFENCE" translate "$f" \
    --to opencl --cl-std=CL1.2 \
    --opencl12-device-fence=assume-global-fence-is-device-wide
  run "$gen/opencl-from-cu/cl30/$n.cl" "$XFENCE" translate "$f" \
    --to opencl --cl-std=CL3.0
done
for n in mp sb; do
  run "$gen/ptx/cl-$n.ptx" "$XFENCE" compile "src/cl/$n.cl" --to ptx \
    -cl-std=CL2.0 -I src/cl
  run "$gen/ptx/cu-$n.ptx" "$XFENCE" compile "src/cu/$n.cu" --to ptx
done

# The checks.
echo "# checks" >>"$log"
check() {
  local what=$1
  shift
  local msg
  if msg=$("$@" 2>&1); then
    echo "compiles $what" >>"$log"
  else
    echo "FAILS    $what: $(echo "$msg" | grep -m1 -i error)" >>"$log"
  fi
}
for f in src/cl/*.cl; do
  for std in CL2.0 CL3.0; do
    check "$f ($std)" "$CLANG" -x cl -cl-std=$std -Xclang \
      -finclude-default-header --target=spir64 -fsyntax-only -I src/cl "$f"
  done
done
for d in cl12 cl12-assume cl30; do
  std=CL1.2
  [ $d = cl30 ] && std=CL3.0
  for f in "$gen"/opencl-from-cu/$d/*.cl; do
    [ -e "$f" ] || continue
    check "$f ($std)" "$CLANG" -x cl -cl-std=$std -Xclang \
      -finclude-default-header --target=spir64 -fsyntax-only "$f"
  done
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in src/cu/*.cu "$gen"/cuda-from-cl/*.cu "$gen"/cuda-from-hip/*.cu; do
  [ -e "$f" ] || continue
  if [ -x "$NVCC" ] || command -v "$NVCC" >/dev/null; then
    check "$f (nvcc sm_90)" "$NVCC" -arch=sm_90 -std=c++17 -O3 -c "$f" \
      -o "$tmp/k.o"
  else
    check "$f (clang-22 syntax only)" "$CLANG" -x cuda \
      --cuda-gpu-arch=sm_90 -nocudainc -nocudalib -fsyntax-only "$f"
  fi
done
for f in "$gen"/ptx/*.ptx; do
  [ -e "$f" ] || continue
  if [ -x "$PTXAS" ]; then
    check "$f (ptxas sm_90)" "$PTXAS" -arch=sm_90 "$f" -o "$tmp/k.cubin"
  fi
done
cat "$log"
! grep -q '^FAILS' "$log"
