#!/usr/bin/env bash
# make_prelude.sh XFENCE: the shuffle part of the prelude that
# `translate --to opencl --assume-subgroup-size=32` writes (uses.cu
# translated; from the lane rule to the last shuffle macro) into
# warp_prelude.h beside this script.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
xfence=${1:?usage: make_prelude.sh XFENCE}
tmp=$(mktemp)
XFENCE_VERIFY_OUTPUT=1 "$xfence" translate "$here/uses.cu" --to opencl \
  -cl-std=CL3.0 --assume-subgroup-size=32 -o "$tmp"
{
  echo "// Written by make_prelude.sh from xfence's translation of uses.cu."
  sed -n '/^static inline uint xfence_shfl_lane/,/^}/p' "$tmp"
  grep '^#define xfence_shfl' "$tmp"
} >"$here/warp_prelude.h"
rm -f "$tmp"
echo "wrote $here/warp_prelude.h ($(grep -c '^#define' "$here/warp_prelude.h") macros)"
