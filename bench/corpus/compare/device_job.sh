#!/usr/bin/env bash
# One call on the GPU machine: checks the tools, then runs run_device.sh on
# each DIR in turn and packs what comes back into $OUT: env.txt, then per DIR
# NAME-results.txt, NAME-summary.txt, NAME-logs.tgz (run.log, every log and
# exit code) and NAME-diffs.tar.xz (both sides' outputs of every DIFF kernel,
# if under 15 MB): 1 + 4 files per DIR, and the run tool takes back 8. --gate: stop
# after a DIR with an ERROR or without a MATCH (a broken harness).
#
#   bench/corpus/compare/device_job.sh [--gate] DIR...
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-/tmp/xcmp-out}
mkdir -p "$out"
gate=0
[ "${1:-}" = --gate ] && { gate=1; shift; }
{
  echo "== environment"
  nvidia-smi -L 2>&1 | head -2
  ls /etc/OpenCL/vendors 2>&1 | tr '\n' ' '; echo
  ls /usr/include/CL/cl.h 2>&1
  ldconfig -p | grep -m2 libOpenCL
  command -v nvcc || ls /usr/local/cuda/bin/nvcc
  dpkg -l 2>/dev/null | awk '/pocl/ {print $2, $3}'
  python3 -c 'import numpy; print("numpy", numpy.__version__)' 2>&1
  nproc
} 2>&1 | tee "$out/env.txt"
for d in "$@"; do
  name=$(basename "$d")
  echo "== $name"
  start=$(date +%s)
  "$here/run_device.sh" "$d" 2>&1 | tee "$d/run.log"
  echo "($(($(date +%s) - start)) s)"
  cp "$d/results.txt" "$out/$name-results.txt" 2>/dev/null
  cp "$d/summary.txt" "$out/$name-summary.txt" 2>/dev/null
  (cd "$d" && tar czf "$out/$name-logs.tgz" run.log out/*/*.log out/*/*.rc bin/*.build.log 2>/dev/null)
  if [ -s "$d/diffs.txt" ]; then
    (cd "$d" && while read -r id k tag; do
       t=${tag#-}
       ls out/$id/$k.${t}cuda.bin out/$id/$k.${t}ocl.bin 2>/dev/null
     done <diffs.txt | tar cJf "$out/$name-diffs.tar.xz" -T - 2>/dev/null)
    [ "$(stat -c %s "$out/$name-diffs.tar.xz" 2>/dev/null || echo 0)" -gt 15000000 ] &&
      rm -f "$out/$name-diffs.tar.xz"
  fi
  if [ $gate = 1 ] && { grep -q '^ERROR' "$d/results.txt" 2>/dev/null ||
                        ! grep -q '^MATCH' "$d/results.txt" 2>/dev/null; }; then
    echo "== $name has an ERROR or no MATCH: stopping (--gate)"
    break
  fi
done
