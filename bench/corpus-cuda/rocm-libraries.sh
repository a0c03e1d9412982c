#!/usr/bin/env bash
# rocm-libraries.sh MIRRORS OUT: the headers of the ROCm libraries that
# `translate --to hip` writes for CUB, Thrust, cuBLAS and cuFFT (hipCUB,
# rocThrust, hipBLAS, hipFFT), which Debian 12 does not package, at the
# ROCm release of Debian's rocPRIM (5.3.3), into OUT/include, for
# XFENCE_HIP_INCLUDE=OUT/include when the corpus run checks the outputs.
# MIRRORS holds the `fetch` tool's git mirrors (github:ROCm/hipCUB,
# github:ROCm/rocThrust, github:ROCm/hipBLAS, github:ROCm/hipFFT); nothing
# of theirs is in this repository. The headers CMake would generate
# (versions, export macros) are written with the release's numbers.
set -euo pipefail
mirrors=$1
out=$2
tag=rocm-5.3.3
mkdir -p "$out/src" "$out/include"
for lib in hipCUB rocThrust hipBLAS hipFFT; do
  rm -rf "$out/src/$lib" && mkdir -p "$out/src/$lib"
  git --git-dir "$mirrors/ROCm+$lib/repo" archive "$tag" | tar -x -C "$out/src/$lib"
done
inc=$out/include
cp -r "$out/src/hipCUB/hipcub/include/hipcub" "$inc/"
cp -r "$out/src/rocThrust/thrust" "$inc/"
cp "$out/src/hipBLAS/library/include/hipblas.h" "$inc/"
cp "$out/src/hipFFT/library/include/hipfft.h" \
   "$out/src/hipFFT/library/include/hipfftXt.h" "$inc/"
sed -e 's/@hipcub_VERSION_MAJOR@/2/g; s/@hipcub_VERSION_MINOR@/10/g' \
    -e 's/@hipcub_VERSION_PATCH@/12/g' \
    "$inc/hipcub/hipcub_version.hpp.in" > "$inc/hipcub/hipcub_version.hpp"
sed -e 's/@rocthrust_VERSION_MAJOR@/2/g; s/@rocthrust_VERSION_MINOR@/10/g' \
    -e 's/@rocthrust_VERSION_PATCH@/9/g' \
    "$inc/thrust/rocthrust_version.hpp.in" > "$inc/thrust/rocthrust_version.hpp"
sed -e 's/@hipblas_VERSION_MAJOR@/0/g; s/@hipblas_VERSION_MINOR@/52/g' \
    -e 's/@hipblas_VERSION_PATCH@/0/g; s/@hipblas_VERSION_TWEAK@/0/g' \
    "$out/src/hipBLAS/library/include/hipblas-version.h.in" > "$inc/hipblas-version.h"
sed -e 's/@hipfft_VERSION_MAJOR@/1/g; s/@hipfft_VERSION_MINOR@/0/g' \
    -e 's/@hipfft_VERSION_PATCH@/9/g; s/@hipfft_VERSION_TWEAK@/0/g' \
    "$out/src/hipFFT/library/include/hipfft-version.h.in" > "$inc/hipfft-version.h"
printf '#pragma once\n#define HIPBLAS_EXPORT\n#define HIPBLAS_DEPRECATED_MSG(m) __attribute__((deprecated(m)))\n' \
  > "$inc/hipblas-export.h"
printf '#pragma once\n#define HIPFFT_EXPORT\n' > "$inc/hipfft-export.h"
echo "XFENCE_HIP_INCLUDE=$inc"
