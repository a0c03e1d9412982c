#!/usr/bin/env bash
# The lit suite under AddressSanitizer, LeakSanitizer and UBSan
# (docs/fuzzing.md): configures BUILD (default build-san) with clang-22 and
# -DXFENCE_SANITIZE=ON -DXFENCE_FUZZERS=ON (so that the same directory
# builds the fuzz targets), builds the tools, runs the whole suite and
# writes a summary to fuzz/results/sanitize-DATE.md: lit's counts and every
# sanitizer report in the output. Exits with lit's status.
#
#   fuzz/sanitize-suite.sh [BUILD]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
build="${1:-build-san}"
jobs="${XFENCE_JOBS:-2}"
cmake -G Ninja -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DXFENCE_SANITIZE=ON -DXFENCE_FUZZERS=ON >/dev/null || exit 1
ninja -C "$build" -j"$jobs" xfence-opt xfence-translate xfence XFencePlugin ||
  exit 1
mkdir -p fuzz/results
log="$build/sanitize-suite.log"
/usr/lib/llvm-22/bin/lit -sv -j"$jobs" "$build/test" >"$log" 2>&1
rc=$?
out="fuzz/results/sanitize-$(date +%Y-%m-%d).md"
{
  echo "# The lit suite under ASan, LSan and UBSan ($(date +%Y-%m-%d))"
  echo
  echo "\`fuzz/sanitize-suite.sh $build\` (clang-22, RelWithDebInfo,"
  echo "-DXFENCE_SANITIZE=ON -DXFENCE_FUZZERS=ON), lit exit status $rc."
  echo
  echo '```'
  sed -n '/^Testing Time/,$p' "$log"
  echo '```'
  echo
  echo "Sanitizer reports in the output:"
  echo
  echo '```'
  grep -E "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|SUMMARY: " \
    "$log" | sort | uniq -c || echo "none"
  echo '```'
} >"$out"
cat "$out"
exit $rc
