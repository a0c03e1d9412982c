//===- HipTargetSyntax.h - how HIP spells a kernel ---------------*- C++
//-*-===//
//
// The TargetSyntax of HIP (rewriters/common/TargetSyntax.h).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_TARGETS_HIP_HIPTARGETSYNTAX_H
#define XFENCE_REWRITERS_TARGETS_HIP_HIPTARGETSYNTAX_H

#include "rewriters/common/OutputCheck.h"
#include "rewriters/common/TargetSyntax.h"

namespace xfence {

const TargetSyntax &hipTargetSyntax();

/// clang's HIP mode with HIP's headers (XFENCE_HIP_INCLUDE, else
/// /usr/include), which checks a HIP translation; an error that says what is
/// missing otherwise.
llvm::Expected<OutputCompiler> hipOutputCompiler();

} // namespace xfence

#endif // XFENCE_REWRITERS_TARGETS_HIP_HIPTARGETSYNTAX_H
