//===- CudaToHip.h - translate between CUDA and HIP -------------*- C++ -*-===//
//
// The source-to-source path from CUDA C++ to HIP: the whole file (device
// and host code) is kept, since HIP takes CUDA's kernel language; what
// changes is
//  * every synchronization construct: imported into the dialect (every
//    device function, template instantiations and lambdas included),
//    legalized for `hip` (passes/TargetCapabilities), coalesced, and written
//    in AMD's own scoped forms by the HIP emitter. HIP's __syncthreads()
//    (HIP 5.2: a barrier whose fences may cover local memory only) is used
//    only where CUDA's barrier orders nothing else;
//  * the CUDA runtime API names of the host code (HipNames.h), and the
//    toolkit headers (the prelude includes <hip/hip_runtime.h>);
//  * what has no HIP form is a located error: warp functions of CUDA 9
//    (`__shfl_sync`, `__ballot_sync`, ...; HIP 5.2 has none, and AMD's
//    wavefront has 64 lanes), libcu++ types, runtime names xfence does not
//    know.
// See docs/cuda-to-hip.md.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_ROUTES_CUDATOHIP_H
#define XFENCE_REWRITERS_ROUTES_CUDATOHIP_H

#include "frontends/cuda/CudaSource.h"
#include "passes/TargetCapabilities.h"
#include "rewriters/common/RouteDriver.h"
#include "rewriters/common/SourceEdits.h"
#include "rewriters/sources/cuda/CudaSiteRewriter.h"

#include "mlir/Support/LLVM.h"

#include <memory>

namespace xfence {

struct CudaToHipOptions {
  CudaSourceOptions source;
  bool coalesce = true;
};

/// Translates the CUDA source `contents` of `path` to HIP; diagnostics go
/// to `diagOS` clang-style. Fails on any error.
mlir::FailureOr<std::string> translateCudaToHip(llvm::StringRef path,
                                                llvm::StringRef contents,
                                                const CudaToHipOptions &options,
                                                llvm::raw_ostream &diagOS);

/// The other direction, with the same options: `xfence translate k.hip --to
/// cuda` (docs/hip-to-cuda.md, rewriters/routes/HipToCuda.cpp). The file is
/// parsed as CUDA with a built-in <hip/hip_runtime.h> that spells HIP's
/// runtime names as CUDA's; its synchronization (CUDA's spellings, HIP's
/// __builtin_amdgcn_fence, __builtin_amdgcn_s_barrier and __hip_atomic_*)
/// is imported into the dialect, legalized for `cuda`, coalesced and
/// written with the CUDA emitter at each site; the runtime names, the
/// launches (hipLaunchKernelGGL) and the HIP headers are renamed.
mlir::FailureOr<std::string> translateHipToCuda(llvm::StringRef path,
                                                llvm::StringRef contents,
                                                const CudaToHipOptions &options,
                                                llvm::raw_ostream &diagOS);

/// What the routes between CUDA's language and HIP's share, up to the text
/// that is the target's own: the file parsed as `source` says, the
/// synchronization of every function imported, `prepare` run on the module
/// (may be null), the module legalized for `caps` (and coalesced), and every
/// site (template instantiations included) rewritten by `target`. The sync
/// sites' errors and the pipeline's are all reported (ok false) before the
/// route adds its own; fails only where nothing could be parsed or imported.
struct CudaLanguageSync {
  ImportedSource imports;
  std::unique_ptr<SourceEdits> edits;
  std::vector<CudaSyncSite> sites;
  bool ok = true;
};
mlir::FailureOr<CudaLanguageSync>
rewriteCudaLanguageSync(llvm::StringRef path, llvm::StringRef contents,
                        const CudaSourceOptions &source,
                        const TargetCapabilities &caps, bool coalesce,
                        CudaSiteTarget target, llvm::raw_ostream &diagOS,
                        llvm::function_ref<void(mlir::ModuleOp)> prepare = {});

} // namespace xfence

#endif // XFENCE_REWRITERS_ROUTES_CUDATOHIP_H
