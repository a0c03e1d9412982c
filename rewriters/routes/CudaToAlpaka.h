//===- CudaToAlpaka.h - translate a CUDA file to alpaka ---------*- C++ -*-===//
//
// `xfence translate k.cu --to alpaka` (docs/cuda-to-alpaka.md): two routes
// composed, CUDA to OpenCL C 2.0 and OpenCL C to alpaka 3. The detour
// through OpenCL C text stays while the CUDA walker has no TargetSyntax
// (docs/architecture.md says why); the OpenCL C step keeps its atomic
// helpers' order and scope as constants, so that the second step sees
// every synchronization construct as OpenCL C 2.0 spells it.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_ROUTES_CUDATOALPAKA_H
#define XFENCE_REWRITERS_ROUTES_CUDATOALPAKA_H

#include "rewriters/routes/CudaToOpenCL.h"
#include "rewriters/routes/OpenCLToCuda.h"

namespace xfence {

/// Translates the CUDA source `contents` of `path` to alpaka: to OpenCL C
/// with `opencl`, then to alpaka with `alpaka`. The second step's messages
/// are located in the OpenCL C text, named `path` + ".cl"; a note then
/// says how to write that file.
mlir::FailureOr<std::string>
translateCudaToAlpaka(llvm::StringRef path, llvm::StringRef contents,
                      const CudaToOpenCLOptions &opencl,
                      const TranslateOptions &alpaka,
                      llvm::raw_ostream &diagOS);

} // namespace xfence

#endif // XFENCE_REWRITERS_ROUTES_CUDATOALPAKA_H
