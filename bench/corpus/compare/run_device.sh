#!/usr/bin/env bash
# Builds and runs a harness folder written by make_drivers.py, then compares
# (README.md). On the GPU machine, with nvcc, PoCL and libOpenCL:
#
#   bench/corpus/compare/run_device.sh DIR [--build-only] [--no-build]
#                                          [--cuda-only] [--ocl-only]
#                                          [--no-compare] [--jobs J]
#
# DIR/bin/     ocl_host, cuda_main.o, one driver per file (<id>), build logs
# DIR/out/<id>/<kernel>.[alt.]{cuda,ocl}.{bin,log,rc}  (alt.: the retry)
# DIR/results.txt, DIR/summary.txt   (compare.py)
#
# Environment: NVCC (nvcc), ARCH (sm_90), CXX (g++), TIMEOUT (seconds a
# kernel's two runs may take, default 20; the process gets 3x that, build
# included), CUDA_JOBS (8 processes at a time), OCL_JOBS (4; each PoCL
# process gets POCL_CPU_MAX_CU_NUM = cores / OCL_JOBS threads).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:?usage: run_device.sh DIR [options]}
dir=$(cd "$dir" && pwd)
shift
build=1 run_cuda=1 run_ocl=1 compare=1 only_build=0
jobs=$(nproc)
while [ $# -gt 0 ]; do
  case $1 in
  --build-only) only_build=1 ;;
  --no-build) build=0 ;;
  --cuda-only) run_ocl=0 ;;
  --ocl-only) run_cuda=0 ;;
  --no-compare) compare=0 ;;
  --jobs) jobs=$2; shift ;;
  *) echo "run_device.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
NVCC=${NVCC:-nvcc}
command -v "$NVCC" >/dev/null || NVCC=/usr/local/cuda/bin/nvcc
ARCH=${ARCH:-sm_90}
CXX=${CXX:-g++}
export XCMP_TIMEOUT=${TIMEOUT:-20}
CUDA_JOBS=${CUDA_JOBS:-8}
OCL_JOBS=${OCL_JOBS:-4}
mkdir -p "$dir/bin" "$dir/out"

if [ $build = 1 ]; then
  if [ $run_ocl = 1 ]; then
    "$CXX" -O2 -std=c++17 -I"$here" "$here/ocl_host.cpp" -o "$dir/bin/ocl_host" \
      -lOpenCL 2>"$dir/bin/ocl_host.build.log" ||
      { echo "run_device.sh: ocl_host did not build:"; cat "$dir/bin/ocl_host.build.log"; }
  fi
  if [ $run_cuda = 1 ]; then
    "$NVCC" -arch="$ARCH" -std=c++17 -O2 -I"$here" -c "$here/cuda_main.cu" \
      -o "$dir/bin/cuda_main.o" || { echo "run_device.sh: cuda_main.cu did not build"; exit 1; }
    export NVCC ARCH here dir
    start=$(date +%s)
    ls "$dir/files" | xargs -P "$jobs" -I{} bash -c '
      id={}
      [ -f "$dir/files/$id/driver.cu" ] || exit 0
      rm -f "$dir/bin/$id" "$dir/bin/$id.build.fail"
      if ! "$NVCC" -arch="$ARCH" -std=c++17 -O2 -w -I"$here" -I"$dir/files/$id" \
          $(cat "$dir/files/$id/nvcc_flags" 2>/dev/null) \
          "$dir/files/$id/driver.cu" "$dir/bin/cuda_main.o" -o "$dir/bin/$id" \
          >"$dir/bin/$id.build.log" 2>&1; then
        touch "$dir/bin/$id.build.fail"
      fi'
    nlog=$(ls "$dir"/files/*/driver.cu 2>/dev/null | wc -l)
    nfail=$(ls "$dir"/bin | grep -c '\.build\.fail$')
    echo "CUDA drivers: $nlog built, $nfail of them failed ($(($(date +%s) - start)) s)"
  fi
fi
[ $only_build = 1 ] && exit 0

export dir
cores=$(nproc)
per=$((cores / OCL_JOBS)); [ $per -lt 1 ] && per=1
export POCL_CPU_MAX_CU_NUM=$per POCL_MAX_PTHREAD_COUNT=$per

# run_side cuda|ocl TAG JOBS: every "id kernel" line of JOBS with
# files/<id>/spec${TAG}txt, into out/<id>/<kernel>.${TAG}<side>.{bin,log,rc}.
run_side() {
  local side=$1 tag=$2 jobsfile=$3 par start
  [ -s "$jobsfile" ] || return 0
  par=$CUDA_JOBS; [ "$side" = ocl ] && par=$OCL_JOBS
  start=$(date +%s)
  export side tag
  xargs -P "$par" -L1 bash -c '
    id=$0 k=$1 o="$dir/out/$0"
    mkdir -p "$o"
    base="$o/$k.$tag$side"
    rm -f "$base.bin"
    spec="$dir/files/$id/spec.${tag}txt"
    if [ "$side" = cuda ]; then
      [ -x "$dir/bin/$id" ] || { echo 99 >"$base.rc"; exit 0; }
      timeout -k 5 $((3 * XCMP_TIMEOUT)) "$dir/bin/$id" "$spec" "$k" "$base.bin" \
        "$XCMP_TIMEOUT" >"$base.log" 2>&1
    else
      [ -x "$dir/bin/ocl_host" ] || { echo 99 >"$base.rc"; exit 0; }
      timeout -k 5 $((3 * XCMP_TIMEOUT + 60)) "$dir/bin/ocl_host" "$spec" "$k" \
        "$dir/files/$id/kernel.cl" "$base.bin" "$XCMP_TIMEOUT" >"$base.log" 2>&1
    fi
    echo $? >"$base.rc"' <"$jobsfile" 2>/dev/null
  echo "$side runs${tag:+ (retry)}: $(wc -l <"$jobsfile") kernels ($(($(date +%s) - start)) s)"
}

[ $run_cuda = 1 ] && run_side cuda "" "$dir/jobs.txt"
[ $run_ocl = 1 ] && run_side ocl "" "$dir/jobs.txt"
# A crash, run error or timeout on either side: both sides again with the
# retry's inputs (spec.alt.txt: larger buffers, smaller integer scalars).
if [ $run_cuda = 1 ] && [ $run_ocl = 1 ]; then
  : >"$dir/jobs.alt.txt"
  while read -r id k; do
    for side in cuda ocl; do
      rc=$(cat "$dir/out/$id/$k.$side.rc" 2>/dev/null || echo 0)
      case $rc in 4|124|134|135|136|137|139) echo "$id $k" >>"$dir/jobs.alt.txt"; break ;; esac
    done
  done <"$dir/jobs.txt"
  run_side cuda alt. "$dir/jobs.alt.txt"
  run_side ocl alt. "$dir/jobs.alt.txt"
fi
if [ $compare = 1 ]; then
  py=python3
  python3 -c 'import numpy' 2>/dev/null || py=/usr/bin/python3
  "$py" "$here/compare.py" "$dir"
fi
