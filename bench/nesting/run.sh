#!/bin/bash
# The long run of the nesting property test (issue 10, acceptance 2):
#   bench/nesting/run.sh N [SEED] [extra gen_nesting.py options...]
# generates N kernels (default 10000) from SEED (default 1), 100 per file,
# in turn -cl-std=CL1.2, CL2.0 and CL3.0, and checks that every kernel clang
# accepts translates with build/bin/xfence (a copy taken at the start, so a
# rebuild does not disturb the run) and that nvcc compiles the translation.
# Failures go to bench/nesting/work/run-SEED-N/failures/NAME/ (kernel.cl,
# out.cu, error.txt; bench/nesting/reduce.py makes a small reproducer of
# one); the counts to bench/nesting/results/seedSEED-nN.json and a line of
# bench/nesting/results/runs.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
n=${1:-10000}
seed=${2:-1}
shift $(( $# >= 2 ? 2 : $# ))
xfence=${XFENCE:-$root/build/bin/xfence}
clang=${CLANG:-$(command -v clang-22 || command -v clang)}
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
jobs=${JOBS:-$(nproc)}
out=$here/work/run-$seed-$n
mkdir -p "$here/results"
json=$here/results/seed$seed-n$n.json
nvcc_opt=()
[ -x "$nvcc" ] && nvcc_opt=(--nvcc "$nvcc")
set +e
python3 "$root/test/tools/xfence/gen_nesting.py" --seed "$seed" --count "$n" \
  --per-file 100 --std CL1.2,CL2.0,CL3.0 --xfence "$xfence" --clang "$clang" \
  "${nvcc_opt[@]}" --out "$out" --jobs "$jobs" --snapshot --json "$json" "$@" \
  | tee "$out.log"
status=${PIPESTATUS[0]}
set -e
python3 - "$json" "$here/results/runs.md" "$(git -C "$root" rev-parse --short HEAD)" "$*" <<'PY'
import json, sys, time, os
s = json.load(open(sys.argv[1]))
md, head, extra = sys.argv[2], sys.argv[3], sys.argv[4]
new = not os.path.exists(md)
with open(md, "a") as f:
    if new:
        f.write("| date (UTC) | commit | xfence built | seed | options | generated | clang-accepted | translated | "
                "documented refusals | translate failures | compiled (nvcc) | nvcc failures | failure classes |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    classes = "; ".join("%d x %s" % (len(v), k) for k, v in s["failure_classes"].items()) or "none"
    f.write("| %s | %s | %s | %d | %s | %d | %d | %d | %d | %d | %s | %s | %s |\n" % (
        time.strftime("%Y-%m-%d %H:%M", time.gmtime()), head, s.get("xfence_built"), s["seed"], extra or "-", s["generated"],
        s["clang_accepted"], s["translated"], s["documented_refusals"], s["translate_failures"],
        s["compiled"] if s["compiled"] is not None else "not run",
        s["nvcc_failures"] if s["nvcc_failures"] is not None else "-", classes.replace("|", "\\|")))
PY
exit $status
