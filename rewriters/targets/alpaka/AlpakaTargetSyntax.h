//===- AlpakaTargetSyntax.h - how alpaka spells a kernel ---------------*- C++
//-*-===//
//
// The TargetSyntax of alpaka (rewriters/common/TargetSyntax.h).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_TARGETS_ALPAKA_ALPAKATARGETSYNTAX_H
#define XFENCE_REWRITERS_TARGETS_ALPAKA_ALPAKATARGETSYNTAX_H

#include "rewriters/common/OutputCheck.h"
#include "rewriters/common/TargetSyntax.h"

namespace xfence {

const TargetSyntax &alpakaTargetSyntax();

/// g++ (XFENCE_ALPAKA_CXX) against alpaka's headers (XFENCE_ALPAKA_INCLUDE),
/// which checks an alpaka translation on the CPU back ends; an error that says
/// what is missing otherwise.
llvm::Expected<OutputCompiler> alpakaOutputCompiler();

/// library/Runtime.hpp: what stands for the OpenCL runtime in an alpaka
/// translation's prelude (the NDRange, each work-item's view of it, the
/// launch checks) and the C++ forms of the CUDA intrinsics that the OpenCL
/// C library calls.
llvm::StringRef alpakaRuntimeText();

} // namespace xfence

#endif // XFENCE_REWRITERS_TARGETS_ALPAKA_ALPAKATARGETSYNTAX_H
