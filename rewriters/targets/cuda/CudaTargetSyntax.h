//===- CudaTargetSyntax.h - how CUDA spells a kernel ------------*- C++ -*-===//
//
// The TargetSyntax of CUDA (rewriters/common/TargetSyntax.h).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_TARGETS_CUDA_CUDATARGETSYNTAX_H
#define XFENCE_REWRITERS_TARGETS_CUDA_CUDATARGETSYNTAX_H

#include "rewriters/common/TargetSyntax.h"

namespace xfence {

const TargetSyntax &cudaTargetSyntax();

} // namespace xfence

#endif // XFENCE_REWRITERS_TARGETS_CUDA_CUDATARGETSYNTAX_H
