//===- AlpakaTargetSyntax.h - how alpaka spells a kernel --------*- C++ -*-===//
//
// The TargetSyntax of alpaka (rewriters/common/TargetSyntax.h).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_TARGETS_ALPAKA_ALPAKATARGETSYNTAX_H
#define XFENCE_REWRITERS_TARGETS_ALPAKA_ALPAKATARGETSYNTAX_H

#include "rewriters/common/TargetSyntax.h"

namespace xfence {

const TargetSyntax &alpakaTargetSyntax();

/// library/Runtime.hpp: what stands for the OpenCL runtime in an alpaka
/// translation's prelude (the NDRange, each work-item's view of it, the
/// launch checks) and the C++ forms of the CUDA intrinsics that the OpenCL
/// C library calls.
llvm::StringRef alpakaRuntimeText();

} // namespace xfence

#endif // XFENCE_REWRITERS_TARGETS_ALPAKA_ALPAKATARGETSYNTAX_H
