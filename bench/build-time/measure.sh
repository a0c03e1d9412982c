#!/usr/bin/env bash
# Times a build of xfence from an empty folder, as the README's first
# command builds it (packages already installed), and breaks it down from
# ninja's log: configure, the precompiled headers, the compiles, the links.
#
#   bench/build-time/measure.sh [BUILD_DIR] [extra cmake arguments...]
#
# BUILD_DIR (default /tmp/xfence-build-time) is deleted first.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir="${1:-/tmp/xfence-build-time}"
shift || true
rm -rf "$dir"
t0=$(date +%s.%N)
cmake -G Ninja -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 "$@" >/dev/null
t1=$(date +%s.%N)
cmake --build "$dir" >/dev/null
t2=$(date +%s.%N)
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB"
awk -v a="$t0" -v b="$t1" -v c="$t2" \
  'BEGIN { printf "configure: %.1f s\nbuild:     %.1f s (wall)\n", b - a, c - b }'
# ninja's log: start and end (ms) of each step; a step's time includes its
# share of the cores with the steps that ran beside it.
awk 'NR > 1 {
  t = ($2 - $1) / 1000
  if ($4 ~ /\.pch$/) pch += t
  else if ($4 ~ /\.o$/) { obj += t; n++ }
  else if ($4 ~ /(^|\/)bin\/|\.so$|\.a$/) link += t
  else other += t
} END {
  printf "steps (sum over jobs): precompiled headers %.0f s, %d compiles %.0f s, links and archives %.0f s, other %.0f s\n", pch, n, obj, link, other
}' "$dir/.ninja_log"
echo "slowest steps:"
awk 'NR > 1 {printf "  %6.1f s  %s\n", ($2 - $1) / 1000, $4}' "$dir/.ninja_log" |
  sort -rn | head -10
