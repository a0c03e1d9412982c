#!/bin/bash
# The CUDA e2e kernels (test/e2e-cuda/kernels) translated to alpaka 3 with
# `xfence translate k.cu --to alpaka` (docs/cuda-to-alpaka.md), compiled
# against alpaka's headers and run on alpaka's serial CPU executor; each
# output buffer is compared, bit for bit, with what their OpenCL C
# translations computed on PoCL (bench/cuda-to-opencl/data, the data the GPU
# run of the CUDA originals checks too). See bench/e2e-alpaka/README.md.
#
# usage: run-cuda.sh ALPAKA_INCLUDE [XFENCE] [KERNEL...]
#   ALPAKA_INCLUDE  alpaka 3's include/ directory
#   XFENCE          the xfence driver (default: build/bin/xfence)
#   KERNEL          names of data/manifest.txt (default: all)
# Environment: CXX (default g++), OUT (default: a temporary directory; the
# translations go to $OUT/NAME.cpp).
#
# The data of bench/cuda-to-opencl/data (one line per kernel in
# manifest.txt: NAME ENTRY GRID BLOCK ARGS, with ARGS in:DTYPE:COUNT,
# out:DTYPE:COUNT, int:VALUE, local:BYTES; NAME.argI.in and NAME.argI.pocl
# raw little-endian) is rewritten into the manifest format that driver.hpp
# reads (bench/e2e/README.md): buffers named argI, the .in files
# concatenated into NAME.in.bin and the .pocl files of the outputs into
# NAME.out.bin. The launch line gives the grid and the block where the
# OpenCL manifests give the global and local sizes: the launch helpers of a
# CUDA translation take CUDA's grid and block.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
root=$(cd "$here/../.." && pwd)
alpaka=${1:?usage: run-cuda.sh ALPAKA_INCLUDE [XFENCE] [KERNEL...]}
shift
xfence=${1:-$root/build/bin/xfence}
[ $# -gt 0 ] && shift
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
cxx=${CXX:-g++}
data=$root/bench/cuda-to-opencl/data
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  mapfile -t names < <(awk '!/^#/ && NF {print $1}' "$data/manifest.txt")
fi
failed=0
for name in "${names[@]}"; do
  line=$(awk -v n="$name" '$1 == n' "$data/manifest.txt")
  if [ -z "$line" ]; then
    echo "FAIL $name [alpaka-cpu-serial]: not in $data/manifest.txt"
    failed=$((failed + 1))
    continue
  fi
  # The manifest, in.bin and out.bin in driver.hpp's format.
  read -r _ entry grid block args <<< "$line"
  : > "$out/$name.in.bin"
  : > "$out/$name.out.bin"
  {
    echo "# written by bench/e2e-alpaka/run-cuda.sh from $data/manifest.txt;"
    echo "# the launch line gives CUDA's grid and block"
    echo "test $name"
    echo "data 1"
    i=0
    launch="launch $entry $grid 1 1 $block 1 1"
    argLines=""
    for a in $args; do
      IFS=: read -r kind dtype count <<< "$a"
      case $kind in
        in | out)
          case $dtype in
            '<f4') type=float ;;
            '<u4') type=uint ;;
            '<i4') type=int ;;
            *) echo "unsupported dtype $dtype" >&2; exit 2 ;;
          esac
          echo "buffer arg$i $type $count $kind file 0 0"
          cat "$data/$name.arg$i.in" >> "$out/$name.in.bin"
          [ "$kind" = out ] && cat "$data/$name.arg$i.pocl" >> "$out/$name.out.bin"
          argLines+="arg buffer arg$i"$'\n'
          ;;
        int) argLines+="arg scalar int $dtype"$'\n' ;;
        local) argLines+="arg local $dtype"$'\n' ;;
      esac
      i=$((i + 1))
    done
    echo "$launch"
    printf '%s' "$argLines"
    echo "end"
  } > "$out/$name.manifest"
  if ! "$xfence" translate "$root/test/e2e-cuda/kernels/$name.cu" --to alpaka \
      -o "$out/$name.cpp" 2> "$out/$name.translate.log"; then
    echo "FAIL $name [alpaka-cpu-serial]: xfence translate failed"
    cat "$out/$name.translate.log"
    failed=$((failed + 1))
    continue
  fi
  compile_and_run "$name" "$out/$name.manifest" || failed=$((failed + 1))
done
echo "$failed of ${#names[@]} CUDA kernels failed on alpaka's CPU executor"
[ "$failed" -eq 0 ]
