#!/usr/bin/env bash
# The full route run, one route at a time (each route's report is kept as
# soon as it is done; a long run can be resumed by listing the routes that
# are left):
#
#   TOOLS=build/bin OUT=bench/memmodel/full bench/memmodel/run-full.sh [ROUTE...]
#
# then `bench/memmodel/collect.py $OUT` gives the summary of RESULTS.md.
# About 2 hours on 2 cores (hip-cuda and dialect-spirv-vulkan take the
# longest: one clang parse of the HIP headers, one spirv-val per test).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
TOOLS=${TOOLS:-$root/build/bin}
OUT=${OUT:-$root/bench/memmodel/full}
JOBS=${JOBS:-2}
mkdir -p "$OUT"
routes=("$@")
if [ ${#routes[@]} -eq 0 ]; then
  mapfile -t routes < <(cd "$root/utils/memmodel" && python3 -c \
    'from xfmodel.routes.routes import ROUTES; print("\n".join(ROUTES))')
fi
for r in "${routes[@]}"; do
  start=$(date +%s)
  python3 "$root/utils/memmodel/check_routes.py" --tools "$TOOLS" --full \
    --routes "$r" --jobs "$JOBS" --out "$OUT/$r.md" >/dev/null 2>"$OUT/$r.err"
  rc=$?
  [ -s "$OUT/$r.err" ] || rm -f "$OUT/$r.err"
  echo "$r rc=$rc $(($(date +%s) - start))s" | tee -a "$OUT/progress.txt"
done
