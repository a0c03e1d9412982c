//===- CudaToHipLimits.h - what HIP 5.2 lacks of CUDA -----------*- C++ -*-===//
//
// Part of the CUDA-to-HIP route. HIP's headers declare some of what CUDA's
// declare for the host and the device for the device only, or take fewer
// types: where a CUDA program uses those, its translation does not compile
// with HIP. These are found on the CUDA program's AST (template
// instantiations included, where the types are known) and reported at the
// user's text, instead of surfacing as an internal error of the output
// check. Each rule names the HIP header that lacks it (docs/cuda-to-hip.md,
// "What HIP 5.2 lacks"):
//  * the operators of `__half`, `__half2` (amd_hip_fp16.h: `__device__`
//    only) in host code;
//  * CUDA's math functions beyond the C library (`normcdf`, `erfcinv`,
//    `rnorm3d`, ...; clang's HIP math header declares them for the device)
//    in host code;
//  * a cooperative-groups tile's `shfl`/`shfl_up`/`shfl_down`/`shfl_xor`
//    of a value that is neither an integer nor a floating-point number
//    (HIP's static_asserts it);
//  * hipCUB's warp-transpose BlockLoad/BlockStore over a block that is not
//    a multiple of 64 threads (rocPRIM static_asserts a wavefront
//    multiple).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_ROUTES_CUDATOHIPLIMITS_H
#define XFENCE_REWRITERS_ROUTES_CUDATOHIPLIMITS_H

#include "frontends/common/ClangSession.h"

namespace xfence {

/// True if `d` is declared in the top-level namespace `name` or one
/// nested in it (`cub`, `cooperative_groups` and their inline namespaces).
bool isInNamespace(const clang::Decl *d, llvm::StringRef name);

/// Reports (errors through `src`) the uses of what HIP 5.2 lacks; false if
/// there was one.
bool checkHipLimits(ParsedSource &src);

} // namespace xfence

#endif // XFENCE_REWRITERS_ROUTES_CUDATOHIPLIMITS_H
