#!/usr/bin/env bash
# Builds and runs every litmus test of bench/litmus-scoped on a machine with
# an NVIDIA GPU (sm_90: thread-block clusters), nvcc and g++; no LLVM: the
# translations in generated/ are committed (make them anew with
# translate.sh). OpenCL runs on every platform it finds whose name has
# "NVIDIA" or "Portable" (PoCL), without OpenCL headers or the ICD loader
# (ocl_host.cpp).
#
#   bench/litmus-scoped/run.sh [instances per row]   (default 1100000)
#
# Writes six files to $OUT (default results/<date>), since a GPU machine may
# give back only a few: table.txt (every row and every program's remarks),
# device.txt (the GPU, nvcc, the OpenCL platforms), build.log,
# sass-fences.txt (the fence instructions of the SASS of every CUDA
# kernel), opencl-ptx-fences.txt (those of the PTX that NVIDIA's OpenCL
# compiler made, per kernel) and details.tar.gz (each program's own output,
# cuda.txt, cluster.txt, ptx.txt, opencl.txt, and opencl/: the OpenCL build
# logs and PTX files). POCL_INSTANCES (default 20000) is the count per PoCL
# row; PARTS (default "cuda cluster ptx opencl") picks what is built and
# run; OPENCL_PLATFORMS (default "NVIDIA Portable") the OpenCL platforms.
# Exit status 1 if a kernel that must count 0 did not, else 2 if a program
# of the harness failed (the table names it).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/results/$(date -u +%F)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$here"
want=${1:-1100000}
pocl=${POCL_INSTANCES:-20000}
parts=" ${PARTS:-cuda cluster ptx opencl} "
has() { [[ $parts == *" $1 "* ]]; }
nvcc=${NVCC:-nvcc}
command -v "$nvcc" >/dev/null || nvcc=/usr/local/cuda/bin/nvcc
arch=${ARCH:-sm_90}
build=${BUILD:-${TMPDIR:-/tmp}/litmus-scoped-build}
rm -rf "$build"
details=$build/details
mkdir -p "$details/opencl"
for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib; do
  [ -d "$d" ] && export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$d
done

{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader \
    2>/dev/null || echo "(no nvidia-smi)"
  "$nvcc" --version | tail -2
  echo "OpenCL libraries:"
  ldconfig -p 2>/dev/null | grep -i -E 'opencl|pocl' || true
  ls /etc/OpenCL/vendors 2>/dev/null || echo "(no /etc/OpenCL/vendors)"
} >"$out/device.txt" 2>&1

# Build. A generated file that does not compile is left out (and named in
# build.log); the host programs declare only what compiled.
log=$out/build.log
: >"$log"
nv() { "$nvcc" -arch="$arch" -std=c++17 -O3 "$@" >>"$log" 2>&1; }
objs=()
defs=()
has cuda && for f in src/cu/*.cu; do
  o=$build/cu-$(basename "$f" .cu).o
  nv -c "$f" -o "$o" && objs+=("$o") || echo "FAILED $f" >>"$log"
done
has cuda && for group in cl hip; do
  for f in generated/cuda-from-$group/*.cu; do
    [ -e "$f" ] || continue
    n=$(basename "$f" .cu)
    o=$build/from-$group-$n.o
    if nv -c "$f" -o "$o"; then
      objs+=("$o")
      defs+=("-DHAVE_FROM_${group^^}_${n^^}")
    else
      echo "FAILED $f" >>"$log"
    fi
  done
done
if has cuda; then
  nv "${defs[@]}" cuda_host.cu "${objs[@]}" -o "$build/cuda_host" ||
    echo "FAILED cuda_host" >>"$log"
fi
if has cluster; then
  nv cluster.cu -o "$build/cluster" || echo "FAILED cluster" >>"$log"
fi
if has ptx; then
  "$nvcc" -std=c++17 -O2 ptx_host.cpp -o "$build/ptx_host" -lcuda \
    >>"$log" 2>&1 || echo "FAILED ptx_host" >>"$log"
fi
if has opencl; then
  ${CXX:-g++} -std=c++17 -O2 ocl_host.cpp -o "$build/ocl_host" -ldl \
    >>"$log" 2>&1 || echo "FAILED ocl_host" >>"$log"
fi
cuobjdump=$(dirname "$(command -v "$nvcc")")/cuobjdump
for b in cuda_host cluster; do
  [ -x "$build/$b" ] && [ -x "$cuobjdump" ] && "$cuobjdump" -sass "$build/$b" |
    grep -E "Function :|MEMBAR|FENCE|BAR\.|ERRBAR|CCTL|SYNCS|UCGABAR"
done >"$out/sass-fences.txt" 2>>"$log"

status=0
table=$out/table.txt
litmus() { # litmus NAME CMD...: runs a host program, its rows to the table
  local name=$1
  shift
  "$@" | tee -a "$details/$name.txt" | grep -v '^test ' >>"$table"
  local rc=${PIPESTATUS[0]}
  if [ "$rc" = 1 ]; then
    status=1
  elif [ "$rc" -gt 1 ]; then
    echo "# $name: $* exited with $rc" | tee -a "$table"
    [ "$status" = 0 ] && status=2
  fi
}
: >"$table"
start=$(date +%s)
[ -x "$build/cuda_host" ] && litmus cuda "$build/cuda_host" "$want"
[ -x "$build/cluster" ] && litmus cluster "$build/cluster" "$want"
if [ -x "$build/ptx_host" ]; then
  for f in generated/ptx/*.ptx; do
    [ -e "$f" ] || continue
    src=$(basename "$f" .ptx)
    kernels=$(grep -o '^\.visible \.entry [A-Za-z0-9_]*' "$f" | awk '{print $3}')
    # shellcheck disable=SC2086
    litmus ptx "$build/ptx_host" "$f" "PTX (xfence compile $src)" \
      "$want" $kernels
  done
fi
if [ -x "$build/ocl_host" ]; then
  "$build/ocl_host" --platforms >"$details/opencl-platforms.txt" 2>&1
  { echo "OpenCL platforms (ocl_host --platforms):"
    cat "$details/opencl-platforms.txt"; } >>"$out/device.txt"
  for p in ${OPENCL_PLATFORMS:-NVIDIA Portable}; do
    grep -q "^# platform .*$p" "$details/opencl-platforms.txt" || {
      echo "# OpenCL: no platform '$p'" | tee -a "$table"
      continue
    }
    n=$want
    tag="NVIDIA CL"
    [ $p = Portable ] && n=$pocl tag=PoCL
    for f in generated/opencl-from-cu/cl12-assume/*.cl; do
      litmus opencl "$build/ocl_host" $p "$f" -cl-std=CL1.2 \
        "$tag: CUDA->CL1.2 assume" "$n" "$details/opencl"
    done
    for f in generated/opencl-from-cu/cl30/*.cl; do
      litmus opencl "$build/ocl_host" $p "$f" -cl-std=CL3.0 \
        "$tag: CUDA->CL3.0" "$n" "$details/opencl"
    done
    for f in src/cl/*.cl; do
      litmus opencl "$build/ocl_host" $p "$f" "-cl-std=CL3.0 -I $here/src/cl" \
        "$tag: OpenCL source CL3.0" "$n" "$details/opencl"
    done
  done
  # Per file and kernel: the PTX version and target, then each fence,
  # barrier and atomic instruction (grep -a: a file is text even if a NUL
  # slipped in).
  for f in "$details"/opencl/*.ptx; do
    [ -e "$f" ] || continue
    echo "== $(basename "$f") ($(wc -c <"$f") bytes)"
    grep -a -E '^\.(version|target)|\.entry|membar|fence\.|bar\.|barrier|atom\.|red\.' "$f" |
      sed -E 's/^[[:space:]]+//; s/^(\.visible )?\.entry[[:space:]]+([A-Za-z0-9_$]+).*/kernel \2/; /^kernel /!s/^/    /'
  done >"$out/opencl-ptx-fences.txt"
fi
# xfence's refusals (generated/log.txt) belong in the table too.
grep '^refused' generated/log.txt | sed 's/^/# /' >>"$table"
echo "# the runs took $(($(date +%s) - start)) s" >>"$table"

{
  echo "# bench/litmus-scoped: $(head -1 "$out/device.txt"), $want" \
    "instances per row ($pocl on PoCL), parts:$parts"
  printf '%-5s %-34s %-24s %10s %10s %10s  %s\n' test form kernel \
    instances seen forbidden verdict
  cat "$table"
} >"$table.tmp" && mv "$table.tmp" "$table"
tar -czf "$out/details.tar.gz" -C "$details" . 2>>"$log"
echo
cat "$table"
grep -q 'FAIL:' "$table" && status=1
exit $status
