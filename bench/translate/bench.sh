#!/bin/sh
# Compares `xfence translate --to cuda` with `clang-22 -fsyntax-only` on the
# same OpenCL C files (the parse is the floor of any Clang-based translator).
# Not a timed test: run by hand, record the output in RESULTS.md.
#
# usage: bench/translate/bench.sh [build-dir] [runs]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build-ocl}
runs=${2:-20}
xfence=$build/bin/xfence
clang=${CLANG:-clang-22}
inputs=$root/test/tools/xfence
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Seconds for $runs runs of a command.
time_runs() {
  start=$(date +%s.%N)
  i=0
  while [ "$i" -lt "$runs" ]; do
    "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    i=$((i + 1))
  done
  end=$(date +%s.%N)
  echo "$start $end" | awk '{ printf "%.6f", $2 - $1 }'
}

printf '%-22s %12s %12s %8s\n' file "xfence(ms)" "clang(ms)" ratio
total_x=0
total_c=0
for f in "$inputs"/*.cl; do
  std=CL2.0
  tx=$(time_runs "$xfence" translate "$f" --to cuda --cl-std=$std \
       -I "$inputs/Inputs" -o "$tmp/out.cu")
  tc=$(time_runs "$clang" --target=spir64 -x cl -cl-std=$std \
       -Xclang -finclude-default-header -I "$inputs/Inputs" -fsyntax-only "$f")
  echo "$(basename "$f") $tx $tc $runs" | awk \
    '{ printf "%-22s %12.2f %12.2f %8.2f\n", $1, 1000*$2/$4, 1000*$3/$4, $2/$3 }'
  total_x=$(echo "$total_x $tx" | awk '{ print $1 + $2 }')
  total_c=$(echo "$total_c $tc" | awk '{ print $1 + $2 }')
done
echo "$total_x $total_c" | awk '{ printf "total ratio xfence/clang: %.2f\n", $1 / $2 }'
