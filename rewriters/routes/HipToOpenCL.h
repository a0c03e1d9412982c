//===- HipToOpenCL.h - translate a HIP file to OpenCL C ---------*- C++ -*-===//
//
// HIP to OpenCL C 1.2, 2.0 or 3.0 (docs/hip-to-opencl.md): the HIP source
// (rewriters/sources/hip: the parse with HIP's names, the wavefront check)
// through the CUDA family's walker and the OpenCL C emitter, as CUDA to
// OpenCL C goes (rewriters/routes/CudaToOpenCL.h).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_ROUTES_HIPTOOPENCL_H
#define XFENCE_REWRITERS_ROUTES_HIPTOOPENCL_H

#include "rewriters/routes/CudaToOpenCL.h"

namespace xfence {

/// Translates the HIP source `contents` of `path` to OpenCL C with the
/// options of the CUDA route (their `source` are the HIP file's -D and -I);
/// diagnostics go to `diagOS` clang-style. Fails on any error.
mlir::FailureOr<std::string>
translateHipToOpenCL(llvm::StringRef path, llvm::StringRef contents,
                     const CudaToOpenCLOptions &options,
                     llvm::raw_ostream &diagOS);

} // namespace xfence

#endif // XFENCE_REWRITERS_ROUTES_HIPTOOPENCL_H
