//===- HipToOpenCL.cpp - translate a HIP file to OpenCL C -----------------===//
//
// Pipeline: parse as CUDA with the built-in <hip/hip_runtime.h> (HIP's
// runtime names as CUDA's) -> refuse wavefront functions -> the CUDA to
// OpenCL C route from the import on: legalize for `opencl1.2` / `opencl2`,
// coalesce, the OpenCL C emitter at each site, the rest of each kernel
// rewritten by the CUDA family's walker. HIP's sync builtins
// (__builtin_amdgcn_fence, __builtin_amdgcn_s_barrier, __hip_atomic_*) are
// imported with AMD's meaning (docs/semantics.md §3.6); host code, HIP's
// runtime API included, is left out as for CUDA.
//
//===----------------------------------------------------------------------===//

#include "rewriters/routes/CudaToOpenCL.h"

#include "rewriters/sources/hip/HipSource.h"

using namespace xfence;

mlir::FailureOr<std::string>
xfence::translateHipToOpenCL(llvm::StringRef path, llvm::StringRef contents,
                             const CudaToOpenCLOptions &options,
                             llvm::raw_ostream &diagOS) {
  CudaToOpenCLOptions hip = options;
  hip.source = hipParseOptions(options.source);
  hip.sourceErrors = [](ParsedSource &src) {
    return reportWavefrontCalls(src, "OpenCL C");
  };
  return translateCudaToOpenCL(path, contents, hip, diagOS);
}
