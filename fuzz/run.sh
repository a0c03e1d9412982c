#!/usr/bin/env bash
# Runs the libFuzzer targets one after the other (docs/fuzzing.md):
#
#   fuzz/run.sh BUILD SECONDS [TARGET...]
#
# BUILD is a build directory configured with -DXFENCE_SANITIZE=ON
# -DXFENCE_FUZZERS=ON whose `xfence-fuzzers` target is built; each TARGET
# (default: all four) runs SECONDS seconds in one process, from the seeds
# that fuzz/collect-seeds.py gathers from test/ and the corpus of earlier
# runs (fuzz/corpus/TARGET, not committed). Inputs are at most 8192 bytes
# and each has 25 seconds. A crash, leak, timeout or sanitizer report lands
# in fuzz/artifacts/ (also not committed); so does the last input of a
# target that a signal killed without libFuzzer's report (the targets write
# each input to logs/TARGET.last first). XFENCE_FUZZ_SEED, if set, is
# libFuzzer's -seed (fuzz/smoke.sh sets it: a CI run is then reproducible);
# otherwise each run draws its own. Prints a markdown table (target,
# seconds, executions, corpus size, crashes) and exits with 1 if any target
# found something.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="$(cd "${1:?usage: fuzz/run.sh BUILD SECONDS [TARGET...]}" && pwd)"
seconds="${2:?usage: fuzz/run.sh BUILD SECONDS [TARGET...]}"
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(dialect-passes-fuzzer raise-llvm-fuzzer
  translate-opencl-fuzzer translate-cuda-fuzzer)

seeds="$build/fuzz-seeds"
if [ ! -d "$seeds" ]; then
  python3 "$here/collect-seeds.py" "$seeds" --max-len 8192 || exit 1
fi
mkdir -p "$here/artifacts" "$here/logs"
# allow_user_poisoning=0: see test/lit.cfg.py (a false use-after-poison
# where instrumented and uninstrumented code share an LLVM allocator).
export ASAN_OPTIONS="allow_user_poisoning=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$here/sanitize.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

status=0
rows=()
for target in "${targets[@]}"; do
  corpus="$here/corpus/$target"
  mkdir -p "$corpus"
  log="$here/logs/$target.log"
  before=$(find "$here/artifacts" -name "$target-*" | wc -l)
  last="$here/logs/$target.last"
  rm -f "$last"
  start=$(date +%s)
  XFENCE_FUZZ_LAST_INPUT="$last" "$build/bin/$target" "$corpus" \
    "$seeds/$target" -max_len=8192 -timeout=25 -rss_limit_mb=4096 \
    -max_total_time="$seconds" -print_final_stats=1 \
    ${XFENCE_FUZZ_SEED:+-seed="$XFENCE_FUZZ_SEED"} \
    -artifact_prefix="$here/artifacts/$target-" >"$log" 2>&1
  rc=$?
  took=$(($(date +%s) - start))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  size=$(find "$corpus" -type f | wc -l)
  found=$(($(find "$here/artifacts" -name "$target-*" | wc -l) - before))
  if [ $rc -gt 128 ] && [ "$found" -eq 0 ] && [ -f "$last" ]; then
    kept="$here/artifacts/$target-signal-$((rc - 128))-$(sha1sum "$last" | cut -c1-40)"
    cp "$last" "$kept"
    found=1
    echo "$target: killed by signal $((rc - 128)) without a report; its last input is $kept" >&2
    # The artifact stays on the machine that ran this (CI's is gone when
    # the run ends): its bytes in base64, to replay it elsewhere with
    # `base64 -d > input; build/bin/$target input`.
    echo "$target: that input in base64:" >&2
    base64 -w 0 "$kept" >&2
    echo >&2
  fi
  if [ $rc -ne 0 ] || [ "$found" -ne 0 ]; then
    status=1
    echo "$target: exit status $rc; the end of $log:" >&2
    tail -40 "$log" >&2
  fi
  rows+=("| $target | $took | ${execs:-?} | $size | $found |")
done
echo "| target | seconds | executions | corpus size | crashes found |"
echo "|---|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"
exit $status
