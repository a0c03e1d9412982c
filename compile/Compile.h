//===- Compile.h - OpenCL C kernels to PTX, SPIR-V or the CPU ---*- C++ -*-===//
//
// The IR path (docs/compile.md): Clang compiles the kernels to LLVM IR for
// NVPTX or SPIR-V; the IR is imported into MLIR's LLVM dialect;
// xfence-raise-llvm turns its synchronization into xfence ops; coalescing
// and legalization for the target run. For PTX the NVVM lowering follows,
// the module is linked with libclc (only what it needs) and LLVM's NVPTX
// back end writes PTX; for SPIR-V the xfence ops become calls of the SPIR-V
// built-ins (convert-xfence-to-llvm-spirv) and LLVM's SPIR-V back end writes
// the binary; for the CPU (CompileCPU.cpp) barriers become calls of a fiber
// runtime, the module is linked with it, the OpenCL C built-ins and the
// generated launch functions, and LLVM's X86 back end writes an object.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_COMPILE_COMPILE_H
#define XFENCE_COMPILE_COMPILE_H

#include "frontends/common/ClangSession.h"
#include "frontends/opencl/OpenCLImporter.h"

#include "llvm/Support/LogicalResult.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace xfence {

struct CompileOptions {
  SourceOptions source;
  /// The GPU: sm_<sm>, PTX ISA <ptx> / 10 (PTX only).
  unsigned sm = 90, ptx = 86;
  bool coalesce = true;
  GlobalFenceScope globalFence = GlobalFenceScope::workgroup;
  /// Where libclc's nvptx64--nvidiacl.bc lies.
  std::string libclcDir = XFENCE_LIBCLC_DIR;
  /// Give the module after raising, coalescing and legalization, with its
  /// locations, instead of PTX, SPIR-V or an object (--emit-mlir).
  bool emitMLIR = false;
  /// Non-empty: the OpenCL C text to compile in place of the file's own
  /// (the OpenCL C translation of a CUDA file, compiled under the CUDA
  /// file's name so that its #includes and messages keep that file's
  /// directory and name).
  std::string sourceText;
  /// CPU only: the file name of the header written with the object (its
  /// include guard and first line).
  std::string headerName = "kernels.h";
};

/// What --to cpu writes: an x86-64 ELF object with the kernels, the launch
/// runtime and one launch function per kernel, and the C header that
/// declares the launch functions. With emitMLIR, `object` holds the module
/// as text and `header` is empty.
struct CPUCompileResult {
  std::string object;
  std::string header;
};

/// Compiles the OpenCL C file `path` to PTX text (or, with emitMLIR, the
/// raised xfence/LLVM-dialect module as text). Clang's diagnostics and the
/// passes' errors go to `diagOS`.
llvm::FailureOr<std::string> compileOpenCLToPTX(llvm::StringRef path,
                                                const CompileOptions &options,
                                                llvm::raw_ostream &diagOS);

/// Compiles the OpenCL C file `path` to a SPIR-V 1.2 binary for the OpenCL
/// environment (or, with emitMLIR, the raised module as text). Clang's
/// diagnostics and the passes' errors go to `diagOS`.
llvm::FailureOr<std::string> compileOpenCLToSPIRV(llvm::StringRef path,
                                                  const CompileOptions &options,
                                                  llvm::raw_ostream &diagOS);

/// Compiles the OpenCL C file `path` to an object for the host CPU
/// (x86-64 Linux) and its header (docs/compile.md, "CPU"). Clang's
/// diagnostics and the passes' errors go to `diagOS`.
llvm::FailureOr<CPUCompileResult>
compileOpenCLToCPU(llvm::StringRef path, const CompileOptions &options,
                   llvm::raw_ostream &diagOS);

} // namespace xfence

#endif // XFENCE_COMPILE_COMPILE_H
