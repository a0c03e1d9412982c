//===- HipToCuda.h - translate a HIP file to CUDA ---------------*- C++ -*-===//
//
// `xfence translate k.hip --to cuda` (docs/hip-to-cuda.md): the file is
// parsed as CUDA with a built-in <hip/hip_runtime.h> that spells HIP's
// runtime names as CUDA's; its synchronization (CUDA's spellings, HIP's
// __builtin_amdgcn_fence, __builtin_amdgcn_s_barrier and __hip_atomic_*) is
// imported into the dialect, legalized for `cuda`, coalesced and written
// with the CUDA emitter at each site; the runtime names, the launches
// (hipLaunchKernelGGL) and the HIP headers are renamed.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_ROUTES_HIPTOCUDA_H
#define XFENCE_REWRITERS_ROUTES_HIPTOCUDA_H

#include "rewriters/routes/CudaToHip.h"

namespace xfence {

/// The options of the two directions between CUDA and HIP are the same.
using HipToCudaOptions = CudaToHipOptions;

mlir::FailureOr<std::string> translateHipToCuda(llvm::StringRef path,
                                                llvm::StringRef contents,
                                                const HipToCudaOptions &options,
                                                llvm::raw_ostream &diagOS);

} // namespace xfence

#endif // XFENCE_REWRITERS_ROUTES_HIPTOCUDA_H
