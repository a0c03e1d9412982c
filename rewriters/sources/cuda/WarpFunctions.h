//===- WarpFunctions.h - Warp shuffles and votes ----------------*- C++ -*-===//
//
// Part of the CUDA source side: CUDA's warp shuffles and votes
// (`__shfl_sync`, `__ballot_sync`, `__any_sync`, ..., and their forms
// without a mask) and their OpenCL C forms over a sub-group of 32
// work-items (cl_khr_subgroup_shuffle, cl_khr_subgroup_ballot, the
// sub-group votes), which the sub-group size policy assumes to be a warp.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_WARPFUNCTIONS_H
#define XFENCE_REWRITERS_SOURCES_CUDA_WARPFUNCTIONS_H

#include "frontends/common/ClangSession.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace xfence {

/// One of CUDA's warp shuffles or votes.
struct CudaWarpFunction {
  /// The prelude's macro that the call becomes (same arguments, the width
  /// written out where the call leaves it to its default).
  llvm::StringRef openCL;
  /// The first argument is a lane mask (the `_sync` forms).
  bool hasMask;
  /// The index of the width argument (shuffles), or -1.
  int widthArg;
};

/// The warp shuffle or vote `name` of CUDA, or nothing.
std::optional<CudaWarpFunction> cudaWarpFunction(llvm::StringRef name);

/// Whether device code of the user's calls one of CUDA's warp shuffles or
/// votes (the kernels then ask for sub-groups of 32, as for __syncwarp).
bool usesCudaWarpFunctions(ParsedSource &src);

/// The prelude's definitions of the macros and helpers that `text` (the
/// output after the prelude) calls, with the checks that stop the build
/// where the device lacks the extension they need; "" if it calls none.
std::string openCLWarpHelpers(llvm::StringRef text);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_WARPFUNCTIONS_H
