//===- AlpakaTargetSyntax.cpp - how alpaka 3 spells a kernel --------------===//
//
// alpaka 3's kernels are functors whose block is one work-group; the route
// (docs/opencl-to-alpaka.md) writes them, with their __local memory in the
// block's shared memory and the work-item functions as members of the
// work-item object `xfence_wi` that it puts in scope. Every other function
// is an ALPAKA_FN_ACC one; alpaka has no variable qualifiers of its own.
//
//===----------------------------------------------------------------------===//

#include "rewriters/targets/alpaka/AlpakaTargetSyntax.h"

const xfence::TargetSyntax &xfence::alpakaTargetSyntax() {
  static const TargetSyntax syntax = {"alpaka",
                                      "ALPAKA_FN_ACC ",
                                      /*kernelQualifier=*/"",
                                      /*variableQualifiers=*/{},
                                      /*runtimePrefix=*/"",
                                      /*kernelHandleCast=*/"",
                                      /*workItemObject=*/"xfence_wi"};
  return syntax;
}
