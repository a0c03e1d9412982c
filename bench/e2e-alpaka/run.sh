#!/bin/bash
# The e2e kernels (test/e2e/kernels) translated to alpaka 3 with
# `xfence translate --to alpaka`, compiled against alpaka's headers and run
# on alpaka's serial CPU executor; each output is compared with PoCL's
# (bench/e2e/data). See bench/e2e-alpaka/README.md.
#
# usage: run.sh ALPAKA_INCLUDE [XFENCE] [NAME...]
#   ALPAKA_INCLUDE  alpaka 3's include/ directory
#   XFENCE          the xfence driver (default: build/bin/xfence)
#   NAME            specs to run (default: every data/NAME.manifest)
# Environment: CXX (default g++), OUT (default: a temporary directory; the
# translations go to $OUT/NAME.cpp).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
root=$(cd "$here/../.." && pwd)
alpaka=${1:?usage: run.sh ALPAKA_INCLUDE [XFENCE] [NAME...]}
shift
xfence=${1:-$root/build/bin/xfence}
[ $# -gt 0 ] && shift
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
cxx=${CXX:-g++}
data=$root/bench/e2e/data
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for m in "$data"/*.manifest; do
    case $m in *.bench.manifest) continue ;; esac
    names+=("$(basename "$m" .manifest)")
  done
fi
failed=0
for name in "${names[@]}"; do
  manifest=$data/$name.manifest
  source=$(awk '$1 == "source" {print $2}' "$manifest")
  std=$(awk '$1 == "std" {print $2}' "$manifest")
  if ! "$xfence" translate "$root/test/e2e/kernels/$source" --to alpaka \
      --cl-std="$std" -o "$out/$name.cpp" 2> "$out/$name.translate.log"; then
    echo "FAIL $name [alpaka-cpu-serial]: xfence translate failed"
    cat "$out/$name.translate.log"
    failed=$((failed + 1))
    continue
  fi
  compile_and_run "$name" "$manifest" || failed=$((failed + 1))
done
echo "$failed of ${#names[@]} kernels failed on alpaka's CPU executor"
[ "$failed" -eq 0 ]
