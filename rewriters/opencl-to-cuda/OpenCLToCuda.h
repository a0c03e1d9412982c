//===- OpenCLToCuda.h - translate an OpenCL C file to CUDA ------*- C++ -*-===//
//
// The source-to-source path from OpenCL C to CUDA C++: import, passes, CUDA
// emitter for the synchronization ops, and the rewriter, which also makes
// the non-synchronization parts that the translated kernels need compile
// as CUDA (kernels, address-space qualifiers, work-item functions, types).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_OPENCLTOCUDA_OPENCLTOCUDA_H
#define XFENCE_REWRITERS_OPENCLTOCUDA_OPENCLTOCUDA_H

#include "frontends/common/ClangSession.h"
#include "frontends/opencl/OpenCLImporter.h"
#include "passes/Passes.h"
#include "rewriters/common/TargetSyntax.h"
#include "rewriters/opencl-to-cuda/OpenCLLibrary.h"
#include "rewriters/opencl-to-cuda/SourceRewriter.h"

#include "mlir/IR/BuiltinOps.h"

namespace xfence {

struct TranslateOptions {
  SourceOptions source;
  /// Importer choices (--opencl-global-fence).
  OpenCLImportOptions opencl;
  /// Run the fence-coalescing pass (--xfence-coalesce) before emitting.
  bool coalesce = true;
  /// Write HIP for AMD GPUs (`--to hip`) instead of CUDA.
  bool hip = false;
};

/// Translates the OpenCL C source `contents` of file `path`; diagnostics go
/// to `diagOS` in clang's format. Fails on any error.
mlir::FailureOr<std::string>
translateOpenCLToCuda(llvm::StringRef path, llvm::StringRef contents,
                      const TranslateOptions &options,
                      llvm::raw_ostream &diagOS);

/// The options of the fence coalescing that `xfence translate` (and
/// `xfence report`) run on the imported module before the CUDA (or, with
/// `hip`, HIP) rewrite.
XFenceCoalesceOptions coalesceOptionsFor(bool hip);

/// The CUDA text of the parsed OpenCL source `src`, whose synchronization
/// is given by `module` (imported from it, possibly transformed).
mlir::FailureOr<std::string>
rewriteOpenCLAsCuda(ParsedSource &src, mlir::ModuleOp module, bool hip = false);

/// Adds the edits that make the non-synchronization OpenCL C of the user's
/// files CUDA: kernels and their __local arguments, address-space
/// qualifiers, work-item functions, vector types and expressions, built-in
/// functions (recorded in `lib` for the prelude). Sets `workItemHelpers` if
/// a work-item function with a non-constant dimension needs the helper
/// functions of the prelude; `launchers` gets the host-side launch helper of
/// every kernel (in HIP's host API with `hip`). Fails, with errors at their
/// locations, on constructs without a CUDA form.
mlir::LogicalResult addOpenCLSyntaxEdits(SourceEdits &edits, OpenCLLibrary &lib,
                                         bool &workItemHelpers,
                                         std::string &launchers,
                                         const TargetSyntax &target);

/// The OpenCL C type names, fence flags and memory order and scope
/// enumerations that a translated file defines for C++.
std::string openclTypeNames();

/// The object-like macros of the OpenCL implementation that the user's
/// files name (`M_PI_F`, `FLT_MAX`, `-D` values), defined again for C++.
std::string implementationMacros(ParsedSource &src);

/// Comments out the `#pragma OPENCL ...` lines of the main file.
void commentOutOpenCLPragmas(SourceEdits &edits);

/// Registers `--export-cuda` and `--export-hip` for xfence-translate.
void registerCudaExport();

} // namespace xfence

#endif // XFENCE_REWRITERS_OPENCLTOCUDA_OPENCLTOCUDA_H
