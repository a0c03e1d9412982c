#!/bin/bash
# On the GPU machine: build each program that prepare.py kept twice with
# nvcc (the suite's CUDA version with its own Makefile, and xfence's CUDA
# translation of the HIP version with the HIP Makefile, nvcc-for-hipcc.sh
# standing in for hipcc), run both
# with the arguments of the suite's `run` target, and keep what each
# printed for compare.py.
#
#   run_gpu.sh TREE RESULTS [PROGRAM ...]
#
# TREE is prepare.py's --out; RESULTS gets NAME.{cuda,hip2cuda}.{build,run}
# and NAME.{cuda,hip2cuda}.rc (the run's exit status; 124: timed out).
# BUILD_JOBS (16) builds and RUN_JOBS (4) runs at once; RUN_TIMEOUT (120 s)
# per run; PHASE=build or PHASE=run for one half. A program built or run
# by an earlier call (its .buildrc or .rc is there) is not done again.
set -u
tree=$(cd "$1" && pwd)
results=$(mkdir -p "$2" && cd "$2" && pwd)
shift 2
export tree results
export NVCC=${NVCC:-nvcc}
here=$(cd "$(dirname "$0")" && pwd)
export here
export RUN_TIMEOUT=${RUN_TIMEOUT:-120}

programs=$(python3 - "$tree/programs.json" "$@" <<'EOF'
import json, sys
only = set(sys.argv[2:])
for r in json.load(open(sys.argv[1])):
    if "left_out" not in r and (not only or r["name"] in only):
        print(r["name"])
EOF
)

build() {
  name=$1
  # Built by an earlier call (the builds of a whole suite take longer than
  # one call of the GPU machine may).
  [ -e "$results/$name.hip2cuda.buildrc" ] && return 0
  (cd "$tree/src/$name-cuda" && make -s ARCH=sm_90 CC="$NVCC" \
     >"$results/$name.cuda.build" 2>&1)
  echo $? >"$results/$name.cuda.buildrc"
  (cd "$tree/src/$name-hip2cuda" &&
     make -s CC="$here/nvcc-for-hipcc.sh" CXX="$here/nvcc-for-hipcc.sh" \
     >"$results/$name.hip2cuda.build" 2>&1)
  echo $? >"$results/$name.hip2cuda.buildrc"
}
export -f build

run_one() {
  name=$1
  [ -e "$results/$name.hip2cuda.rc" ] && return 0
  read -r program args < <(python3 - "$tree/programs.json" "$name" <<'EOF'
import json, sys
r = next(r for r in json.load(open(sys.argv[1])) if r["name"] == sys.argv[2])
print(r["program"], r["args"])
EOF
)
  for side in cuda hip2cuda; do
    dir="$tree/src/$name-$side"
    if [ "$(cat "$results/$name.$side.buildrc")" != 0 ] || [ ! -x "$dir/$program" ]; then
      echo build >"$results/$name.$side.rc"
      continue
    fi
    (cd "$dir" && eval "timeout $RUN_TIMEOUT ./$program $args" \
       >"$results/$name.$side.run" 2>&1)
    echo $? >"$results/$name.$side.rc"
  done
}
export -f run_one

# PHASE=build builds only, PHASE=run runs only what is built; both by
# default. What an earlier call did is not done again.
if [ "${PHASE:-all}" != run ]; then
  echo "$programs" | xargs -P "${BUILD_JOBS:-16}" -I{} bash -c 'build {}'
fi
if [ "${PHASE:-all}" != build ]; then
  echo "$programs" | xargs -P "${RUN_JOBS:-4}" -I{} bash -c 'run_one {}'
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader \
  >"$results/device.txt" 2>&1
"$NVCC" --version | tail -2 >>"$results/device.txt"
