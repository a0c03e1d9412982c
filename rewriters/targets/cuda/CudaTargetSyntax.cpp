//===- CudaTargetSyntax.cpp - how CUDA C++ spells a kernel ----------------===//

#include "rewriters/targets/cuda/CudaTargetSyntax.h"

const xfence::TargetSyntax &xfence::cudaTargetSyntax() {
  // cuda_fp16.h's half.
  static const TargetSyntax syntax = cudaLikeSyntax(
      "CUDA", "cuda", "", {"__half", "__half2float", "__float2half_rn"});
  return syntax;
}
