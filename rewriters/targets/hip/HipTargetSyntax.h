//===- HipTargetSyntax.h - how HIP spells a kernel --------------*- C++ -*-===//
//
// The TargetSyntax of HIP (rewriters/common/TargetSyntax.h).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_TARGETS_HIP_HIPTARGETSYNTAX_H
#define XFENCE_REWRITERS_TARGETS_HIP_HIPTARGETSYNTAX_H

#include "rewriters/common/TargetSyntax.h"

namespace xfence {

const TargetSyntax &hipTargetSyntax();

} // namespace xfence

#endif // XFENCE_REWRITERS_TARGETS_HIP_HIPTARGETSYNTAX_H
