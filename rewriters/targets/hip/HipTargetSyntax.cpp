//===- HipTargetSyntax.cpp - how HIP spells a kernel ----------------------===//
//
// HIP's device language is CUDA's (the same qualifiers and built-in
// indices); its host API is CUDA's with the prefix `hip` (hipError_t,
// hipStream_t, hipGetLastError, ...), and hipFuncSetAttribute takes the
// kernel as a `const void *`.
//
//===----------------------------------------------------------------------===//

#include "rewriters/targets/hip/HipTargetSyntax.h"

const xfence::TargetSyntax &xfence::hipTargetSyntax() {
  static const TargetSyntax syntax =
      cudaLikeSyntax("HIP", "hip", "(const void *)");
  return syntax;
}
