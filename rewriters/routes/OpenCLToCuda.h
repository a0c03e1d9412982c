//===- OpenCLToCuda.h - translate an OpenCL C file to CUDA ------*- C++ -*-===//
//
// The source-to-source path from OpenCL C to CUDA C++: import, passes, CUDA
// emitter for the synchronization ops, and the rewriter, which also makes
// the non-synchronization parts that the translated kernels need compile
// as CUDA (kernels, address-space qualifiers, work-item functions, types).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_ROUTES_OPENCLTOCUDA_H
#define XFENCE_REWRITERS_ROUTES_OPENCLTOCUDA_H

#include "frontends/common/ClangSession.h"
#include "frontends/opencl/OpenCLImporter.h"
#include "passes/Passes.h"
#include "rewriters/common/RouteDriver.h"
#include "rewriters/sources/opencl/OpenCLSiteRewriter.h"
#include "rewriters/sources/opencl/OpenCLSyntax.h"

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
/// Parses the OpenCL C `contents` of `path` and imports its
/// synchronization: the first steps of every route from OpenCL C.
mlir::FailureOr<ImportedSource>
importOpenCLSource(llvm::StringRef path, llvm::StringRef contents,
                   const TranslateOptions &options, llvm::raw_ostream &diagOS);

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

/// Registers `--export-cuda` and `--export-hip` for xfence-translate.
void registerCudaExport();

} // namespace xfence

#endif // XFENCE_REWRITERS_ROUTES_OPENCLTOCUDA_H
