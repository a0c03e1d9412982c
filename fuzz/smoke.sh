#!/usr/bin/env bash
# CI's fuzzing smoke run (.ci/run, docs/fuzzing.md): configures a build
# directory with the sanitizers and the fuzzers (clang-22), builds only the
# fuzz targets and what they link, and runs each for SECONDS (default 60).
#
#   fuzz/smoke.sh [BUILD [SECONDS]]      (default: build-fuzz 60)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build-fuzz}"
seconds="${2:-60}"
# -O1 with line tables, as OSS-Fuzz builds: quicker to compile than -O2 -g,
# and the reports still name files and lines.
cmake -G Ninja -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DXFENCE_SANITIZE=ON -DXFENCE_FUZZERS=ON >/dev/null
cmake --build "$build" --target xfence-fuzzers
# One libFuzzer seed for every CI run (unless XFENCE_FUZZ_SEED says
# otherwise): each run starts from the same seeds and mutations (the inputs
# it reaches may still differ between machines: a finding is replayed from
# the base64 that fuzz/run.sh prints); fuzz/run.sh alone draws a new seed.
XFENCE_FUZZ_SEED="${XFENCE_FUZZ_SEED:-1}" bash fuzz/run.sh "$build" "$seconds"
