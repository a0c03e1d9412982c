#!/bin/bash
# nvcc in place of hipcc in a HIP program's Makefile: the program is built
# by its own rules, each hipcc option given to nvcc as nvcc spells it
# (-ffast-math: -use_fast_math; -fgpu-rdc: -rdc=true; host compiler
# warnings and -f/-m options through -Xcompiler) or dropped where it only
# concerns AMD GPUs (--hip-link, --offload-arch, -munsafe-fp-atomics).
args=(-arch=sm_90 --extended-lambda -w)
cpp=
for a in "$@"; do
  case "$a" in
    -fgpu-rdc) args+=(-rdc=true) ;;
    -ffast-math) args+=(-use_fast_math) ;;
    --hip-link|--offload-arch=*|-munsafe-fp-atomics|-fno-gpu-rdc|-mcumode|\
    -mno-cumode|-fgpu-flush-denormals-to-zero|-fno-gpu-flush-denormals-to-zero) ;;
    -fopenmp) args+=(-Xcompiler -fopenmp -lgomp) ;;
    -W*|-f*|-m*) args+=(-Xcompiler "$a") ;;
    -std=*) cpp=$a ;;
    *) args+=("$a") ;;
  esac
done
exec "${NVCC:-nvcc}" "${cpp:--std=c++17}" "${args[@]}"
