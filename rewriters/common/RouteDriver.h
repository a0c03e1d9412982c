//===- RouteDriver.h - the steps every route takes alike --------*- C++ -*-===//
//
// A route (rewriters/routes) parses its source, imports the
// synchronization into the dialect, runs the pipeline its target's
// capabilities name (legalization, then coalescing), rewrites the sites
// and the rest of the text, and applies the edits. The steps that are the
// same for every source and target live here: the MLIR side of one run
// (a context whose diagnostics are reported as clang's, located in the
// parsed files) and the pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_COMMON_ROUTEDRIVER_H
#define XFENCE_REWRITERS_COMMON_ROUTEDRIVER_H

#include "frontends/common/ClangSession.h"
#include "passes/Passes.h"
#include "passes/TargetCapabilities.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>
#include <optional>

namespace xfence {

/// One parsed source and the module imported from it, with the context
/// that owns the module; MLIR diagnostics are reported as `src`'s while it
/// lives.
struct ImportedSource {
  std::unique_ptr<ParsedSource> src;
  std::unique_ptr<mlir::MLIRContext> ctx;
  std::unique_ptr<ClangDiagnosticBridge> bridge;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

/// Imports the parsed `src` with `import` into a new single-threaded
/// context. `printOps`: MLIR's own note with the op under a diagnostic.
/// Fails if `src` is null or has errors, or the import fails.
mlir::FailureOr<ImportedSource> importParsed(
    std::unique_ptr<ParsedSource> src,
    llvm::function_ref<mlir::OwningOpRef<mlir::ModuleOp>(ParsedSource &,
                                                         mlir::MLIRContext *)>
        import,
    bool printOps = true);

/// The pipeline that the target's capabilities name: legalization for
/// `caps`, then, with `coalesce`, fence coalescing with those options (not
/// run where legalization failed).
mlir::LogicalResult
runSyncPipeline(mlir::ModuleOp module, const TargetCapabilities &caps,
                std::optional<XFenceCoalesceOptions> coalesce);

/// Fence coalescing alone (a route from OpenCL C, whose importer writes
/// only what every target names, legalizes at the sites).
mlir::LogicalResult runCoalesce(mlir::ModuleOp module,
                                const XFenceCoalesceOptions &options = {});

/// An `--export-*` translation of a module imported from a file (whose
/// path the importer recorded): reads `path` again (an error at `op` if it
/// cannot), parses it with `parse`, and writes `rewrite`'s text of it to
/// `os`. MLIR diagnostics are reported as the parse's while it runs.
mlir::LogicalResult exportImportedFile(
    mlir::Operation *op, llvm::StringRef path, llvm::raw_ostream &os,
    llvm::function_ref<std::unique_ptr<ParsedSource>(llvm::StringRef path,
                                                     llvm::StringRef contents)>
        parse,
    llvm::function_ref<mlir::FailureOr<std::string>(ParsedSource &)> rewrite);

} // namespace xfence

#endif // XFENCE_REWRITERS_COMMON_ROUTEDRIVER_H
