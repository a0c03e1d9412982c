//===- OpenCLToAlpaka.h - translate an OpenCL C file to alpaka --*- C++ -*-===//
//
// The source-to-source path from OpenCL C to alpaka 3
// (docs/opencl-to-alpaka.md): every kernel becomes a kernel functor whose block
// is one work-group; the work-items of the group are a loop between two
// barriers (alpaka's CPU executors run blocks of one thread), and the variables
// that a work-item keeps across a barrier live in the block's shared memory,
// one element per work-item. The synchronization ops are imported, coalesced
// and written by the alpaka emitter; the rest of the OpenCL C is rewritten as
// for CUDA (types, vectors, built-ins), with ALPAKA_FN_ACC functions.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_ROUTES_OPENCLTOALPAKA_H
#define XFENCE_REWRITERS_ROUTES_OPENCLTOALPAKA_H

#include "rewriters/routes/CudaToOpenCL.h"
#include "rewriters/routes/OpenCLToCuda.h"

namespace xfence {

/// Where the OpenCL C that is translated to alpaka comes from.
enum class AlpakaInput {
  /// The user's OpenCL C: launch helpers take the NDRange's global and
  /// local sizes, as clEnqueueNDRangeKernel does.
  OpenCL,
  /// The OpenCL C translation of a CUDA file (docs/cuda-to-alpaka.md):
  /// launch helpers take CUDA's grid and block.
  Cuda,
};

/// Translates the OpenCL C source `contents` of file `path` to alpaka 3;
/// diagnostics go to `diagOS` in clang's format. Fails on any error.
mlir::FailureOr<std::string>
translateOpenCLToAlpaka(llvm::StringRef path, llvm::StringRef contents,
                        const TranslateOptions &options,
                        llvm::raw_ostream &diagOS, AlpakaInput input);

/// The user's OpenCL C to alpaka.
inline mlir::FailureOr<std::string>
translateOpenCLToAlpaka(llvm::StringRef path, llvm::StringRef contents,
                        const TranslateOptions &options,
                        llvm::raw_ostream &diagOS) {
  return translateOpenCLToAlpaka(path, contents, options, diagOS,
                                 AlpakaInput::OpenCL);
}

/// `xfence translate k.cu --to alpaka` (docs/cuda-to-alpaka.md,
/// rewriters/routes/CudaToAlpaka.cpp): two routes composed, CUDA to OpenCL
/// C 2.0 with `opencl` and OpenCL C to alpaka 3 with `alpaka`. The detour
/// through OpenCL C text stays while the CUDA walker has no TargetSyntax
/// (docs/architecture.md says why); the OpenCL C step keeps its atomic
/// helpers' order and scope as constants, so that the second step sees
/// every synchronization construct as OpenCL C 2.0 spells it. The second
/// step's messages are located in the OpenCL C text, named `path` + ".cl";
/// a note then says how to write that file.
mlir::FailureOr<std::string>
translateCudaToAlpaka(llvm::StringRef path, llvm::StringRef contents,
                      const CudaToOpenCLOptions &opencl,
                      const TranslateOptions &alpaka,
                      llvm::raw_ostream &diagOS);

} // namespace xfence

#endif // XFENCE_REWRITERS_ROUTES_OPENCLTOALPAKA_H
