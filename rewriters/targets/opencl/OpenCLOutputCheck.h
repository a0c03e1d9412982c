//===- OpenCLOutputCheck.h - OpenCL C translations compiled -----*- C++ -*-===//
//
// OpenCL C as a target: the CUDA walker writes its text
// (rewriters/sources/cuda), this says which compiler checks it.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_TARGETS_OPENCL_OPENCLOUTPUTCHECK_H
#define XFENCE_REWRITERS_TARGETS_OPENCL_OPENCLOUTPUTCHECK_H

#include "rewriters/common/OutputCheck.h"

namespace xfence {

/// clang's OpenCL C mode with its default header, in the translation's
/// standard (`clStd`: CL1.2, CL2.0, CL3.0; 2.0 and 3.0 for spir64, which
/// has their optional features), which checks an OpenCL C translation;
/// none without clang.
llvm::Expected<OutputCompiler> openclOutputCompiler(llvm::StringRef clStd);

} // namespace xfence

#endif // XFENCE_REWRITERS_TARGETS_OPENCL_OPENCLOUTPUTCHECK_H
