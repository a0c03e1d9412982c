#!/usr/bin/env bash
# Compiles every gen*.cu under DIR with nvcc -arch=sm_90 -c, JOBS at a time;
# prints one line per file that fails and the totals (files, kernels).
set -uo pipefail
dir=$1; jobs=${2:-$(nproc)}
nvcc=${NVCC:-nvcc}
export nvcc
find "$dir" -name 'gen*.cu' | sort > "$dir/files.txt"
xargs -P "$jobs" -I{} sh -c '"$nvcc" -arch=sm_90 -c "{}" -o "{}.o" > "{}.log" 2>&1 && echo "ok {}" || echo "FAIL {}"' \
  < "$dir/files.txt" > "$dir/compile.txt"
total=$(wc -l < "$dir/files.txt")
failed=$(grep -c '^FAIL' "$dir/compile.txt")
kernels=$(cat $(cat "$dir/files.txt") | grep -c '^__global__ void k[0-9]*(')
echo "nvcc: $total files ($kernels kernels), $failed failed"
grep '^FAIL' "$dir/compile.txt" | while read -r _ f; do echo "FAIL $f"; head -5 "$f.log"; done
nvcc --version | tail -2
