#!/usr/bin/env bash
# Translates our own OpenCL kernels (test/e2e/kernels/*.cl, each in the C
# version its "// cl-std:" line names) with xfence into OUTDIR/cu/ and writes
# OUTDIR/list.json, the input of make_drivers.py.
#
#   bench/corpus/compare/translate_own.sh [OUTDIR] [XFENCE]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=${1:-$here/work/own-src}
xfence=${2:-$root/build/bin/xfence}
mkdir -p "$out/cu"
entries=()
for src in "$root"/test/e2e/kernels/*.cl; do
  name=$(basename "$src" .cl)
  std=$(sed -n 's|^// cl-std: *\(CL[0-9.]*\).*|\1|p' "$src" | head -1)
  std=${std:-CL1.2}
  if ! "$xfence" translate "$src" --to cuda -cl-std="$std" -o "$out/cu/$name.cu"; then
    echo "translate_own: FAILED $name" >&2
    rm -f "$out/cu/$name.cu"
  fi
  entries+=("{\"name\": \"e2e/$name.cl\", \"cl\": \"$src\", \"cu\": \"$out/cu/$name.cu\", \"cl_flags\": [\"-cl-std=$std\"]}")
done
{
  echo "["
  for i in "${!entries[@]}"; do
    sep=","; [ "$i" -eq $((${#entries[@]} - 1)) ] && sep=""
    echo "  ${entries[$i]}$sep"
  done
  echo "]"
} > "$out/list.json"
echo "wrote $out/list.json (${#entries[@]} files)"
