//===- AlpakaTargetSyntax.h - how alpaka spells a kernel ---------------*- C++
//-*-===//
//
// The TargetSyntax of alpaka (rewriters/common/TargetSyntax.h).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_TARGETS_ALPAKA_ALPAKATARGETSYNTAX_H
#define XFENCE_REWRITERS_TARGETS_ALPAKA_ALPAKATARGETSYNTAX_H

#include "rewriters/common/TargetSyntax.h"

namespace xfence {

const TargetSyntax &alpakaTargetSyntax();

} // namespace xfence

#endif // XFENCE_REWRITERS_TARGETS_ALPAKA_ALPAKATARGETSYNTAX_H
