#!/usr/bin/env bash
# The third side of the comparison: the ORIGINAL OpenCL C on NVIDIA's OpenCL
# driver, on the same GPU as the CUDA translation. Where PoCL and the
# translation differ, this tells a platform difference (the order of racing
# writes, uninitialized local memory, reads past a buffer: the original on
# the GPU does what the translation does) from a translation defect (the
# translation differs from the original on the same GPU too).
#
#   bench/corpus/compare/third_side.sh DIR
#
# DIR has been run by run_device.sh (bin/ and out/ with the CUDA side). It
# writes DIR-nvcl/: the CUDA outputs of DIR, the NVIDIA OpenCL outputs in
# place of PoCL's, and compare.py's results.txt/summary.txt for that pair.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=$(cd "${1:?usage: third_side.sh DIR}" && pwd)
nv=$dir-nvcl
rm -rf "$nv" && mkdir -p "$nv"
cp -r "$dir/files" "$dir/bin" "$dir/jobs.txt" "$nv/"
[ -f "$dir/manifest.json" ] && cp "$dir/manifest.json" "$nv/"
cp "$dir"/*.json "$nv/" 2>/dev/null
mkdir -p "$nv/out"
(cd "$dir/out" && find . -name '*.cuda.*' ! -name '*.alt.*' | cpio -pdm "$nv/out" 2>/dev/null)
lib=$(ldconfig -p | awk '/libnvidia-opencl.so.1 / {print $NF; exit}')
[ -n "$lib" ] || { echo "third_side.sh: no libnvidia-opencl.so.1" >&2; exit 1; }
vendors=$(mktemp -d)
echo "$lib" > "$vendors/nvidia.icd"
export OCL_ICD_VENDORS=$vendors OCL_ICD_FILENAMES=$lib XCMP_OCL_PLATFORM=NVIDIA
OCL_JOBS=${OCL_JOBS:-4} "$here/run_device.sh" "$nv" --no-build --ocl-only --no-compare
py=python3
python3 -c 'import numpy' 2>/dev/null || py=/usr/bin/python3
"$py" "$here/compare.py" "$nv"
