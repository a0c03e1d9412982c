//===- CudaTargetSyntax.h - how CUDA spells a kernel ---------------*- C++
//-*-===//
//
// The TargetSyntax of CUDA (rewriters/common/TargetSyntax.h).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_TARGETS_CUDA_CUDATARGETSYNTAX_H
#define XFENCE_REWRITERS_TARGETS_CUDA_CUDATARGETSYNTAX_H

#include "rewriters/common/OutputCheck.h"
#include "rewriters/common/TargetSyntax.h"

namespace xfence {

const TargetSyntax &cudaTargetSyntax();

/// nvcc (XFENCE_NVCC, PATH, /usr/local/cuda/bin), which checks a CUDA
/// translation by compiling it for sm_90; an error that says what is missing
/// otherwise.
llvm::Expected<OutputCompiler> cudaOutputCompiler();

} // namespace xfence

#endif // XFENCE_REWRITERS_TARGETS_CUDA_CUDATARGETSYNTAX_H
