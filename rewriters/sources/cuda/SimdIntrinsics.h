//===- SimdIntrinsics.h - CUDA's SIMD intrinsics in OpenCL C ----*- C++ -*-===//
//
// CUDA's SIMD intrinsics work on the two halfwords or four bytes of an
// unsigned int (`__vadd4`, `__vcmpgts2`, `__vsadu4`, ...) and, from sm_90,
// on an int or two halfwords with three operands (`__vimax3_s32`,
// `__viaddmax_s16x2_relu`, `__vibmax_u32`, ...); `__dp4a` and `__dp2a_*`
// are dot products of bytes and halfwords. OpenCL C has the same
// operations on its vector types (`uchar4`, `short2`): each intrinsic is a
// prelude function `xfence_<name>` over `as_uchar4(a)` and the like
// (docs/cuda-to-opencl.md "SIMD intrinsics").
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_SIMDINTRINSICS_H
#define XFENCE_REWRITERS_SOURCES_CUDA_SIMDINTRINSICS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace xfence {

/// The OpenCL C function (a prelude helper) that computes CUDA's SIMD
/// intrinsic `name`, if it is one xfence writes.
std::optional<std::string> openCLSimdFunction(llvm::StringRef name);

/// The definitions of the SIMD helpers that `text` (the translation after
/// its prelude) calls.
std::string openCLSimdHelpers(llvm::StringRef text);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_SIMDINTRINSICS_H
