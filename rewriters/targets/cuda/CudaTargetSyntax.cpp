//===- CudaTargetSyntax.cpp - how CUDA C++ spells a kernel ----------------===//

#include "rewriters/targets/cuda/CudaTargetSyntax.h"

const xfence::TargetSyntax &xfence::cudaTargetSyntax() {
  static const TargetSyntax syntax = cudaLikeSyntax("CUDA", "cuda", "");
  return syntax;
}
