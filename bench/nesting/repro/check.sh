#!/bin/bash
# The reproducers of findings.md, one class a file: each must translate and
# compile. usage: bench/nesting/repro/check.sh [XFENCE] (default build/bin/xfence)
# nvcc runs with its address space capped (NVCC_VMEM_KB, default 8000000) and
# a time limit (NVCC_TIMEOUT, default 300 s): cicc can grow to tens of GB on
# a bad translation (findings.md, K2).
here=$(cd "$(dirname "$0")" && pwd)
X=${1:-$here/../../../build/bin/xfence}
clang=$(command -v clang-22 || command -v clang)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
vmem=${NVCC_VMEM_KB:-8000000}
limit=${NVCC_TIMEOUT:-300}
tmp=$(mktemp -d)
status=0
for f in "$here"/*.cl; do
  b=$(basename "$f" .cl)
  std=CL1.2; grep -q "cl-std=CL2.0" "$f" && std=CL2.0
  if ! "$clang" -x cl -cl-std=$std -Xclang -finclude-default-header -fsyntax-only -Wno-everything "$f" 2>/dev/null; then
    echo "$b: clang rejects it (not a valid reproducer)"; status=1; continue
  fi
  if ! "$X" translate "$f" --to cuda -cl-std=$std -o "$tmp/$b.cu" > "$tmp/$b.err" 2>&1; then
    echo "$b: refused: $(grep -m1 'error:' "$tmp/$b.err")"; status=1; continue
  fi
  if [ -x "$nvcc" ] && ! (ulimit -v "$vmem"; timeout "$limit" "$nvcc" -std=c++17 -arch=sm_90 -c "$tmp/$b.cu" -o "$tmp/$b.o") > "$tmp/$b.nv" 2>&1; then
    echo "$b: nvcc: $(grep -m1 -i 'error\|out of memory' "$tmp/$b.nv" || echo "killed or timed out (cap ${vmem} KB, ${limit} s)")"; status=1; continue
  fi
  echo "$b: ok"
done
rm -rf "$tmp"
exit $status
