//===- HipTargetSyntax.cpp - how HIP spells a kernel ----------------------===//
//
// HIP's device language is CUDA's (the same qualifiers and built-in
// indices); its host API is CUDA's with the prefix `hip` (hipError_t,
// hipStream_t, hipGetLastError, ...), and hipFuncSetAttribute takes the
// kernel as a `const void *`. Its half is clang's _Float16 under xfence's
// own names, which the route's prelude declares: Debian 12's HIP 5.2
// <hip/hip_fp16.h> does not build with clang 22.
//
//===----------------------------------------------------------------------===//

#include "rewriters/targets/hip/HipTargetSyntax.h"

const xfence::TargetSyntax &xfence::hipTargetSyntax() {
  static const TargetSyntax syntax = cudaLikeSyntax(
      "HIP", "hip", "(const void *)",
      {"xfence_half", "xfence_half2float", "xfence_float2half_rn"});
  return syntax;
}
